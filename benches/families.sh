#!/usr/bin/env bash
# Instructions per line for each language family, counted by callgrind (valid on a loaded machine,
# unlike wall time): `ringloc -j 1 --backend sync` over one family's files of the polyglot monorepo
# (benches/monorepo.sh), with the C and C headers of the Linux kernel as the yardstick. Each family
# is walked as a tree of its own: hard links to its files, under their own paths, so that a run
# does what a run over the monorepo does for those files (walk, open, read, name and content
# checks, counting) and nothing for the others. A run over an empty folder is subtracted from each
# (start-up: the language table, the report).
#
# Usage:
#     bash benches/families.sh [MONOREPO]   (default: ~/.cache/ringloc-bench/monorepo)
#
# Environment:
#     KERNEL=DIR    the kernel tree (default: the newest /usr/src/linux-source-*/ already extracted)
#     KERNEL_PART=P its part to read (default: the whole tree; `drivers/net` for a quicker yardstick)
#     RINGLOC=BIN   the binary to measure (default: `cargo build --release`, target/release/ringloc)
#     TMPDIR        where the linked trees go: on the filesystem of MONOREPO and KERNEL
#
# The markdown table goes to stdout and to benches/families-latest.md; progress to stderr. Rows
# over 1.5x C's instructions per line end in `**over 1.5x**`.
set -euo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd -- "$here/.." && pwd)
mono=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/ringloc-bench/monorepo}
work=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-families.XXXXXX")
trap 'rm -rf -- "$work"' EXIT

log() { printf '[families] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

for tool in valgrind jq; do
    command -v "$tool" >/dev/null || die "$tool is missing (apt-get install $tool)"
done
[[ -d $mono ]] || die "no monorepo at $mono: build it with benches/monorepo.sh"
if [[ -z ${KERNEL:-} ]]; then
    KERNEL=$(find /usr/src -maxdepth 1 -type d -name 'linux-source-*' | sort -V | tail -n 1)
fi
[[ -d ${KERNEL:-} ]] || die "no kernel tree: extract linux-source (see benches/compare.sh) or set KERNEL"
kernel_part=$KERNEL${KERNEL_PART:+/$KERNEL_PART}
[[ -d $kernel_part ]] || die "no $kernel_part"
if [[ -z ${RINGLOC:-} ]]; then
    log "cargo build --release"
    (cd -- "$repo" && cargo build --release --quiet)
    RINGLOC=${CARGO_TARGET_DIR:-$repo/target}/release/ringloc
fi

# Families: label, the tree they come from, and a jq test on the tree's per-file ndjson records.
labels=() trees=() tests=()
family() { labels+=("$1"); trees+=("$2"); tests+=("$3"); }
lang() { printf '.language == "%s" and (.flags // [] | index("minified") | not)' "$1"; }
family "C (kernel)" kernel "$(lang C)"
family "C Header (kernel)" kernel "$(lang 'C Header')"
for l in JavaScript TypeScript HTML JSON C++ 'C++ Header' Rust Python Java Go Markdown YAML; do
    family "$l" mono "$(lang "$l")"
done
family "JavaScript, minified" mono '.language == "JavaScript" and (.flags // [] | index("minified"))'
family "JSON, minified" mono '.language == "JSON" and (.flags // [] | index("minified"))'

log "listing the files of $mono and $kernel_part"
"$RINGLOC" -q --no-ignore --hidden --format ndjson "$mono" | jq -c 'select(.type == "file")' >"$work/mono.ndjson"
"$RINGLOC" -q --no-ignore --hidden --format ndjson "$kernel_part" | jq -c 'select(.type == "file")' >"$work/kernel.ndjson"

# Instructions of one callgrind run of ringloc over a folder.
instructions() { # folder out-prefix
    valgrind --tool=callgrind --callgrind-out-file="$2.cg" -- \
        "$RINGLOC" -j 1 --backend sync -q --no-ignore --hidden --format json "$1" >"$2.json" 2>"$2.err" ||
        die "ringloc under callgrind failed on $1: $(tail -n 3 "$2.err")"
    awk '/^summary:/ { print $2 }' "$2.cg"
}

# A family's files, hard-linked under their own paths into a folder of their own.
link_tree() { # ndjson jq-test folder
    mkdir -p -- "$3"
    jq -j "select($2) | .path + \"\\u0000\"" "$1" | xargs -0 -r cp -l --parents -t "$3" -- ||
        die "could not hard-link the files into $3: set TMPDIR to a folder on their filesystem"
}

mkdir "$work/empty"
base=$(instructions "$work/empty" "$work/empty")
log "start-up (an empty folder): $base instructions"

rows=()
c_per_line=""
for i in "${!labels[@]}"; do
    tree="$work/tree.$i"
    link_tree "$work/${trees[$i]}.ndjson" "${tests[$i]}" "$tree"
    read -r files lines bytes < <(jq -s "map(select(${tests[$i]})) |
        \"\\(length) \\(map(.lines) | add // 0) \\(map(.bytes) | add // 0)\"" -r "$work/${trees[$i]}.ndjson")
    if ((files == 0)); then
        log "${labels[$i]}: no files"
        continue
    fi
    log "${labels[$i]}: $files files, $lines lines, callgrind"
    total=$(instructions "$tree" "$work/run.$i")
    counted=$(jq '.total.lines' "$work/run.$i.json")
    ((counted == lines)) || die "${labels[$i]}: its tree counted $counted lines, the listing $lines"
    rm -rf -- "$tree"
    net=$((total - base))
    per_line=$(awk -v n="$net" -v l="$lines" 'BEGIN { printf "%.1f", l ? n / l : 0 }')
    [[ -n $c_per_line ]] || c_per_line=$per_line
    rows+=("$(awk -v lab="${labels[$i]}" -v f="$files" -v l="$lines" -v b="$bytes" -v n="$net" \
        -v p="$per_line" -v c="$c_per_line" 'BEGIN {
            x = p / c
            printf "| %s | %d | %d | %.1f | %.1f | %.1f | %.2f%s | %.2f |", lab, f, l, b / 1e6,
                n / 1e6, p, x, (x > 1.5 ? " **over 1.5x**" : ""), n / b }')")
done

{
    echo "| family | files | lines | MB | instructions (M) | per line | x C | per byte |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "ringloc $("$RINGLOC" --version | awk '{ print $2 }') (git $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)),"
    echo "$(grep -m 1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(date -u '+%Y-%m-%d %H:%M UTC');"
    echo "kernel: $kernel_part; monorepo: $mono; start-up subtracted: $base instructions a run."
} | tee "$here/families-latest.md"
