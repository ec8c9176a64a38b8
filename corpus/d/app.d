// ringloc-expect: lines=7 code=3 comments=4 blanks=0
// Traps: /+ +/ and /* */ comments; a WYSIWYG string ending in a backslash.
/+ a /+ nested? +/
string s = `C:\dir\`; // a comment
/* block */
auto r = r"\";
void main() {}
