#!/usr/bin/env python3
"""Measures dipadj.adjudicate_many from Python: phases per second on generated Standard movement
phases (scripts/random_phases.py), with the results checked against one-by-one calls first.

    PYTHONPATH=build/python python3 scripts/bench_python.py [--count 3000] [--threads 2] [--runs 5]

Games are given as dicts and results come back as dicts: the conversions are part of what is
measured (the issue's figure). `--text` gives the games as JSON text, `--as-text` takes the results
as JSON text. `--keep-memory` runs the measurement in a Python process whose allocator keeps the
memory it frees instead of returning it to the system (PYTHONMALLOC=malloc with glibc's trim and
mmap thresholds raised; docs/python.md says why that matters on some machines).
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

import dipadj

here = pathlib.Path(__file__).resolve().parent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--text", action="store_true", help="games given as JSON text, not dicts")
    parser.add_argument("--as-text", action="store_true", help="results taken as JSON text (adjudicate_many(as_text=True))")
    parser.add_argument("--lazy", action="store_true",
                        help="results taken as dipadj.Result mappings, made into dicts when read (adjudicate_many(lazy=True)); "
                             "--read-all reads each one whole (dict(result)) inside the timing")
    parser.add_argument("--read-all", action="store_true", help="with --lazy: every result read whole within the time measured")
    parser.add_argument("--keep-memory", action="store_true", help="measure in a Python whose allocator keeps freed memory")
    args = parser.parse_args()
    if args.keep_memory and os.environ.get("PYTHONMALLOC") != "malloc":
        environment = dict(os.environ, PYTHONMALLOC="malloc", MALLOC_TRIM_THRESHOLD_=str(4 << 30), MALLOC_MMAP_THRESHOLD_=str(4 << 30))
        os.execve(sys.executable, [sys.executable, *sys.argv], environment)
    lines = subprocess.run([sys.executable, str(here / "random_phases.py"), "--count", str(args.count), "--seed", str(args.seed)],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    games = lines if args.text else [json.loads(line) for line in lines]
    checked = dipadj.adjudicate_many(games[:300], threads=args.threads, lazy=args.lazy)
    if checked != [dipadj.adjudicate(game) for game in games[:300]]:
        sys.exit("adjudicate_many differs from adjudicate")
    rates = []
    results = None
    for run in range(args.runs):
        results = None  # the last run's results freed before timing, not during
        start = time.perf_counter()
        results = dipadj.adjudicate_many(games, threads=args.threads, as_text=args.as_text, lazy=args.lazy)
        if args.lazy and args.read_all:
            results = [dict(result) for result in results]
        seconds = time.perf_counter() - start
        assert len(results) == len(games)
        rates.append(len(games) / seconds)
        print(f"run {run + 1}: {seconds:.3f} s, {rates[-1]:,.0f} phases/s")
    print(f"median: {statistics.median(rates):,.0f} phases/s ({len(games)} phases, {args.threads} threads, "
          f"{'text' if args.text else 'dicts'} in, "
          f"{'text' if args.as_text else 'lazy mappings' + (' read whole' if args.read_all else '') if args.lazy else 'dicts'} out"
          f"{', memory kept' if os.environ.get('PYTHONMALLOC') == 'malloc' else ''})")


if __name__ == "__main__":
    main()
