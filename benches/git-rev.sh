#!/usr/bin/env bash
# `ringloc --rev REV` against its target, counting the checkout warm, in one hyperfine run: the
# checkout, REV from the object store, and REV with a blob cache (`--cache FILE`) that earlier
# runs wrote, once holding REV's own blobs (a rerun) and once those of BEFORE (a CI job's cache
# from an earlier commit: only the blobs changed since are inflated and counted). The target:
# `--rev` takes at most 1.5x the checkout. REPO's work tree must be a clean checkout of REV.
#
# Usage: bash benches/git-rev.sh REPO [REV] [BEFORE]
#     REPO    a git work tree (benches/git-repo.sh builds one with a long history)
#     REV     the revision counted (default HEAD)
#     BEFORE  the revision whose cache the last row starts from (default REV~10)
# Environment:
#     RUNS=N     hyperfine runs per command (default 30)
#     RINGLOC=P  the binary (default target/release/ringloc, built if missing)
set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -- "$SCRIPT_DIR/.." && pwd)
REPO=$(cd -- "${1:?usage: git-rev.sh REPO [REV] [BEFORE]}" && pwd)
REV=${2:-HEAD}
BEFORE=${3:-$REV~10}
RUNS=${RUNS:-30}
RINGLOC=${RINGLOC:-$ROOT/target/release/ringloc}
for tool in hyperfine jq; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done
if [[ ! -x $RINGLOC ]]; then
    cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
fi
[[ -z $(git -C "$REPO" status --porcelain) ]] || { echo "$REPO: the work tree has changes" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-git-rev.XXXXXX")
trap 'rm -rf -- "$WORK"' EXIT
# The two caches, written once: a rerun of REV finds all its blobs in the first and rewrites
# nothing; the second is copied afresh before each run, which adds REV's new blobs to it.
"$RINGLOC" -q --rev "$REV" --cache "$WORK/rev.cache" "$REPO" >/dev/null
"$RINGLOC" -q --rev "$BEFORE" --cache "$WORK/before.cache" "$REPO" >/dev/null
changed=$(git -C "$REPO" diff --name-only "$BEFORE" "$REV" | wc -l)
echo "[git-rev] $REV: $(git -C "$REPO" ls-tree -r "$REV" | wc -l) files; $changed changed since $BEFORE" >&2

hyperfine -N --style none --warmup 3 --runs "$RUNS" --export-json "$WORK/runs.json" \
    --prepare true --prepare true --prepare true \
    --prepare "cp $WORK/before.cache $WORK/run.cache" \
    -n "checkout" "$RINGLOC -q $REPO" \
    --command-name="--rev $REV" "$RINGLOC -q --rev $REV $REPO" \
    --command-name="--rev $REV --cache (its own blobs)" "$RINGLOC -q --rev $REV --cache $WORK/rev.cache $REPO" \
    --command-name="--rev $REV --cache ($BEFORE's blobs)" "$RINGLOC -q --rev $REV --cache $WORK/run.cache $REPO" >&2
echo "### $RUNS runs, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
# Medians, and each against the checkout's.
jq -r '(.results[0].median) as $c | "| command | median | mean +- sd | x checkout |", "|---|---:|---:|---:|",
    (.results[] | "| `\(.command)` | \(.median * 1000 | . * 10 | round / 10) ms | \(.mean * 1000 | . * 10 |
    round / 10) +- \(.stddev * 1000 | . * 10 | round / 10) ms | \(.median / $c * 100 | round / 100)x |")' \
    "$WORK/runs.json"
