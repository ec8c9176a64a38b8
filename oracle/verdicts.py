"""Turns a reference lexer's comment spans into one verdict per physical line, under ringloc's
dialect (.linejudge/dialects/ringloc/default.toml): a line of whitespace only is blank, a line with
any non-whitespace byte outside every comment and doc string is code (string contents are code),
any other line is a comment line. References only have to find where comments and doc strings lie.
"""

import bisect

# ringloc's whitespace (src/count/markers.rs): space, tab, CR, VT, FF; and the newline itself.
_WHITESPACE = b" \t\r\x0b\x0c\n"
_CODE = bytes(0 if b in _WHITESPACE else 1 for b in range(256))
_COMMENT = bytes(0 if b in _WHITESPACE else 2 for b in range(256))

BLANK, CODE, COMMENT = "blanks", "code", "comments"


def line_starts(src):
    """Byte offset of each physical line's start; lines are ringloc's (`\\n`-ended, last one
    counted only when it has bytes)."""
    starts = [0]
    find = src.find
    pos = find(b"\n")
    while pos != -1:
        starts.append(pos + 1)
        pos = find(b"\n", pos + 1)
    if starts[-1] == len(src):
        starts.pop()
    return starts


def verdicts(src, comment_spans, unjudged_spans=()):
    """One of BLANK/CODE/COMMENT per line (None for a line touching an unjudged span: a stretch
    the reference cannot speak for, such as a fence in a language it has no lexer for).
    `comment_spans` are [start, end) byte ranges of comments and doc strings."""
    state = bytearray(src.translate(_CODE))
    if src.startswith(b"\xef\xbb\xbf"):
        state[0:3] = b"\0\0\0"
    for start, end in comment_spans:
        if end > start:
            state[start:end] = src[start:end].translate(_COMMENT)
    state = bytes(state)
    starts = line_starts(src)
    ends = starts[1:] + [len(src)]
    out = []
    for start, end in zip(starts, ends):
        line = state[start:end]
        if 1 in line:
            out.append(CODE)
        elif 2 in line:
            out.append(COMMENT)
        else:
            out.append(BLANK)
    for start, end in unjudged_spans:
        first = _line_of(starts, start)
        last = _line_of(starts, max(start, end - 1))
        for i in range(first, last + 1):
            out[i] = None
    return out


def _line_of(starts, offset):
    return max(0, bisect.bisect_right(starts, offset) - 1)


def char_to_byte(text):
    """A function from character index to byte offset in `text`'s UTF-8 encoding."""
    if text.isascii():
        return lambda i: i
    offsets = [0]
    total = 0
    for ch in text:
        total += len(ch.encode("utf-8", "surrogatepass"))
        offsets.append(total)
    return offsets.__getitem__
