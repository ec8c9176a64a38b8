#!/usr/bin/env bash
# Backticks in single-quoted strings are markdown, not command substitution:
# shellcheck disable=SC2016
# The revision diff, side by side: `ringloc diff OLD NEW`, `cloc --git --diff OLD NEW` and mezura's
# revision mode (`mezura . --diff OLD..NEW`), on the same repository and range, in one hyperfine
# run (warm, forward and reversed order). ringloc alone reads the object store; cloc and mezura
# write each revision out to a temporary directory first.
#
# Usage: bash benches/git-diff.sh REPO [OLD] [NEW]
#     REPO       a git work tree (benches/git-repo.sh builds one with a long history)
#     OLD, NEW   revisions (default release-1 and release-2, the tags benches/git-repo.sh makes)
# Why that range: it is what a release changes, the question `diff` answers: upgrades of vendored
# crates, with thousands of files modified, added and removed, each modified one diffed line by
# line. A range of one changed file (HEAD~1, or HEAD~700 over appends to one file) measures little
# but each tool's start and, for ringloc, counting both whole trees: cloc and mezura extract only
# the files that changed, and their cost grows with them.
# Environment:
#     RUNS=N     hyperfine runs per command and order (default 10)
#     RINGLOC=P  the binary (default target/release/ringloc, built if missing)
# The markdown table goes to stdout (hyperfine's --export-markdown), progress to stderr.
set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -- "$SCRIPT_DIR/.." && pwd)
REPO=$(cd -- "${1:?usage: git-diff.sh REPO [OLD] [NEW]}" && pwd)
OLD=${2:-release-1}
NEW=${3:-release-2}
RUNS=${RUNS:-10}
RINGLOC=${RINGLOC:-$ROOT/target/release/ringloc}
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '[git-diff] %s\n' "$*" >&2; }
need() {
    command -v "$1" >/dev/null && return
    log "installing $1"
    case $1 in
        mezura) cargo install --locked --quiet mezura --version 3.3.0 ;;
        *) apt-get install -y -qq --no-install-recommends "$1" >/dev/null ;;
    esac
}
need hyperfine
need cloc
need mezura
if [[ ! -x $RINGLOC ]]; then
    log "building $RINGLOC"
    cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
fi

# Each side's output, to see the three agree on what changed before timing them.
cd "$REPO"
log "$(git rev-parse --short "$OLD")..$(git rev-parse --short "$NEW"): $(git diff --shortstat "$OLD" "$NEW")"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-git-diff.XXXXXX")
trap 'rm -rf -- "$WORK"' EXIT
"$RINGLOC" diff "$OLD" "$NEW" --format markdown > "$WORK/ringloc.md"
cloc --quiet --git --diff "$OLD" "$NEW" > "$WORK/cloc.txt"
mezura . --diff "$OLD..$NEW" --no-local --no-default-config > "$WORK/mezura.txt"
for tool in ringloc.md cloc.txt mezura.txt; do
    log "$tool: $(wc -l < "$WORK/$tool") lines of output, last lines:"
    tail -n 4 "$WORK/$tool" >&2
done

CMDS=(
    "$RINGLOC diff $OLD $NEW"
    "cloc --quiet --git --diff $OLD $NEW"
    "mezura . --diff $OLD..$NEW --no-local --no-default-config"
)
REVERSED=("${CMDS[2]}" "${CMDS[1]}" "${CMDS[0]}")
for order in forward reversed; do
    log "hyperfine, $order order, $RUNS runs each"
    if [[ $order == forward ]]; then set -- "${CMDS[@]}"; else set -- "${REVERSED[@]}"; fi
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-markdown "$WORK/$order.md" "$@" >&2
    echo "### $order order ($RUNS runs, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg))"
    cat "$WORK/$order.md"
done
