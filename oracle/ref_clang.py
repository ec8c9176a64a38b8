"""C and C++'s reference: clang's own lexer, through libclang (the `libclang` wheel bundles it).
A translation unit is made only to reach the lexer: `clang_tokenize` lexes the file's bytes raw,
comments kept, so macros, missing headers and `#if 0` blocks change nothing and no file is
refused (tree-sitter refuses a third of the C headers, for their macros)."""

import clang.cindex as cindex

# ringloc's language -> (the name the lexer is told, the compiler arguments that pick its dialect).
DIALECTS = {
    "C": ("ref.c", ["-x", "c", "-std=gnu17"]),
    "C Header": ("ref.h", ["-x", "c", "-std=gnu17"]),
    "C++": ("ref.cpp", ["-x", "c++", "-std=gnu++20"]),
    "C++ Header": ("ref.hpp", ["-x", "c++", "-std=gnu++20"]),
}
_INDEX = []


def spans(language, src):
    """[start, end) byte spans of the comments in `src`, lexed as `language` (a key of DIALECTS)."""
    if not _INDEX:
        _INDEX.append(cindex.Index.create())
    name, args = DIALECTS[language]
    tu = _INDEX[0].parse(
        name,
        args=args,
        unsaved_files=[(name, src)],
        options=cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES,
    )
    extent = tu.get_extent(name, (0, len(src)))
    return [
        (token.extent.start.offset, token.extent.end.offset)
        for token in tu.get_tokens(extent=extent)
        if token.kind == cindex.TokenKind.COMMENT
    ]
