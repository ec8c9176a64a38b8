# ringloc-expect: lines=6 code=3 comments=3 blanks=0
// Traps: #, // and /* */ comments; a string holding //.
resource "x" "y" {
  url = "http://example.com" /* after code */
}
/* only a comment */
