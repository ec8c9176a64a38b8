#!/usr/bin/env bash
# Builds the polyglot monorepo that benches/compare.sh and benches/families.sh measure: 20 pinned
# public packages (benches/monorepo.toml) from Debian, npm and their kind, each sha256-checked, with
# at least 100,000 lines of each of JavaScript, TypeScript, HTML, JSON, C++, Rust, Python, Java, Go,
# Markdown and YAML, minified JavaScript and a 20 MB one-line JSON file among them; about 1.5 GB.
#
# Usage:
#     bash benches/monorepo.sh [FOLDER]   (default: ~/.cache/ringloc-bench/monorepo)
#
# A rerun fetches only the parts missing from FOLDER and removes the parts no longer pinned; it
# refuses a non-empty FOLDER it did not build. Needs python3 (3.11 or later), apt-get, dpkg-deb and
# npm; it installs nothing. The last line on stdout is FOLDER, then ringloc's table of it when
# RINGLOC names a ringloc binary.
set -euo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
folder=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/ringloc-bench/monorepo}

for tool in python3 apt-get dpkg-deb npm; do
    command -v "$tool" >/dev/null || { echo "monorepo: $tool is missing" >&2; exit 1; }
done
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    { echo "monorepo: python3 is older than 3.11 (tomllib)" >&2; exit 1; }

mkdir -p -- "$folder"
python3 "$here/monorepo.py" "$here/monorepo.toml" "$folder"
folder=$(realpath -- "$folder")
echo "$folder"
if [[ -n ${RINGLOC:-} ]]; then
    "$RINGLOC" --no-ignore --hidden "$folder"
fi
