#!/usr/bin/env bash
# What writing each --format costs against the count it reports (issue 27: under 5% of a --by-file
# run). The count is timed with --top 0 (files kept and sorted, no row written). Each format's cost
# is a `merge` of one --by-file report into it, less a `merge --by-file --format openmetrics`: that
# merge reads the same report and lays out the same view (every file, sorted by path) but writes
# only a few hundred lines. (A base of `--top 0 --format json` sorted the files by code instead and
# still wrote the skipped files, so it cost more than some formats and hid their cost.) Minimum of
# ROUNDS; the size of each output is printed too, so a writer that leaves rows out shows.
# usage: benches/formats.sh [TREE] [ROUNDS]   (default: the kernel source at ~/linux, 9 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
tree=${1:-$HOME/linux}
rounds=${2:-9}
bin=${RINGLOC_BIN:-target/release/ringloc}   # RINGLOC_BIN: time a binary built elsewhere
[ -n "${RINGLOC_BIN:-}" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" --by-file --format json -q -o "$work/report.json" "$tree"
usec() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N); echo $(((e - s) / 1000)); }
formats="json ndjson csv table markdown yaml html tokei-json cloc-json cloc-xml cloc-yaml scc-json sql"
{
for f in $formats; do
    "$bin" merge "$work/report.json" --by-file --format "$f" -o "$work/$f.out"
    echo "size $f $(stat -c %s "$work/$f.out")"
    rm "$work/$f.out"
done
for _ in $(seq "$rounds"); do
    echo "count $(usec "$bin" --by-file --top 0 --format json -q -o "$work/out" "$tree")"
    echo "base $(usec "$bin" merge "$work/report.json" --by-file --format openmetrics -o "$work/out")"
    for f in $formats; do
        echo "$f $(usec "$bin" merge "$work/report.json" --by-file --format "$f" -o "$work/out")"
    done
done
} | awk '
    $1 == "size" { size[$2] = $3; next }
    { if (!($1 in min) || $2 < min[$1]) min[$1] = $2 }
    END {
        printf "count (--by-file, nothing written): %.1f ms; merge writing nothing: %.1f ms\n", min["count"] / 1000, min["base"] / 1000
        for (f in min) if (f != "count" && f != "base")
            printf "%-12s %7.1f ms  %5.1f%% of the count  (%.1f MB)\n", f, (min[f] - min["base"]) / 1000, (min[f] - min["base"]) * 100 / min["count"], size[f] / 1e6
    }' | sort
