// ringloc-expect: lines=16 code=10 comments=4 blanks=2
// Traps: a header guard, a multi-line macro whose continuation lines hold comments (the
// trailing backslash makes such a line code), /* /* */ (C does not nest), no final newline.
#ifndef TRICKY_H
#define TRICKY_H

/* outer /* not nested in C */ int after_first_close;
#define SWAP(a, b) do { \
	/* comment inside a macro */ \
	typeof(a) _t = (a); (a) = (b); (b) = _t; \
} while (0)
	/* a tab-indented comment */

extern const char *path_sep; /* "/" */
#define STR "/* not a comment */"
#endif /* TRICKY_H */