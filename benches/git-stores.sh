#!/usr/bin/env bash
# `ringloc --rev HEAD` on one history stored five ways, against its checkout, in one hyperfine
# run: as REPO keeps it; every object loose (as `git add` and `git commit` write them, until `git
# gc` packs them: REPO's packs unpacked into a new repository); borrowed from REPO (`git clone
# --shared`, as CI caches and GitLab's fork pools do); repacked with deltas on bases at an offset
# (git's default) and on bases named by id (`repack.useDeltaBaseOffset=false`, as packs fetched
# thin keep them). Every layout must count alike; the script checks it first.
#
# Usage: bash benches/git-stores.sh REPO [BINARY...]
#     REPO    a packed git work tree (benches/git-repo.sh builds one with a long history)
#     BINARY  ringloc binaries to compare (default target/release/ringloc, built if missing)
# Environment: RUNS=N hyperfine runs per command (default 20).
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(cd -- "${1:?usage: git-stores.sh REPO [BINARY...]}" && pwd)
shift
[[ $# -gt 0 ]] || set -- "$root/target/release/ringloc"
if [[ $1 == "$root/target/release/ringloc" && ! -x $1 ]]; then
    (cd -- "$root" && cargo build --release --quiet)
fi
command -v hyperfine >/dev/null || { echo "needs hyperfine" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-git-stores.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
git -C "$work" init -q loose
for pack in "$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir)"/objects/pack/*.pack; do
    git -C "$work/loose" unpack-objects -q <"$pack"
done
git -C "$work/loose" update-ref HEAD "$(git -C "$repo" rev-parse HEAD)"
git clone -q --shared --no-checkout "$repo" "$work/shared"
for base in offset id; do
    git clone -q --no-local --no-checkout "$repo" "$work/by-$base"
    [[ $base == offset ]] && by_offset=true || by_offset=false
    git -C "$work/by-$base" -c repack.useDeltaBaseOffset=$by_offset repack -q -a -d -f
done
layouts=("$repo" "$work/loose" "$work/shared" "$work/by-offset" "$work/by-id")
for layout in "${layouts[@]}"; do
    files=$("$1" -q --rev HEAD --format ndjson "$layout" | grep '^{"type":"file"')
    sums=$(sed "s#\"path\":\"$layout/#\"path\":\"#" <<<"$files" | sort | md5sum)
    [[ -z ${first:-} ]] && first=$sums
    [[ $sums == "$first" ]] || { echo "$layout counts differently from $repo" >&2; exit 1; }
done
echo "[git-stores] $(find "$work/loose/.git/objects" -type f | wc -l) objects loose; all layouts count alike" >&2

commands=()
for bin in "$@"; do
    commands+=(-n "$bin: checkout" "$bin -q $repo")
    for layout in "${layouts[@]}"; do
        name=${layout#"$work/"}
        [[ $layout == "$repo" ]] && name=packed
        commands+=(-n "$bin: --rev HEAD, $name" "$bin -q --rev HEAD $layout")
    done
done
hyperfine -N --warmup 3 --runs "${RUNS:-20}" "${commands[@]}"
