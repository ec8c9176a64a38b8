// ringloc-expect: lines=20 code=9 comments=9 blanks=2
// Traps: a raw string R"(...)" spanning lines with quotes, comment markers, a blank line and
// a trailing backslash; digit separators (1'000'000); a string ending in an escaped
// backslash; a // comment holding */ that must not close anything.
#include <string>

const char *raw = R"(line one "quoted" /* not a comment
// still the raw string, a backslash at the end \

)";
int big = 1'000'000; // separators pair up as one-line "strings"
/* block */ /* two blocks */ // and a line comment
std::string s = "C:\\dir\\"; std::string t = "/*"; // end
/*
 * A doc comment with a "quote that never closes
 */
int f() { return '/' + '*'; } // chars, not a comment opener
template <typename T> T id(T v) { return v; } /* trailing
*/
int main() { return f() + big + id(0) + !!raw + (int)s.size() + (int)t.size(); }
