#!/usr/bin/env bash
# `ringloc --rev HEAD` on a repository whose objects are all loose (as `git add` and `git commit`
# write them, until `git gc` packs them), against the same history packed and against its
# checkout, in one hyperfine run. The unpacked twin is REPO's packs unpacked into a new repository
# (`git unpack-objects`), at REPO's HEAD.
#
# Usage: bash benches/git-loose.sh REPO [BINARY...]
#     REPO    a packed git work tree (benches/git-repo.sh builds one with a long history)
#     BINARY  ringloc binaries to compare (default target/release/ringloc, built if missing)
# Environment: RUNS=N hyperfine runs per command (default 20).
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(cd -- "${1:?usage: git-loose.sh REPO [BINARY...]}" && pwd)
shift
[[ $# -gt 0 ]] || set -- "$root/target/release/ringloc"
if [[ $1 == "$root/target/release/ringloc" && ! -x $1 ]]; then
    (cd -- "$root" && cargo build --release --quiet)
fi
command -v hyperfine >/dev/null || { echo "needs hyperfine" >&2; exit 1; }

loose=$(mktemp -d "${TMPDIR:-/tmp}/ringloc-git-loose.XXXXXX")
trap 'rm -rf -- "$loose"' EXIT
git -C "$loose" init -q
for pack in "$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir)"/objects/pack/*.pack; do
    git -C "$loose" unpack-objects -q <"$pack"
done
git -C "$loose" update-ref HEAD "$(git -C "$repo" rev-parse HEAD)"
echo "[git-loose] $(find "$loose/.git/objects" -type f | wc -l) loose objects" >&2

commands=()
for bin in "$@"; do
    commands+=(-n "$bin: checkout" "$bin -q $repo")
    commands+=(-n "$bin: --rev HEAD, packed" "$bin -q --rev HEAD $repo")
    commands+=(-n "$bin: --rev HEAD, loose" "$bin -q --rev HEAD $loose")
done
hyperfine -N --warmup 3 --runs "${RUNS:-20}" "${commands[@]}"
