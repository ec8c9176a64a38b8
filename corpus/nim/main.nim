# ringloc-expect: lines=7 code=2 comments=5 blanks=0
# Traps: nested #[ ]# comments, a triple-quoted string with #.
#[ outer #[ inner ]#
   still outer ]#
let s = """# not a comment"""
echo s # a comment
## a doc comment
