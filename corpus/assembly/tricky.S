/* ringloc-expect: lines=19 code=10 comments=7 blanks=2
 * Traps: C preprocessor lines starting with '#' are code, both C comment styles,
 * comment markers and an escaped quote inside a .ascii string, GAS char constants ('a)
 * with no closing quote, '#' immediates, and a block comment followed by an instruction.
 */
#include <linux/linkage.h>
#define FOO 1 /* comment after a directive */

	.section .rodata
msg:	.ascii "a // b /* c \" d\n"
	.byte 'a, 'b        // GAS char constants have no closing quote
	.text
ENTRY(tricky)
	mov	x0, #1		// arm64: '#' marks an immediate, not a comment
	/* a block
	   spanning lines */	ret
SYM_FUNC_END(tricky)
	// indented line comment

