#!/usr/bin/env bash
# `ringloc history` against its target's baseline, in one hyperfine run (warm, both orders): the
# history of RANGE, and one count of every distinct blob of that range (a tree holding each once,
# built by benches/git-distinct-tree.py and counted with `--rev`). The target: the history takes
# at most 2x the baseline.
#
# Usage: bash benches/git-history.sh REPO [RANGE]
#     REPO    a git work tree (benches/git-repo.sh builds one with a long history)
#     RANGE   what `ringloc history` takes (default: HEAD, every commit along first parents)
# Environment:
#     RUNS=N     hyperfine runs per command and order (default 10)
#     RINGLOC=P  the binary (default target/release/ringloc, built if missing)
set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -- "$SCRIPT_DIR/.." && pwd)
REPO=$(cd -- "${1:?usage: git-history.sh REPO [RANGE]}" && pwd)
RANGE=${2:-HEAD}
RUNS=${RUNS:-10}
RINGLOC=${RINGLOC:-$ROOT/target/release/ringloc}
command -v hyperfine >/dev/null || { echo "needs hyperfine" >&2; exit 1; }
if [[ ! -x $RINGLOC ]]; then
    cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
fi

TREE=$(python3 "$SCRIPT_DIR/git-distinct-tree.py" "$REPO" "$RANGE")
HISTORY="$RINGLOC history $RANGE --repo $REPO --format json"
ONCE="$RINGLOC -q --rev $TREE $REPO"
# The history's own count of the blobs it read, beside the baseline's files.
echo "[git-history] history counted $("$RINGLOC" history "$RANGE" --repo "$REPO" --format json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["blobs_counted"])') blobs; the baseline" \
    "tree has $(git -C "$REPO" ls-tree -r "$TREE" | wc -l) files" >&2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-git-history.XXXXXX")
trap 'rm -rf -- "$WORK"' EXIT
for order in forward reversed; do
    if [[ $order == forward ]]; then set -- "$HISTORY" "$ONCE"; else set -- "$ONCE" "$HISTORY"; fi
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-markdown "$WORK/$order.md" "$@" >&2
    echo "### $order order ($RUNS runs, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg))"
    cat "$WORK/$order.md"
done
