#!/usr/bin/env -S deno run --allow-read
// ringloc-expect: lines=5 code=2 comments=3 blanks=0
// Traps: a `#!` first line is a comment (ECMAScript's HashbangComment) in TypeScript too.
const path: string = Deno.args[0];
console.log(path);
