// ringloc-expect: lines=12 code=8 comments=4 blanks=0
// Traps: /+ +/ nests and /* */ does not; a `/*` inside /+ +/; a WYSIWYG string ending in a backslash.
/+ a /+ nested +/ still /* the outer comment +/
string s = `C:\dir\`; // a comment
/* block /+ */
auto r = r"\";
void main() {}
void f() {
    auto x = 5; /+ a /+ nested +/ comment /* +/
    writefln("hello");
    auto y = 4; // */
}
