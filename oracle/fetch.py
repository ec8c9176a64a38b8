"""Fetches the pinned trees of trees.toml into the cache, through each registry's own client
(apt-get download, npm pack, cargo fetch, pip download), and checks each download against the
sha256 the pin records, so that every run reads the same code. Nothing fetched is committed."""

import glob
import hashlib
import os
import shutil
import subprocess
import tarfile
import zipfile


class FetchError(Exception):
    pass


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _run(command, cwd, env=None):
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise FetchError(f"{' '.join(command)} failed: {(done.stderr or done.stdout).strip()[-400:]}")


def _download_deb(tree, into):
    _run(["apt-get", "download", f"{tree['name']}={tree['version']}"], cwd=into)
    return _one(into, "*.deb")


def _download_npm(tree, into):
    _run(["npm", "pack", "--silent", f"{tree['name']}@{tree['version']}"], cwd=into)
    return _one(into, "*.tgz")


def _download_crate(tree, into):
    home = os.path.join(into, "cargo-home")
    project = os.path.join(into, "project")
    os.makedirs(os.path.join(project, "src"), exist_ok=True)
    with open(os.path.join(project, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "oracle-fetch"\nversion = "0.0.0"\nedition = "2021"\n\n')
        f.write(f"[dependencies]\n{tree['name']} = {{ version = \"={tree['version']}\", default-features = false }}\n")
    open(os.path.join(project, "src", "lib.rs"), "w").close()
    env = dict(os.environ, CARGO_HOME=home)
    _run(["cargo", "fetch", "--quiet"], cwd=project, env=env)
    crate = glob.glob(os.path.join(home, "registry", "cache", "*", f"{tree['name']}-{tree['version']}.crate"))
    if len(crate) != 1:
        raise FetchError(f"cargo fetch left no {tree['name']}-{tree['version']}.crate")
    return crate[0]


def _download_wheel(tree, into, python):
    pin = f"{tree['name']}=={tree['version']}"
    _run([python, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:", pin], cwd=into)
    return _one(into, "*.whl")


def _one(folder, pattern):
    found = glob.glob(os.path.join(folder, pattern))
    if len(found) != 1:
        raise FetchError(f"expected one {pattern} in {folder}, found {len(found)}")
    return found[0]


def _unpack(archive, into):
    if archive.endswith(".deb"):
        _run(["dpkg-deb", "-x", archive, into], cwd=os.path.dirname(archive))
    elif archive.endswith(".whl"):
        with zipfile.ZipFile(archive) as z:
            z.extractall(into)
    else:
        with tarfile.open(archive) as t:
            t.extractall(into, filter="data")


def fetch(tree, cache, python):
    """The folder holding `tree`'s files, fetched and unpacked unless already there."""
    key = f"{tree['kind']}-{tree['name'].replace('/', '_').replace('@', '')}-{tree['version']}"
    root = os.path.abspath(os.path.join(cache, key))
    done = os.path.join(root, ".checked")
    if not os.path.exists(done):
        shutil.rmtree(root, ignore_errors=True)
        download = os.path.join(root, "download")
        os.makedirs(download)
        get = {"deb": _download_deb, "npm": _download_npm, "crate": _download_crate}.get(tree["kind"])
        archive = get(tree, download) if get else _download_wheel(tree, download, python)
        digest = sha256(archive)
        if digest != tree["sha256"]:
            raise FetchError(f"{key}: sha256 {digest}, the pin says {tree['sha256']}")
        _unpack(archive, os.path.join(root, "tree"))
        shutil.rmtree(download)
        open(done, "w").close()
    return os.path.join(root, "tree", tree.get("under", ""))
