// ringloc-expect: lines=6 code=3 comments=3 blanks=0
// Traps: a GString hole holding a quote, a triple-single-quoted string over lines.
def s = "${m["k"]} // in the string"
def t = '''
/* text */'''
/* a comment */
