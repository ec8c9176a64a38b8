#![allow(dead_code)]
// ringloc-expect: lines=4 code=2 comments=2 blanks=0
// Traps: a first line `#![...]` is an inner attribute, code, not a hashbang.
fn main() {}
