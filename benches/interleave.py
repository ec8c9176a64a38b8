#!/usr/bin/env python3
"""Interleaved timing: each round runs every command once, in alternating order, so that a noisy
neighbour slows all commands of a round alike; prints the median wall, user and sys time of each.

    python3 benches/interleave.py ROUNDS 'cmd one' 'cmd two' ...
    COLD=1 python3 benches/interleave.py ...   # drop the page cache before every run (root)

User and sys times come from os.times() (10 ms ticks). Output of the commands is discarded.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def main() -> None:
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    cold = os.environ.get("COLD") == "1"
    times = {c: [] for c in commands}
    if not cold:
        for c in commands:  # one warm-up run each
            subprocess.run(shlex.split(c), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for r in range(rounds):
        for c in commands if r % 2 == 0 else commands[::-1]:
            if cold:
                subprocess.run("sync; echo 3 > /proc/sys/vm/drop_caches", shell=True, check=True)
            t0, r0 = time.perf_counter(), os.times()
            subprocess.run(shlex.split(c), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t1, r1 = time.perf_counter(), os.times()
            times[c].append((t1 - t0, r1.children_user - r0.children_user, r1.children_system - r0.children_system))
    for c in commands:
        wall, user, sys_ = (statistics.median(x[k] for x in times[c]) * 1000 for k in range(3))
        print(f"wall {wall:7.1f} ms  user {user:6.0f}  sys {sys_:6.0f}  {c}")


if __name__ == "__main__":
    main()
