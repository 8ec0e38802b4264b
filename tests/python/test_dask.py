"""Past one machine: a corpus adjudicated by Dask distributed workers (a LocalCluster of 2 worker
processes on loopback) gives the results of adjudicate_many in one process."""
import json
import os
import subprocess
import sys

import pytest

import dipadj
from conftest import SOURCE, random_phases

distributed = pytest.importorskip("distributed", reason="Debian python3-distributed")


def test_a_corpus_on_a_local_cluster_equals_one_process():
    from dipadj.distributed import adjudicate_corpus

    lines = random_phases(400, 11, bad_lines=2)
    expected = dipadj.adjudicate_many(lines, threads=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        results = adjudicate_corpus(client, lines, partition_size=75, threads=1)
        assert results == expected
        # The work was spread: both workers ran partitions.
        assert len(client.scheduler_info()["workers"]) == 2


def test_the_example_script(tmp_path):
    games = tmp_path / "games.jsonl"
    games.write_text("\n".join(random_phases(60, 12)) + "\n")
    done = subprocess.run([sys.executable, str(SOURCE / "examples" / "python" / "dask_replay.py"), str(games), "--workers", "2",
                           "--partition", "20"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert [json.loads(line) for line in lines] == dipadj.adjudicate_many(games.read_text().splitlines(), threads=1)
