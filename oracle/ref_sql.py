"""SQL's reference: PostgreSQL's own scanner (scan.l, through libpg_query and pglast). Comments are
its SQL_COMMENT (`--`) and C_COMMENT (`/* */`, which nest in PostgreSQL) tokens; every string
form, dollar-quoted function bodies included, is a string, so code."""

from pglast import parser

from ref_python import ReferenceError_
from verdicts import char_to_byte

_COMMENTS = {"SQL_COMMENT", "C_COMMENT"}


def spans(src):
    try:
        text = src.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReferenceError_(f"not UTF-8: {err}") from None
    try:
        tokens = parser.scan(text)
    except Exception as err:  # pglast raises its own ParseError, and others on odd input
        raise ReferenceError_(f"pglast scan: {str(err).splitlines()[0] if str(err) else err!r}") from None
    to_byte = char_to_byte(text)
    # Token ends are inclusive.
    return [(to_byte(t.start), to_byte(t.end + 1)) for t in tokens if t.name in _COMMENTS]
