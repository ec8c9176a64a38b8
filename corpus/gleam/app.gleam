// ringloc-expect: lines=5 code=3 comments=2 blanks=0
// Traps: a string over lines holding //.
let s = "a
// in the string"
io.println(s)
