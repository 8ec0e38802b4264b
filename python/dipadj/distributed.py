"""Adjudicating a corpus of games past one machine with Dask distributed (docs/python.md).

The games travel as JSON lines (one game file per line, as `dipadj batch` reads them), in
partitions; each worker runs dipadj.adjudicate_many on its partition, on its own cores, without
the GIL. Workers need only `import dipadj` to work: the same package installed on every machine.

    from dask.distributed import Client
    from dipadj.distributed import adjudicate_corpus
    client = Client("tcp://scheduler:8786")
    results = adjudicate_corpus(client, lines)
"""
from typing import Iterable, Optional, Sequence


def adjudicate_partition(lines: Sequence[str], first_line: int = 1, threads: Optional[int] = None) -> list:
    """One partition on one worker: the results of its games, in order (dicts). An error's `line`
    counts in the whole corpus, whose line `first_line` the partition starts with."""
    import dipadj  # on the worker

    results = dipadj.adjudicate_many(list(lines), threads=threads)
    for result in results:
        if "error" in result and "line" in result:
            result["line"] += first_line - 1
    return results


def partitions(lines: Sequence[str], size: int) -> Iterable[Sequence[str]]:
    for start in range(0, len(lines), size):
        yield lines[start:start + size]


def adjudicate_corpus(client, lines: Sequence[str], partition_size: int = 2000, threads: Optional[int] = None) -> list:
    """Every game's results, in the order of `lines`, computed by the client's workers.

    `threads`: threads per partition on a worker (None: every core of the worker's machine; with
    several worker processes on one machine, give 1).
    """
    size = max(1, partition_size)
    parts = list(partitions(list(lines), size))
    firsts = [1 + k * size for k in range(len(parts))]
    futures = client.map(adjudicate_partition, parts, firsts, threads=threads, pure=False)
    out = []
    for part in client.gather(futures):
        out.extend(part)
    return out
