"""Shared fixtures of the Python module's tests: where the sources are, generated phases."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(os.environ.get("DIPADJ_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture(scope="session")
def source():
    return SOURCE


def random_phases(count, seed, bad_lines=0):
    """Game files as dicts from scripts/random_phases.py (written independently of dipadj's code)."""
    done = subprocess.run([sys.executable, str(SOURCE / "scripts" / "random_phases.py"), "--count", str(count), "--seed", str(seed),
                           "--bad-lines", str(bad_lines)], check=True, capture_output=True, text=True)
    return [line for line in done.stdout.splitlines() if line.strip()]


@pytest.fixture(scope="session")
def phases():
    return [json.loads(line) for line in random_phases(300, 5)]
