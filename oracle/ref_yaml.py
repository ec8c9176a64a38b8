"""YAML's reference: PyYAML's scanner. It skips comments without making tokens of them, so a
comment is a `#` that starts a line or follows whitespace, outside every token the scanner made
(scalars of every style, block scalars `|`/`>` included, whose lines are string content), up to
the end of its line."""

import yaml

from ref_python import ReferenceError_
from verdicts import char_to_byte, verdicts


def _token_spans(text):
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            yield token.start_mark.index, token.end_mark.index
    except yaml.YAMLError as err:
        raise ReferenceError_(f"yaml: {str(err).splitlines()[0]}") from None


def spans(src):
    try:
        text = src.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReferenceError_(f"not UTF-8: {err}") from None
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    covered = bytearray(len(text) + 1)
    for start, end in _token_spans(text):
        covered[start:end] = b"\1" * (end - start)
    to_byte = char_to_byte(text)
    found = []
    pos = text.find("#")
    while pos != -1:
        if not covered[pos] and (pos == 0 or text[pos - 1] in " \t\r\n"):
            end = text.find("\n", pos)
            end = len(text) if end == -1 else end
            found.append((to_byte(pos), to_byte(end)))
            pos = text.find("#", end)
        else:
            pos = text.find("#", pos + 1)
    return found


def classify(src):
    return verdicts(src, spans(src))
