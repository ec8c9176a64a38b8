"""ringloc's accuracy oracle: every line of real, pinned trees judged by each language's own
lexer (references.py) and by `ringloc explain --format json`, compared under ringloc's dialect.
Started by oracle/run, which installs what this needs first. See docs/ACCURACY.md, "The oracle"."""

import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import subprocess
import sys
import tomllib
from collections import defaultdict

import fetch
import references
from ref_python import ReferenceError_

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def arguments():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--slice", action="store_true", help="only the trees marked `slice` (CI's run)")
    p.add_argument("--tree", action="append", default=[], help="only trees whose name contains this")
    p.add_argument("--language", action="append", default=[], help="only this language (ringloc's name)")
    p.add_argument("--ringloc", default=os.path.join(ROOT, "target", "release", "ringloc"), type=os.path.abspath)
    p.add_argument("--cache", default=os.path.join(HERE, ".cache"))
    p.add_argument("--json", help="also write the figures and differences to this file")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--dir", action="append", default=[], type=os.path.abspath,
                   help="a local tree to check instead of trees.toml's (fetches nothing)")
    p.add_argument("--max-files", type=int, default=0,
                   help="at most this many files per language and tree, spread evenly over them")
    return p.parse_args()


def ringloc_files(ringloc, root):
    """(path, language) of every file ringloc counts under `root`."""
    out = subprocess.run(
        [ringloc, "--format", "json", "--by-file", "--hidden", "--no-ignore", root],
        capture_output=True,
        check=False,
    )
    if out.returncode not in (0, 2):
        sys.exit(f"oracle: {ringloc} failed on {root}: {out.stderr.decode(errors='replace')}")
    return [(f["path"], f["language"]) for f in json.loads(out.stdout)["files"]]


def explain(ringloc, path):
    out = subprocess.run([ringloc, "explain", path, "--format", "json"], capture_output=True, check=False)
    if out.returncode != 0:
        return None, out.stderr.decode(errors="replace").strip()
    return json.loads(out.stdout)["per_line"], None


class Known:
    """known.toml: classes of difference, each with its kind and reason. `bug`: ringloc breaks its
    own rules there and the counter is to be fixed (the class is listed so that CI's slice stays
    green meanwhile); `reference`: a limit of the reference lexer; `rule`: ringloc's rule, argued
    right. A file's first differing line is matched against each class by language, both verdicts,
    the line's text (a regular expression) and, where given, the file (a glob over TREE/PATH)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.entries = tomllib.load(f).get("difference", [])
        for entry in self.entries:
            entry["regex"] = re.compile(entry.get("text", ""))
        self.used = defaultdict(int)

    def match(self, language, name, mine, ref, text):
        for entry in self.entries:
            if (
                entry["language"] == language
                and entry["ringloc"] == mine
                and entry["reference"] == ref
                and entry["regex"].search(text)
                and fnmatch.fnmatchcase(name, entry.get("file", "*"))
            ):
                self.used[entry["class"]] += 1
                return entry
        return None

    def unused(self, languages):
        return [e["class"] for e in self.entries if e["language"] in languages and not self.used[e["class"]]]


def first_difference(ours, theirs):
    for number, (mine, ref) in enumerate(zip(ours, theirs), 1):
        if ref is not None and mine["bucket"] != ref:
            return number, mine["bucket"], ref
    return None


def check_file(name, path, language, lines, figures, known, src):
    """Compares one file; returns a printable difference, or None when it agrees."""
    fig = figures[language]
    try:
        theirs = references.classify(language, src, path)
    except ReferenceError_ as err:
        fig["unread"] += 1
        fig["unread_examples"].append(f"{name}: {err}")
        return None
    if lines is None:
        fig["unread"] += 1
        return None
    if len(lines) != len(theirs):
        fig["files_differing"] += 1
        return f"{name}: ringloc has {len(lines)} lines, the reference {len(theirs)}", True
    fig["files"] += 1
    fig["lines"] += sum(1 for v in theirs if v is not None)
    diff = sum(1 for mine, ref in zip(lines, theirs) if ref is not None and mine["bucket"] != ref)
    if not diff:
        return None
    fig["files_differing"] += 1
    fig["lines_differing"] += diff
    number, mine, ref = first_difference(lines, theirs)
    text = src.split(b"\n")[number - 1].decode("utf-8", "replace").strip()
    entry = known.match(language, name, mine, ref, text)
    where = f"{name}:{number}: ringloc {mine}, reference {ref} ({diff} lines)  | {text[:100]}"
    if entry is None:
        return where, True
    fig["known"] += 1
    return f"{where}\n      known {entry['kind']} {entry['class']}", False


def sample(files, most):
    """At most `most` files of each language, spread evenly over its files in path order."""
    by_language = defaultdict(list)
    for path, language in sorted(files):
        by_language[language].append((path, language))
    kept = []
    for group in by_language.values():
        step = max(1, len(group) / most)
        kept += [group[int(i * step)] for i in range(min(most, len(group)))]
    return kept


def run_tree(tree, args, known, figures, report):
    root = tree["dir"] if "dir" in tree else fetch.fetch(tree, args.cache, sys.executable)
    wanted = [lang for lang in tree.get("languages", references.SPANS) if not args.language or lang in args.language]
    files = [(path, lang) for path, lang in ringloc_files(args.ringloc, root) if lang in wanted]
    if args.max_files:
        files = sample(files, args.max_files)
    unknown = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for chunk in range(0, len(files), 64):
            batch = files[chunk : chunk + 64]
            explained = pool.map(lambda f: explain(args.ringloc, f[0]), batch)
            for (path, language), (lines, _) in zip(batch, explained):
                name = f"{tree['name']}/{os.path.relpath(path, root)}"
                with open(path, "rb") as f:
                    src = f.read()
                found = check_file(name, path, language, lines, figures, known, src)
                if found:
                    message, unlisted = found
                    report[language].append(message)
                    unknown += unlisted
    return unknown


def print_figures(figures, report):
    print(f"{'language':<12} {'reference':<34} {'files':>6} {'unread':>6} {'differ':>6} {'known':>5} "
          f"{'lines':>9} {'differ':>7}")
    for language in sorted(figures):
        f = figures[language]
        print(f"{language:<12} {references.built_on(language):<34} {f['files']:>6} {f['unread']:>6} "
              f"{f['files_differing']:>6} {f['known']:>5} {f['lines']:>9} {f['lines_differing']:>7}")
    for language in sorted(report):
        print(f"\n{language}: {len(report[language])} files differ")
        for line in report[language]:
            print(f"  {line}")


def main():
    args = arguments()
    with open(os.path.join(HERE, "trees.toml"), "rb") as f:
        trees = tomllib.load(f)["tree"]
    trees = [t for t in trees if (not args.slice or t.get("slice")) and
             (not args.tree or any(s in t["name"] for s in args.tree))]
    if args.dir:
        trees = [{"name": os.path.basename(d), "version": "local", "kind": "dir", "dir": d} for d in args.dir]
    known = Known(os.path.join(HERE, "known.toml"))
    figures = defaultdict(lambda: defaultdict(int, unread_examples=[]))
    report = defaultdict(list)
    unlisted = 0
    for tree in trees:
        print(f"oracle: {tree['name']} {tree['version']} ({tree['kind']})", file=sys.stderr)
        try:
            unlisted += run_tree(tree, args, known, figures, report)
        except fetch.FetchError as err:
            sys.exit(f"oracle: {err}")
    print_figures(figures, report)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"figures": figures, "differences": report}, f, indent=1)
    for language in sorted(figures):
        for example in figures[language]["unread_examples"][:3]:
            print(f"unread ({language}): {example}", file=sys.stderr)
    stale = known.unused({lang for lang, f in figures.items() if f["files"]})
    for name in stale:
        print(f"oracle: no file shows the known class {name} any more: remove it from oracle/known.toml",
              file=sys.stderr)
    if unlisted or (stale and not args.slice and not args.tree and not args.dir):
        if unlisted:
            print(f"\noracle: {unlisted} files differ with no reason in oracle/known.toml", file=sys.stderr)
        return 1
    print("\noracle: every difference is listed in oracle/known.toml", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
