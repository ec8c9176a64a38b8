# ringloc-expect: lines=7 code=5 comments=2 blanks=0
# Traps: an indented string '' '' over lines holding #, a block comment after code.
{
  text = ''
    # not a comment
  '';
} /* after code */
