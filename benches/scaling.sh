#!/usr/bin/env bash
# Scaling with cores: ringloc at -j 1, 2, 4, ... up to the machine's cores and at its default, its
# read floor and its plain reader, against mezura, tokei and scc, warm, then cold where the page
# cache can be dropped (root). Interleaved rounds (benches/interleave.py); medians on stdout.
#
# Usage:
#     TREE=DIR bash benches/scaling.sh
#
# Environment:
#     TREE=DIR         the tree to count (required)
#     RINGLOC=BIN      the ringloc to measure (default: target/release/ringloc)
#     BASE=BIN         another ringloc to time beside it at its default (before/after)
#     PEERS=DIR        where mezura, tokei and scc are, if not on PATH
#     ROUNDS=N         warm rounds (default 8); COLD_ROUNDS=N cold rounds (default 4; 0: none)
# Every counter does the same work: ignore files off, hidden files counted.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
tree=${TREE:?set TREE to the tree to count}
bin=${RINGLOC:-$here/../target/release/ringloc}
[[ -x $bin ]] || { echo "scaling: no ringloc at $bin (cargo build --release, or set RINGLOC)" >&2; exit 1; }
[[ -z ${PEERS:-} ]] || PATH=$PEERS:$PATH
mezura_flags="--output json --no-gitignore --no-ignore-files --search-in-dotted --no-local --no-default-config
    --hide keywords,tests --count-minified --count-generated --count-not-code --counting region --no-shebang"
cores=$(nproc)
warm=()
for ((j = 1; j < cores; j *= 2)); do
    warm+=("$bin -j $j --no-ignore --hidden $tree")
done
warm+=("$bin --no-ignore --hidden $tree" "$bin --count none --no-ignore --hidden $tree"
    "$bin --backend sync --no-ignore --hidden $tree")
cold=("$bin --no-ignore --hidden $tree" "$bin --count none --no-ignore --hidden $tree")
if [[ -n ${BASE:-} ]]; then
    warm+=("$BASE --no-ignore --hidden $tree" "$BASE --count none --no-ignore --hidden $tree")
    cold+=("$BASE --no-ignore --hidden $tree")
fi
if command -v mezura >/dev/null; then
    warm+=("$(command -v mezura) $tree $(echo $mezura_flags)")
    cold+=("$(command -v mezura) $tree $(echo $mezura_flags)")
fi
command -v tokei >/dev/null && warm+=("$(command -v tokei) $tree")
command -v scc >/dev/null && warm+=("$(command -v scc) --no-gitignore -c --no-cocomo $tree")

echo "== $cores cores, $(grep -m 1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -r)"
echo "== warm, ${ROUNDS:-8} rounds"
python3 "$here/interleave.py" "${ROUNDS:-8}" "${warm[@]}"
if ((${COLD_ROUNDS:-4} > 0)); then
    if [[ $(id -u) == 0 ]]; then
        echo "== cold, ${COLD_ROUNDS:-4} rounds (page cache dropped before each run)"
        COLD=1 python3 "$here/interleave.py" "${COLD_ROUNDS:-4}" "${cold[@]}"
    else
        echo "== cold: not measured (dropping the page cache needs root)"
    fi
fi
