// ringloc-expect: lines=9 code=5 comments=4 blanks=0
// Traps: a .h that is C++ (a namespace at a line's head); a raw string holding a comment opener.
#pragma once
namespace ui {
/* a block
   comment */
const char *s = R"(/* not a comment )";
class Widget {};
}
