#!/usr/bin/env bash
# Builds a git repository with a long history to measure ringloc's revision modes on (`--rev`,
# `diff`, `history`), as a monorepo vendoring crates grows: one commit per crate of the local
# cargo registry cache (each crate's files under its own directory, in name order; of a crate
# cached in several versions, the oldest), then APPENDS commits that each add a line to one `.rs`
# file, tagged `release-1`; then one commit per newer version of those crates, oldest first, each
# replacing its crate directory's files with that version's (an upgrade of a vendored crate: files
# modified, added and removed), tagged `release-2`; then `git gc`. `release-1..release-2` is the
# release-to-release range benches/git-diff.sh compares. Fixed author and dates, so the commit
# ids depend only on the crates.
#
# Usage: bash benches/git-repo.sh DIR [CRATES] [APPENDS]
#     DIR      must not exist yet
#     CRATES   how many crate versions of the cache to use (default 327: all of them on the
#              measuring VM)
#     APPENDS  commits appending one line each (default 700)
set -euo pipefail

DIR=${1:?usage: git-repo.sh DIR [CRATES] [APPENDS]}
CRATES=${2:-327}
APPENDS=${3:-700}
REGISTRY=$(ls -d "$HOME"/.cargo/registry/src/*/ | head -n 1)
[[ -d $REGISTRY ]] || { echo "no cargo registry cache under ~/.cargo/registry/src" >&2; exit 1; }
[[ ! -e $DIR ]] || { echo "$DIR exists: name a new directory" >&2; exit 1; }

export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com GIT_CONFIG_NOSYSTEM=1
clock=1600000000
commit() {
    clock=$((clock + 3600))
    GIT_AUTHOR_DATE="@$clock +0000" GIT_COMMITTER_DATE="@$clock +0000" git -C "$DIR" commit -q -m "$1"
}

git init -q -b main "$DIR"
# No automatic gc in the background: the one at the end packs everything once.
git -C "$DIR" config gc.auto 0
# A crate's name: its directory's name less the version (`hashbrown-0.14.5`, `foo-1.0.0+wasi`).
name_of() { sed -E 's/-[0-9]+\.[0-9]+\.[0-9]+([-+].*)?$//'; }
# The versions used, by name then version; the first of each name is committed in the first phase.
# sed, not head: head's early exit would kill the writer with SIGPIPE, and pipefail would stop us.
versions=$(ls "$REGISTRY" | sed -n "1,${CRATES}p" | sort -V)
declare -A first
upgrades=()
for crate in $versions; do
    name=$(name_of <<< "$crate")
    if [[ -z ${first[$name]:-} ]]; then first[$name]=$crate; else upgrades+=("$crate"); fi
done
copy_in() { # copy_in VERSION DIRECTORY: the version's files, as committed, in the directory
    cp -r "$REGISTRY/$1" "$DIR/$2"
    # Nested repositories and ignore files of the crates would change what is committed.
    rm -rf "$DIR/$2/.git"
    git -C "$DIR" add -A -f "$2"
}
n=0
for crate in $(printf '%s\n' "${first[@]}" | sort); do
    copy_in "$crate" "$crate"
    commit "add $crate"
    n=$((n + 1))
done
target=$(cd "$DIR" && git ls-files '*.rs' | sed -n 1p)
for i in $(seq 1 "$APPENDS"); do
    echo "// line $i" >> "$DIR/$target"
    git -C "$DIR" add "$target"
    commit "append $i"
done
git -C "$DIR" tag release-1
for crate in "${upgrades[@]}"; do
    dir=${first[$(name_of <<< "$crate")]}
    git -C "$DIR" rm -r -q "$dir"
    rm -rf "${DIR:?}/$dir"
    copy_in "$crate" "$dir"
    commit "upgrade $dir to $crate"
done
git -C "$DIR" tag release-2
git -C "$DIR" gc -q --prune=now
echo "$DIR: $n crates, $APPENDS appends to $target, ${#upgrades[@]} upgrades, $(git -C "$DIR" rev-list --count HEAD) commits" >&2
