#!/usr/bin/env bash
# What writing each --format costs the count that writes it (issue 27: under 5% of a --by-file run).
# Timed inside the run, as a user pays it: `ringloc --by-file --format F -o FILE --stats TREE`, whose
# `--stats` line times the output phase from the merged report to the last report renamed into place.
# That phase is the whole cost of writing: laying the view out (the sort and grouping only output
# needs), building the format's document, the writes and the kernel's copy of the bytes into the
# page cache, the rename. The count is the same run's wall less that phase. (Timing `merge` of a
# saved report into each format, less a merge that writes little, left the view's sort out and
# added a second process's noise.) `--stats` reads the clock per file, which costs the count ~1%;
# json writes the stats into its document too. ndjson streams its records while the files are
# counted, so its output phase holds only the summary: its cost is its whole run's wall less the
# count of the other formats' runs. Each run writes a name that does not exist yet (the previous
# output is removed first, untimed): renaming over an existing report makes the kernel free the old
# file's pages inside rename(2) (16 ms for a 28 MB one here), which charged each format for the size
# of the format timed before it; `> FILE` pays the same in its truncation, whatever wrote it.
# Minimum of ROUNDS of each; the size of each output is printed
# too, so a writer that leaves rows out shows.
#
# With CALLGRIND=1 it prints instructions instead, load-independent: callgrind, per thread, of a
# `merge` of one --by-file report of TREE into each format (a count under callgrind takes minutes;
# the writing code is the same): the writing thread's write_reports (the same output phase) and
# the whole of the threads that format rows beside it (all, since they only do that).
# usage: benches/formats.sh [TREE] [ROUNDS]   (default: the kernel source at ~/linux, 9 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
tree=${1:-$HOME/linux}
rounds=${2:-9}
bin=${RINGLOC_BIN:-target/release/ringloc}   # RINGLOC_BIN: time a binary built elsewhere
[ -n "${RINGLOC_BIN:-}" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
formats="json ndjson csv table markdown yaml html tokei-json cloc-json cloc-xml cloc-yaml scc-json sql openmetrics"

if [ -n "${CALLGRIND:-}" ]; then
    "$bin" --by-file --format json -q -o "$work/report.json" "$tree"
    for f in $formats; do
        rm -f "$work"/cg.*
        valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/cg.%p" \
            "$bin" merge "$work/report.json" --by-file --format "$f" -o "$work/out" >/dev/null 2>&1
        for out in "$work"/cg.*-*; do
            case $out in
                # awk reads to the end: an early exit would fail the pipe under pipefail.
                # --threshold=100: a small output phase is listed too (the default, 99%, leaves it out).
                *-01) callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
                    awk '/commands::write_reports \[/ && !n++ { gsub(",", "", $1); print "writer", $1 }' ;;
                *) callgrind_annotate "$out" | awk '/PROGRAM TOTALS/ && !n++ { gsub(",", "", $1); print "helper", $1 }' ;;
            esac
        done | awk -v f="$f" '$1 == "writer" { w = $2 } $1 == "helper" { h += $2 }
            END { printf "%-12s %7.1f M instructions (writing thread %.1f M, helpers %.1f M)\n", f, (w + h) / 1e6, w / 1e6, h / 1e6 }'
    done
    exit
fi

# The output phase and the wall of one run, in microseconds: "output US wall US".
phases() {
    rm -f "$work/out"
    "$bin" --by-file --format "$1" --stats -q -o "$work/out" "$tree" 2>&1 >/dev/null |
        awk '$1 == "wall" { wall = $2; for (i = 3; i <= NF; i++) if ($i == "output") out = $(i + 1) + 0 }
             END { printf "%d %d\n", out * 1000, wall * 1000 }'
}
{
for f in $formats; do
    "$bin" --by-file --format "$f" -q -o "$work/out" "$tree"
    echo "size $f $(stat -c %s "$work/out")"
done
for _ in $(seq "$rounds"); do
    for f in $formats; do
        read -r output wall < <(phases "$f")
        case $f in
            ndjson) echo "streamed $f $wall" ;;
            *) echo "$f $output $((wall - output))" ;;
        esac
    done
done
} | awk '
    $1 == "size" { size[$2] = $3; next }
    $1 == "streamed" { if (!($2 in whole) || $3 < whole[$2]) whole[$2] = $3; next }
    {
        if (!($1 in out) || $2 < out[$1]) out[$1] = $2
        if (!("count" in min) || $3 < min["count"]) min["count"] = $3
    }
    END {
        printf "count (--by-file, less its output phase): %.1f ms\n", min["count"] / 1000
        for (f in whole) out[f] = whole[f] - min["count"]
        for (f in out)
            printf "%-12s %7.1f ms  %5.1f%% of the count  (%.1f MB)\n", f, out[f] / 1000, out[f] * 100 / min["count"], size[f] / 1e6
    }' | sort
