"""Builds the polyglot monorepo of benches/monorepo.toml into a folder: each pinned part is fetched
and sha256-checked by oracle/fetch.py (the oracle's trees come the same way), then pruned to the
folder its pin keeps and unpacked further where the pin says so. Run through benches/monorepo.sh."""

import gzip
import os
import shutil
import sys
import tomllib
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))

import fetch  # noqa: E402  (oracle/fetch.py, found through the path above)

# A part's folder once built holds this marker's name under MARKERS: a rerun skips it.
MARKERS = ".built"
STAGING = ".staging"
# What the whole tree needs at most while it is built (1.4 GB in the end, plus a part unpacked).
NEEDED_BYTES = 2 << 30


class BuildError(Exception):
    pass


def part_key(part):
    name = part["name"].replace("@", "").replace("/", "-")
    return f"{part['kind']}-{name}-{part['version']}"


def check_folder(root, keys):
    """Refuses a folder that this script did not build; removes parts no longer pinned."""
    if os.path.isdir(root) and os.listdir(root) and not os.path.isdir(os.path.join(root, MARKERS)):
        raise BuildError(f"{root} is not empty and was not built by benches/monorepo.sh: name another folder")
    os.makedirs(os.path.join(root, MARKERS), exist_ok=True)
    for entry in os.listdir(root):
        if entry not in keys and entry not in (MARKERS, STAGING):
            print(f"monorepo: removing {entry}, no longer pinned", file=sys.stderr)
            shutil.rmtree(os.path.join(root, entry))
    for marker in os.listdir(os.path.join(root, MARKERS)):
        if marker not in keys:
            os.remove(os.path.join(root, MARKERS, marker))


def check_space(root, missing):
    free = shutil.disk_usage(root).free
    if missing and free < NEEDED_BYTES:
        raise BuildError(f"{free >> 20} MiB free where {root} lies; building needs about {NEEDED_BYTES >> 20} MiB")


def unzip_in_place(folder, archive):
    path = os.path.join(folder, archive)
    with zipfile.ZipFile(path) as z:
        z.extractall(folder)
    os.remove(path)


def gunzip_all(folder):
    for dirpath, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".gz"):
                packed = os.path.join(dirpath, name)
                with gzip.open(packed, "rb") as src, open(packed[:-3], "wb") as dst:
                    shutil.copyfileobj(src, dst)
                os.remove(packed)


def build_part(part, root):
    key = part_key(part)
    staging = os.path.join(root, STAGING)
    shutil.rmtree(staging, ignore_errors=True)
    shutil.rmtree(os.path.join(root, key), ignore_errors=True)
    print(f"monorepo: fetching {part['kind']} {part['name']} {part['version']}", file=sys.stderr)
    try:
        kept = os.path.normpath(fetch.fetch(part, staging, sys.executable))
    except fetch.FetchError as e:
        hint = ""
        if part["kind"] == "deb":
            hint = " (Debian may have replaced this version: see the head of benches/monorepo.toml)"
        raise BuildError(f"{e}{hint}") from e
    if not os.path.isdir(kept):
        raise BuildError(f"{key}: the package has no folder {part.get('under', '')}")
    os.rename(kept, os.path.join(root, key))
    shutil.rmtree(staging)
    if "unzip" in part:
        unzip_in_place(os.path.join(root, key), part["unzip"])
    if part.get("gunzip"):
        gunzip_all(os.path.join(root, key))
    open(os.path.join(root, MARKERS, key), "w").close()


def main(argv):
    if len(argv) != 3:
        raise BuildError("usage: monorepo.py PINS.toml FOLDER")
    with open(argv[1], "rb") as f:
        parts = tomllib.load(f)["part"]
    root = os.path.abspath(argv[2])
    keys = {part_key(p) for p in parts}
    check_folder(root, keys)
    missing = [p for p in parts if not os.path.exists(os.path.join(root, MARKERS, part_key(p)))]
    check_space(root, missing)
    for part in missing:
        build_part(part, root)
    print(f"monorepo: {len(parts)} parts in {root} ({len(missing)} fetched now)", file=sys.stderr)


if __name__ == "__main__":
    try:
        main(sys.argv)
    except (BuildError, OSError, zipfile.BadZipFile) as e:
        print(f"monorepo: error: {e}", file=sys.stderr)
        sys.exit(1)
