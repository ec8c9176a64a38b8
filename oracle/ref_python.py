"""Python's reference: CPython's own `tokenize`. Comments are COMMENT tokens; a doc string is a
triple-quoted STRING token with only whitespace before it on its line (ringloc's lexical rule,
README "Counting rules"), with no prefix or an `r`/`u` prefix (PEP 257's `r\"\"\"`); `b` and `f`
strings are never doc strings in Python, so they stay code."""

import io
import tokenize

from verdicts import char_to_byte, verdicts

_DOC_PREFIXES = {"", "r", "u"}


class ReferenceError_(Exception):
    """The reference could not read the file; it says nothing about it."""


def _doc_string(token, lines):
    text = token.string
    quote = next((i for i, ch in enumerate(text) if ch in "\"'"), None)
    if quote is None or text[quote : quote + 3] not in ('"""', "'''"):
        return False
    if text[:quote].lower() not in _DOC_PREFIXES:
        return False
    row, col = token.start
    return lines[row - 1][:col].strip(" \t\x0c") == ""


def spans(src):
    try:
        text = src.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReferenceError_(f"not UTF-8: {err}") from None
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    starts, total = [], 0
    for line in lines:
        starts.append(total)
        total += len(line.encode("utf-8", "surrogatepass"))
    to_byte = {}

    def offset(row, col):
        if row - 1 >= len(lines):
            return len(src)
        key = row - 1
        if key not in to_byte:
            to_byte[key] = char_to_byte(lines[key])
        return starts[key] + to_byte[key](col)

    found = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and _doc_string(tok, lines)):
                found.append((offset(*tok.start), offset(*tok.end)))
    except (tokenize.TokenError, SyntaxError, IndentationError) as err:
        raise ReferenceError_(f"tokenize: {err}") from None
    return found


def classify(src):
    return verdicts(src, spans(src))
