// ringloc-expect: lines=22 code=11 comments=5 blanks=6
// Traps: a raw string in backticks spanning lines with comment markers, a blank line and a
// backslash right before its end; a rune holding a double quote; escaped quotes; code after
// a block comment closes.
package main

import "fmt"

const raw = `first /* not a comment
// still raw

C:\`

var r = '"' // a rune, not a string opener
var s = "a \"quoted\" // word"

/* block
   comment */ var x = 1

func main() {
	fmt.Println(raw, r, s, x) /* trailing */
}
