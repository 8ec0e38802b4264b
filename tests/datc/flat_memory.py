#!/usr/bin/env python3
"""`dipadj datc` reads a case file case by case: its peak memory on a file of 30,000 cases stays
within twice that on a file of 300 (the DATC's chapter-6 cases repeated, scripts/many_cases.py),
and every case passes.

    flat_memory.py PEAK_MEMORY DIPADJ SOURCE_DIR [LONG_COUNT]

PEAK_MEMORY is tests/datc/peak_memory.c built: it runs a command and says its peak memory.
"""
import pathlib
import subprocess
import sys
import tempfile

peak_memory, dipadj, source = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
long_count = int(sys.argv[4]) if len(sys.argv) > 4 else 30_000
short_count = 300


def peak_kb(case_file: pathlib.Path, count: int) -> int:
    """Runs `dipadj datc` on the file; its peak resident memory in KB."""
    run = subprocess.run([peak_memory, dipadj, "datc", "--failures", str(case_file)], capture_output=True, text=True)
    text = run.stdout
    peaks = [line for line in run.stderr.splitlines() if line.startswith("peak_kb ")]
    if run.returncode != 0 or f"{count} passed, 0 failed" not in text or len(peaks) != 1:
        sys.exit(f"dipadj datc {case_file} did not pass all {count} cases:\n{text[-2000:]}\n{run.stderr[-2000:]}")
    return int(peaks[0].split()[1])


with tempfile.TemporaryDirectory() as scratch:
    files = {}
    for count in (short_count, long_count):
        files[count] = pathlib.Path(scratch) / f"cases-{count}.yaml"
        subprocess.run([sys.executable, str(source / "scripts" / "many_cases.py"), "--count", str(count), "-o", str(files[count])],
                       check=True)
    short = peak_kb(files[short_count], short_count)
    long = peak_kb(files[long_count], long_count)
    size = files[long_count].stat().st_size >> 20
print(f"peak memory: {short_count} cases {short} KB, {long_count} cases ({size} MB of YAML) {long} KB ({long / short:.2f}x)")
if long > 2 * short:
    sys.exit(f"FAIL: {long_count} cases took {long} KB, over twice the {short} KB of {short_count} cases")
