#!/usr/bin/env run-cargo-script
// ringloc-expect: lines=6 code=3 comments=3 blanks=0
// Traps: rustc strips a `#!` first line (a comment) unless `[` follows it: later, `#![` is code.
#![allow(dead_code)]
fn main() {
}
