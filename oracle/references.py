"""The reference classifier of each language, by ringloc's language name: each reads a file's
bytes and answers one verdict per line (blank, code, comment, or None where it cannot judge), or
raises ReferenceError_ when its lexer cannot read the file."""

import json
import os
import subprocess

import ref_clang
import ref_python
import ref_shell
import ref_sql
import ref_treesitter
import ref_yaml
from ref_python import ReferenceError_
from verdicts import verdicts

HERE = os.path.dirname(os.path.abspath(__file__))


class LineServer:
    """One long-lived helper process (node, ruby, php, perl) answering a JSON line per request."""

    def __init__(self, *command):
        self.command = command
        self.process = None

    def ask(self, request):
        if self.process is None:
            self.process = subprocess.Popen(
                list(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE
            )
        self.process.stdin.write(request + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if "error" in reply:
            raise ReferenceError_(reply["error"])
        return reply


BABEL = LineServer("node", os.path.join(HERE, "ref_js.mjs"))
POSTCSS = LineServer("node", os.path.join(HERE, "ref_css.mjs"))
# Built by oracle/run from oracle/ref_go with the system's Go toolchain.
GO_SCANNER = os.path.join(HERE, ".bin", "ref_go")
GO = LineServer(GO_SCANNER)
# Built by oracle/run from oracle/ref_rust (rustc_lexer from crates.io) with cargo.
RUSTC_LEXER = os.path.join(HERE, ".bin", "rust-target", "release", "ref_rust")
RUST = LineServer(RUSTC_LEXER)
SERVERS = {
    "Ruby": LineServer("ruby", os.path.join(HERE, "ref_ruby.rb")),
    "PHP": LineServer("php", os.path.join(HERE, "ref_php.php")),
    "Perl": LineServer("perl", os.path.join(HERE, "ref_perl.pl")),
}


def _text_server(server, name, **options):
    """A reference answering for a source text sent in the request (@babel/parser, PostCSS,
    go/scanner, rustc_lexer),
    so that it also reads Markdown fences."""

    def spans(src, base=0, path=None):
        try:
            text = src.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ReferenceError_(f"not UTF-8: {err}") from None
        try:
            reply = server.ask(json.dumps({"text": text, **options}))
        except ReferenceError_ as err:
            raise ReferenceError_(f"{name}: {err}") from None
        return [(base + s, base + e) for s, e in reply["spans"]], []

    return spans


def _built(binary, server, name):
    """A text server whose program oracle/run builds: refuses every text while it is not built."""
    ask = _text_server(server, name)

    def spans(src, base=0, path=None):
        if not os.access(binary, os.X_OK):
            raise ReferenceError_(f"{name}: {binary} is not built (oracle/run builds it)")
        return ask(src, base)

    return spans


def _shell(src, base=0, path=None):
    return [(base + s, base + e) for s, e in ref_shell.spans(src, path)], []


def _by_path(language):
    """A reference that reads the file itself (Ripper, token_get_all, PPI): not for fences."""

    def spans(src, base=0, path=None):
        if path is None:
            raise ReferenceError_(f"{language} is only judged in files of its own")
        reply = SERVERS[language].ask(path)
        return reply["spans"], reply["unjudged"]

    return spans


def _shifted(spans_of):
    def spans(src, base=0, path=None):
        return [(base + s, base + e) for s, e in spans_of(src)], []

    return spans


def _clang(language):
    def spans(src, base=0, path=None):
        return [(base + s, base + e) for s, e in ref_clang.spans(language, src)], []

    return spans


def _tree_sitter(language):
    def spans(src, base=0, path=None):
        return ref_treesitter.comment_spans(language, src, base)

    return spans


SPANS = {
    "Python": _shifted(ref_python.spans),
    "YAML": _shifted(ref_yaml.spans),
    "SQL": _shifted(ref_sql.spans),
    "JavaScript": _text_server(BABEL, "babel", typescript=False, jsx=True),
    "TypeScript": _text_server(BABEL, "babel", typescript=True, jsx=False),
    "TSX": _text_server(BABEL, "babel", typescript=True, jsx=True),
    "CSS": _text_server(POSTCSS, "postcss", scss=False),
    "SCSS": _text_server(POSTCSS, "postcss-scss", scss=True),
    "Go": _built(GO_SCANNER, GO, "go/scanner"),
    "Rust": _built(RUSTC_LEXER, RUST, "rustc_lexer"),
    "Shell": _shell,
    "Ruby": _by_path("Ruby"),
    "PHP": _by_path("PHP"),
    "Perl": _by_path("Perl"),
}
for _language in ref_clang.DIALECTS:
    SPANS[_language] = _clang(_language)
for _language in ref_treesitter.GRAMMARS:
    SPANS.setdefault(_language, _tree_sitter(_language))

# What each reference is built on, for the report.
BUILT_ON = {
    "Python": "CPython tokenize",
    "YAML": "PyYAML scanner",
    "JavaScript": "@babel/parser",
    "TypeScript": "@babel/parser (typescript)",
    "TSX": "@babel/parser (typescript, jsx)",
    "SQL": "PostgreSQL scanner (pglast)",
    "Ruby": "Ripper",
    "PHP": "token_get_all",
    "Perl": "PPI",
    "CSS": "PostCSS",
    "SCSS": "postcss-scss",
    "Go": "go/scanner",
    "Rust": "rustc_lexer",
    "Shell": "shfmt --to-json",
    "C": "clang's lexer (libclang)",
    "C Header": "clang's lexer (libclang)",
    "C++": "clang's lexer (libclang)",
    "C++ Header": "clang's lexer (libclang)",
}


def built_on(language):
    if language in BUILT_ON:
        return BUILT_ON[language]
    return f"tree-sitter ({ref_treesitter.GRAMMARS[language][0]})"


def fence_reference(word):
    """The span finder for a Markdown fence whose info string starts with `word`; KeyError when no
    reference here reads that language. A fence with no info string is plain text: code."""
    if word == "":
        return lambda src, base=0: ([], [])
    extra = {"python": "Python", "py": "Python", "yaml": "YAML", "yml": "YAML"}
    return SPANS[extra.get(word) or ref_treesitter.FENCE_LANGS[word]]


def classify(language, src, path):
    found, unjudged = SPANS[language](src, path=path)
    return verdicts(src, found, unjudged)
