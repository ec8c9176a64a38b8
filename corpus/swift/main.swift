// ringloc-expect: lines=8 code=3 comments=5 blanks=0
// Traps: nested block comments, a raw string with #, interpolation holding a quote.
/* outer
   /* inner */
   still outer */
let raw = #"a "quote" and /* text"#
let s = "\(d["k"]!) // in the string"
print(s)
