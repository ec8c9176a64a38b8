#!/usr/bin/env bash
# Builds a git repository with a long history to measure ringloc's revision modes on (`--rev`,
# `diff`, `history`): one commit per crate of the local cargo registry cache (each crate's files
# under its own directory, in name order), then APPENDS commits that each add a line to one `.rs`
# file, then `git gc`. Fixed author and dates, so the commit ids depend only on the crates.
#
# Usage: bash benches/git-repo.sh DIR [CRATES] [APPENDS]
#     DIR      must not exist yet
#     CRATES   how many crates to commit (default 327: all of them on the measuring VM)
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
n=0
# sed, not head: head's early exit would kill the writer with SIGPIPE, and pipefail would stop us.
for crate in $(ls "$REGISTRY" | sed -n "1,${CRATES}p"); do
    cp -r "$REGISTRY/$crate" "$DIR/$crate"
    # Nested repositories and ignore files of the crates would change what is committed.
    rm -rf "$DIR/$crate/.git"
    git -C "$DIR" add -A -f "$crate"
    commit "add $crate"
    n=$((n + 1))
done
target=$(cd "$DIR" && git ls-files '*.rs' | sed -n 1p)
for i in $(seq 1 "$APPENDS"); do
    echo "// line $i" >> "$DIR/$target"
    git -C "$DIR" add "$target"
    commit "append $i"
done
git -C "$DIR" gc -q --prune=now
echo "$DIR: $n crates, $APPENDS appends to $target, $(git -C "$DIR" rev-list --count HEAD) commits" >&2
