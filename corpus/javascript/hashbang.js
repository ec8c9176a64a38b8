#!/usr/bin/env -S node --title='a /* b'
// ringloc-expect: lines=6 code=2 comments=3 blanks=1
// Traps: the `#!` first line is ECMAScript's HashbangComment, a comment; its quote and `/*` open nothing.

'use strict';
console.log('#!/not/a/hashbang');
