// ringloc-expect: lines=7 code=3 comments=4 blanks=0
// Traps: interpolation holding a quote, nested block comments, a triple-quoted string.
var s = 'a ${m['k']} b'; // comment after code
/* outer /* inner */
   still outer */
var t = """/* not
a comment */""";
