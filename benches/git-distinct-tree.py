#!/usr/bin/env python3
"""The baseline of `ringloc history`'s target: a tree that holds every distinct blob of a range
once, so that `ringloc --rev TREE REPO` counts each blob the history counts, once, and nothing
else. Prints the tree's id (its objects are written loose into REPO; no ref or index is touched).

Usage: python3 benches/git-distinct-tree.py REPO [RANGE]   (RANGE: `git rev-list` arguments, HEAD)

Layout: `v0/` is the range's newest tree, whole (its ignore files select what the history selects
there); each other version of a path, oldest first, goes under `v1/`, `v2/`, ... at the same path,
with the newest tree's ignore files of that path's directories beside it, so it is selected as the
history selects it. Commits are followed along first parents, as `history` follows them.
"""
import collections
import os
import subprocess
import sys
import tempfile

IGNORE_FILES = (".gitignore", ".ignore", ".rgignore")


def git(repo, *args, stdin=None, env=None):
    done = subprocess.run(
        ["git", "-C", repo, *args], input=stdin, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def blobs_of(repo, rev):
    """(path, (mode, blob)) of every blob and symlink of rev's tree; submodules are left out."""
    out = {}
    for line in git(repo, "ls-tree", "-r", "-z", "--full-tree", rev).split("\0"):
        if not line:
            continue
        meta, path = line.split("\t", 1)
        mode, kind, blob = meta.split()
        if kind == "blob":
            out[path] = (mode, blob)
    return out


def main():
    repo = sys.argv[1]
    rng = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commits = git(repo, "rev-list", "--first-parent", *rng.split()).split()
    newest = blobs_of(repo, commits[0])
    entries = [(mode, blob, f"v0/{path}") for path, (mode, blob) in newest.items()]
    # Each commit's new blobs, by path, from `git log --raw`: what the older samples hold that the
    # newest does not. The oldest commit's whole tree counts as new.
    seen = {(path, blob) for path, (_, blob) in newest.items()}
    versions = collections.Counter()
    older = [blobs_of(repo, commits[-1]).items()]
    log = git(repo, "log", "--first-parent", "--diff-merges=first-parent", "--raw", "--no-abbrev", "--no-renames", "-z", "--format=", *rng.split())
    fields = log.split("\0")
    raw = []
    i = 0
    while i < len(fields):
        meta = fields[i].strip()
        if meta.startswith(":"):
            raw.append((meta, fields[i + 1]))
            i += 2
        else:
            i += 1
    older.append((path, (meta.split()[1], meta.split()[3])) for meta, path in raw)
    for items in older:
        for path, (mode, blob) in items:
            if set(blob) == {"0"} or mode == "160000" or (path, blob) in seen:
                continue
            seen.add((path, blob))
            versions[path] += 1
            entries.append((mode, blob, f"v{versions[path]}/{path}"))
            parts = path.split("/")[:-1]
            for depth in range(len(parts) + 1):
                for name in IGNORE_FILES:
                    beside = "/".join(parts[:depth] + [name])
                    if beside in newest:
                        ignore_mode, ignore_blob = newest[beside]
                        entries.append((ignore_mode, ignore_blob, f"v{versions[path]}/{beside}"))
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, GIT_INDEX_FILE=os.path.join(tmp, "index"))
        listing = "".join(f"{mode} {blob} 0\t{path}\0" for mode, blob, path in dict.fromkeys(entries))
        git(repo, "update-index", "-z", "--index-info", stdin=listing, env=env)
        tree = git(repo, "write-tree", env=env).strip()
    print(f"{len(seen)} distinct (path, blob) pairs over {len(commits)} commits", file=sys.stderr)
    print(tree)


if __name__ == "__main__":
    main()
