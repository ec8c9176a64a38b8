// ringloc-expect: lines=6 code=4 comments=2 blanks=0
// Traps: a multiline string line holding //, a char literal holding a quote.
const s =
    \\ // not a comment: a string line
;
const q = '"'; // after code
