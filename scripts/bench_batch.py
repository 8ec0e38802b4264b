#!/usr/bin/env python3
"""The figure issue 11 asks of `dipadj batch`: phases per second and peak memory on 30,000 random
Standard movement phases (scripts/random_phases.py, seed 1), whole process, from a file.

  bench_batch.py [--dipadj build/cli/dipadj] [--count 30000] [--threads 2] [--runs 3]

Prints each run's time, phases per second and peak resident memory, then the median. The results
are checked: every line must be a result (no error line). A measurement, not a test: the figures
depend on the machine.
"""
import argparse
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def main() -> int:
    here = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dipadj", default=str(here / "build" / "cli" / "dipadj"))
    parser.add_argument("--count", type=int, default=30000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        phases = pathlib.Path(work) / "phases.jsonl"
        with phases.open("w") as out:
            subprocess.run([sys.executable, str(here / "scripts" / "random_phases.py"), "--count", str(arguments.count),
                            "--seed", "1"], check=True, stdout=out)
        rates = []
        for run in range(arguments.runs):
            results = pathlib.Path(work) / "results.jsonl"
            started = time.perf_counter()
            with results.open("w") as out:
                # A fresh child each run: ru_maxrss of RUSAGE_CHILDREN is the largest child so far.
                done = subprocess.run([arguments.dipadj, "batch", str(phases), "--threads", str(arguments.threads)],
                                      stdout=out, stderr=subprocess.PIPE, text=True)
            elapsed = time.perf_counter() - started
            peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            if done.returncode != 0 or " 0 failed" not in done.stderr:
                print(f"bench_batch: the batch failed: {done.stderr.strip()}")
                return 1
            rate = arguments.count / elapsed
            rates.append(rate)
            print(f"run {run + 1}: {elapsed:.2f} s, {rate:,.0f} phases/s, peak memory (largest run so far) {peak_mb:.0f} MB")
        print(f"median: {statistics.median(rates):,.0f} phases/s over {arguments.runs} runs "
              f"({arguments.count} phases, {arguments.threads} threads)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
