#!/usr/bin/env python3
"""Adjudicates a corpus of games with Dask distributed: partitions of game JSON lines mapped to
dipadj.adjudicate_many on the workers (docs/python.md).

    # on one machine, a local cluster of 2 worker processes:
    PYTHONPATH=build/python python3 examples/python/dask_replay.py games.jsonl --workers 2
    # on a cluster: start `dask scheduler` and `dask worker tcp://HOST:8786` on each machine
    # (each with dipadj installed), then
    python3 examples/python/dask_replay.py games.jsonl --scheduler tcp://HOST:8786

Writes one result line per game to standard output, in input order, as `dipadj batch` does.
"""
import argparse
import json
import sys
import time

from dask.distributed import Client, LocalCluster

from dipadj.distributed import adjudicate_corpus


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="JSON lines, one game file per line (- for standard input)")
    parser.add_argument("--scheduler", help="the address of a running Dask scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster")
    parser.add_argument("--partition", type=int, default=2000, help="games per task")
    args = parser.parse_args()
    source = sys.stdin if args.games == "-" else open(args.games)
    lines = [line for line in source.read().splitlines() if line.strip()]
    start = time.perf_counter()
    if args.scheduler:
        client = Client(args.scheduler)
        threads = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None)
        client = Client(cluster)
        threads = 1  # one worker process per core already
    with client:
        results = adjudicate_corpus(client, lines, partition_size=args.partition, threads=threads)
    for result in results:
        print(json.dumps(result, separators=(",", ":"), ensure_ascii=False))
    failed = sum(1 for r in results if "error" in r)
    print(f"dask_replay: {len(results)} games in {time.perf_counter() - start:.2f} s, {failed} failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
