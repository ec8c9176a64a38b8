#!/usr/bin/env bash
# Time and peak memory of `ringloc --rev HEAD` on a repository holding two large text blobs (a
# 154 MB SQL dump and a 62 MB C file, generated), first loose (as `git add` writes a file under
# core.bigFileThreshold), then packed by `git gc`. Blobs over 32 MiB are counted as they are
# inflated, so the peak stays near a small tree's whatever their size.
#
# Usage: bash benches/git-big-blobs.sh [BINARY...]   (default target/release/ringloc, built if missing)
# Each binary's line: `loose|packed  BINARY  seconds  peak-RSS-KB`, with GNU time's `%e` and `%M`.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -gt 0 ]] || set -- "$root/target/release/ringloc"
if [[ $1 == "$root/target/release/ringloc" && ! -x $1 ]]; then
    (cd -- "$root" && cargo build --release --quiet)
fi
[[ -x /usr/bin/time ]] || { echo "needs GNU time (apt-get install time)" >&2; exit 1; }

repo=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-big-blobs.XXXXXX")
trap 'rm -rf -- "$repo"' EXIT
python3 - "$repo" <<'EOF'
import sys
with open(f"{sys.argv[1]}/dump.sql", "w") as f:
    for i in range(3_000_000):
        f.write(f"INSERT INTO t VALUES ({i}, 'row {i}'); -- c\n")
with open(f"{sys.argv[1]}/data.c", "w") as f:
    for i in range(2_000_000):
        f.write(f"int v{i} = {i}; /* x */\n")
EOF
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" -c user.name=b -c user.email=b@b commit -qm blobs
rm -- "$repo/dump.sql" "$repo/data.c"

measure() {
    for bin in "$@"; do
        "$bin" --rev HEAD "$repo" >/dev/null # warm
        /usr/bin/time -f "$state  $bin  %e  %M" "$bin" --rev HEAD "$repo" >/dev/null
    done
}
state=loose measure "$@"
git -C "$repo" gc -q
state=packed measure "$@"
