// ringloc-expect: lines=8 code=5 comments=3 blanks=0
// Traps: a raw string over lines holding a comment opener, a template holding a quote, nested comments.
val raw = """
  /* not a comment
"""
val s = "${map["k"]} // in the string"
/* outer /* inner */ still a comment */
fun main() {}
