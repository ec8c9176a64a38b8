// ringloc-expect: lines=9 code=5 comments=4 blanks=0
// Traps: a verbatim string over lines with doubled quotes, an interpolated string holding a quote.
var path = @"C:\dir\""name""
// inside the verbatim string
";
var row = $"{(ok ? "yes" : "no")} /* in */";
/* a block
   comment */
Console.WriteLine(path);
