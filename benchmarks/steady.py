"""Runs the browser tests again and again while other work keeps the processor busy, and
prints each run's result and time: a test that fails only now and then shows here.

The load is ``hogs`` processes that spin without pause (one by default: half of a 2-core
machine), started before the first run and stopped after the last; the tests run as the
README's test command runs them (``-n auto``).

Run: python benchmarks/steady.py [runs] [hogs]   (10 runs, 1 hog unless given)
"""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def spin() -> None:
    while True:
        pass


def main(runs: int = 10, hogs: int = 1) -> int:
    load = [multiprocessing.Process(target=spin, daemon=True) for _ in range(hogs)]
    for hog in load:
        hog.start()
    print(f"{runs} runs of the browser tests beside {hogs} spinning process(es)", flush=True)
    failed = 0
    try:
        for run in range(1, runs + 1):
            began = time.monotonic()
            done = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-n", "auto", "-p", "no:cacheprovider"]
                + ["tests/e2e"],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            took = time.monotonic() - began
            last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
            print(
                f"run {run}: {'passed' if done.returncode == 0 else 'FAILED'}, {took:.0f} s: {last}"
            )
            if done.returncode != 0:
                failed += 1
                print(done.stdout[-4000:], flush=True)
            sys.stdout.flush()
    finally:
        for hog in load:
            hog.terminate()
    print(f"{runs - failed} of {runs} runs passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
