#!/usr/bin/env python3
"""Cost against size on random boards: runs tests/bench/dipadj_bench's BM_RandomBoard family and
BM_ConvoyCliff_Random400_300 on one core, several times, and prints per board the median time of a
phase, the time per unit, and how the phase with convoys compares with its twin without
(docs/performance.md). A benchmark, not a test: it asserts nothing.

    python3 scripts/bench_random_boards.py [build/tests/bench/dipadj_bench] [--repetitions 5]
"""
import argparse
import json
import re
import shutil
import subprocess


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bench", nargs="?", default="build/tests/bench/dipadj_bench")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--cpu", default="1", help="the core to run on (taskset)")
    args = parser.parse_args()
    command = [args.bench, "--benchmark_filter=RandomBoard|ConvoyCliff", "--benchmark_format=json",
               f"--benchmark_repetitions={args.repetitions}", "--benchmark_report_aggregates_only=true",
               "--benchmark_min_time=0.2"]
    if shutil.which("taskset"):
        command = ["taskset", "-c", args.cpu] + command
    result = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    medians = {}
    for run in result["benchmarks"]:
        if run.get("aggregate_name") == "median":
            medians[run["run_name"]] = run
    print(f"{'phase':<52} {'units':>5} {'median':>10} {'per unit':>9} {'vs twin':>8}")
    for name, run in medians.items():
        unit = "ns" if run["time_unit"] == "ns" else run["time_unit"]
        time = run["real_time"]
        units = int(run["units"])
        ratio = ""
        match = re.match(r"(.*)/convoys$", name)
        if match and f"{match.group(1)}/no_convoys" in medians:
            twin = medians[f"{match.group(1)}/no_convoys"]
            ratio = f"{(time / units) / (twin['real_time'] / int(twin['units'])):.2f}x"
        print(f"{name:<52} {units:>5} {time:>8.0f}{unit} {time / units:>7.1f}{unit} {ratio:>8}")


if __name__ == "__main__":
    main()
