#!/usr/bin/env python3
"""Interleaved timing: each round runs every command once, in alternating order, so that a noisy
neighbour slows all commands of a round alike; prints the median wall, user and sys time of each.

    python3 benches/interleave.py ROUNDS 'cmd one' 'cmd two' ...
    COLD=1 python3 benches/interleave.py ...   # drop the page cache before every run (root)
    EVICT=0.25 TREE=/usr/src/linux-source-6.1 python3 benches/interleave.py ...
        # partly cold: before every run, read TREE whole, then evict that share of its files from
        # the page cache (posix_fadvise DONTNEED), the same files for every command of a round

User and sys times come from os.times() (10 ms ticks). Output of the commands is discarded.
"""
import os
import random
import shlex
import statistics
import subprocess
import sys
import time


def run(command: str) -> None:
    subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def tree_files(tree: str) -> list:
    return sorted(os.path.join(d, f) for d, _, names in os.walk(tree) for f in names)


def touch_all(files: list) -> None:
    for path in files:
        try:
            with open(path, "rb") as f:
                while f.read(1 << 20):
                    pass
        except OSError:
            pass


def evict(files: list, share: float, seed: int) -> None:
    for path in random.Random(seed).sample(files, int(len(files) * share)):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            continue
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)


def main() -> None:
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    cold = os.environ.get("COLD") == "1"
    share = float(os.environ.get("EVICT", "0"))
    files = tree_files(os.environ["TREE"]) if share > 0 else []
    times = {c: [] for c in commands}
    if not cold:
        for c in commands:  # one warm-up run each
            run(c)
    for r in range(rounds):
        for c in commands if r % 2 == 0 else commands[::-1]:
            if cold:
                subprocess.run("sync; echo 3 > /proc/sys/vm/drop_caches", shell=True, check=True)
            elif files:
                touch_all(files)
                evict(files, share, r)
            t0, r0 = time.perf_counter(), os.times()
            run(c)
            t1, r1 = time.perf_counter(), os.times()
            times[c].append((t1 - t0, r1.children_user - r0.children_user, r1.children_system - r0.children_system))
    for c in commands:
        wall, user, sys_ = (statistics.median(x[k] for x in times[c]) * 1000 for k in range(3))
        print(f"wall {wall:7.1f} ms  user {user:6.0f}  sys {sys_:6.0f}  {c}")


if __name__ == "__main__":
    main()
