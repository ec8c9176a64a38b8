"""References built on tree-sitter grammars (the `tree-sitter` Python bindings and the grammar
packages on PyPI), for languages without a lexer of their own reachable from here. A comment is a
node whose type names a comment (`comment`, `line_comment`, `block_comment`, SQL's `marginalia`);
strings are nodes like any other code. A file the grammar cannot parse without an ERROR or
MISSING node is refused: the grammar then says nothing sure about where its comments lie.

Pages hold other languages: HTML's `<script>` and `<style>` (and Vue's blocks) are read again
by the reference of the language their `type`/`lang` names (@babel/parser, PostCSS), Markdown's fences with the grammar or lexer their
info string names; a fence in a language no reference here reads is left unjudged."""

import importlib
import re

import tree_sitter

from ref_python import ReferenceError_
from verdicts import verdicts

# Language (ringloc's name) -> (grammar module, function returning its language).
GRAMMARS = {
    "C#": ("tree_sitter_c_sharp", "language"),
    "HTML": ("tree_sitter_html", "language"),
    "Java": ("tree_sitter_java", "language"),
    "Kotlin": ("tree_sitter_kotlin", "language"),
    "Lua": ("tree_sitter_lua", "language"),
    "Makefile": ("tree_sitter_make", "language"),
    "Markdown": ("tree_sitter_markdown", "language"),
    "Swift": ("tree_sitter_swift", "language"),
    "TOML": ("tree_sitter_toml", "language"),
    "Vue": ("tree_sitter_html", "language"),
}

_COMMENT_TYPES = re.compile(r"comment|^marginalia$")
_PARSERS = {}


def parser(language):
    if language not in _PARSERS:
        module, function = GRAMMARS[language]
        grammar = tree_sitter.Language(getattr(importlib.import_module(module), function)())
        _PARSERS[language] = tree_sitter.Parser(grammar)
    return _PARSERS[language]


def _parse(language, src):
    tree = parser(language).parse(src)
    if tree.root_node.has_error:
        raise ReferenceError_(f"tree-sitter {language}: parse error near line {_first_error(tree.root_node)}")
    return tree


def _first_error(node):
    cursor = [node]
    while cursor:
        n = cursor.pop()
        if n.is_error or n.is_missing:
            return n.start_point[0] + 1
        cursor.extend(reversed([c for c in n.children if c.has_error or c.is_error or c.is_missing]))
    return "?"


def _walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def comment_spans(language, src, base=0):
    """[start, end) spans of comments in `src` (offsets plus `base`), and unjudged spans."""
    if language in ("HTML", "Vue"):
        return _page_spans(language, src, base)
    if language == "Markdown":
        return _markdown_spans(src, base)
    found = []
    stack = [_parse(language, src).root_node]
    while stack:
        n = stack.pop()
        if _COMMENT_TYPES.search(n.type):
            found.append((base + n.start_byte, base + n.end_byte))
        else:
            stack.extend(n.children)
    return found, []


def _attribute(start_tag, src, name):
    for attr in start_tag.children:
        if attr.type != "attribute":
            continue
        key = next((c for c in attr.children if c.type == "attribute_name"), None)
        value = next((c for c in _walk(attr) if c.type == "attribute_value"), None)
        if key is not None and src[key.start_byte : key.end_byte].lower() == name and value is not None:
            return src[value.start_byte : value.end_byte].decode("utf-8", "replace").lower()
    return None


_SCRIPT_LANGS = {
    None: "JavaScript",
    "text/javascript": "JavaScript",
    "application/javascript": "JavaScript",
    "module": "JavaScript",
    "js": "JavaScript",
    "ts": "TypeScript",
    "typescript": "TypeScript",
    "tsx": "TSX",
}
_STYLE_LANGS = {None: "CSS", "text/css": "CSS", "css": "CSS", "scss": "SCSS"}


def _page_spans(language, src, base):
    from references import SPANS

    found, unjudged = [], []
    for n in _walk(_parse(language, src).root_node):
        if n.type == "comment":
            found.append((base + n.start_byte, base + n.end_byte))
        elif n.type in ("script_element", "style_element"):
            tag = next((c for c in n.children if c.type == "start_tag"), None)
            raw = next((c for c in n.children if c.type == "raw_text"), None)
            if tag is None or raw is None:
                continue
            table = _SCRIPT_LANGS if n.type == "script_element" else _STYLE_LANGS
            kind = _attribute(tag, src, b"lang") or _attribute(tag, src, b"type")
            inner = table.get(kind)
            if inner is None:
                unjudged.append((base + raw.start_byte, base + raw.end_byte))
                continue
            spans, skipped = SPANS[inner](src[raw.start_byte : raw.end_byte], base + raw.start_byte)
            found += spans
            unjudged += skipped
    return found, unjudged


# A fence's info string (first word, lower case) -> the reference that reads it.
FENCE_LANGS = {
    "c": "C",
    "cpp": "C++",
    "c++": "C++",
    "css": "CSS",
    "go": "Go",
    "html": "HTML",
    "java": "Java",
    "js": "JavaScript",
    "javascript": "JavaScript",
    "jsx": "JavaScript",
    "kotlin": "Kotlin",
    "lua": "Lua",
    "rust": "Rust",
    "rs": "Rust",
    "scss": "SCSS",
    "sh": "Shell",
    "bash": "Shell",
    "shell": "Shell",
    "swift": "Swift",
    "toml": "TOML",
    "ts": "TypeScript",
    "typescript": "TypeScript",
    "tsx": "TSX",
}
_HTML_COMMENT = re.compile(rb"<!--.*?(-->|\Z)", re.S)


def _markdown_spans(src, base):
    from references import fence_reference

    found, unjudged = [], []
    tree = parser("Markdown").parse(src)
    for n in _walk(tree.root_node):
        if n.type == "html_block":
            for m in _HTML_COMMENT.finditer(src, n.start_byte, n.end_byte):
                found.append((base + m.start(), base + m.end()))
        elif n.type == "fenced_code_block":
            info = next((c for c in _walk(n) if c.type == "info_string"), None)
            body = next((c for c in n.children if c.type == "code_fence_content"), None)
            if body is None or info is None:
                continue
            word = src[info.start_byte : info.end_byte].decode("utf-8", "replace").split()
            word = word[0].lower().strip("{}.") if word else ""
            text = src[body.start_byte : body.end_byte]
            try:
                spans, skipped = fence_reference(word)(text, base + body.start_byte)
            except (KeyError, ReferenceError_):
                unjudged.append((base + body.start_byte, base + body.end_byte))
                continue
            found += spans
            unjudged += skipped
    return found, unjudged


def classifier(language):
    def classify(src):
        found, unjudged = comment_spans(language, src)
        return verdicts(src, found, unjudged)

    return classify
