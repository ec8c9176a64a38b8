"""Shell's reference: shfmt's parser (mvdan/sh), through `shfmt --to-json`. Its syntax tree keeps
every comment as a node with its byte offsets (`Comments` of statements and case items, `Last` of
files and blocks); heredoc bodies and multi-line strings are words of the tree, never comments.
The dialect is shfmt's own choice (`-ln auto`, from the file's name and shebang); a file it cannot
parse is refused."""

import json
import subprocess

from ref_python import ReferenceError_


def _comments(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if "Hash" in n:  # a Comment, the only node with a Hash (its Text is left out when empty)
                yield n["Pos"]["Offset"], n["End"]["Offset"]
            else:
                stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)


def spans(src, path=None):
    command = ["shfmt", "--to-json", "-ln", "auto"]
    if path is not None:
        command += ["--filename", path]
    try:
        done = subprocess.run(command, input=src, capture_output=True, check=False)
    except FileNotFoundError:
        raise ReferenceError_("shfmt is not installed (oracle/run installs it)") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ReferenceError_(f"shfmt: {message[0] if message else f'exit {done.returncode}'}")
    return sorted(_comments(json.loads(done.stdout)))
