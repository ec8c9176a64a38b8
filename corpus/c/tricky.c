/* ringloc-expect: lines=21 code=10 comments=9 blanks=2
 * Traps: comment markers in strings and chars, an escaped quote and an escaped backslash
 * before a closing quote, code after a block comment closes, a block comment opening after
 * code, a blank line inside a block comment, an empty block comment, and CRLF line ends.
 */
#include <stdio.h>

static const char *url = "http://example.com/*not a comment*/";
static const char q = '"';   /* a quote char must not open a string */
static const char *esc = "a \"quoted\" // word";
static const char *bs = "ends in a backslash \\"; // real comment
int x = 1; /* starts after code
    still a comment

    closes here */ int y = 2;
/* only a comment */ 
/* closes, then code */ int z = 3;
   // indented line comment
char c = '\''; char d = '\\'; /* both chars close */
/**/
int main(void) { return x + y + z + c + d + q + !!url + !!esc + !!bs; }
