#!/usr/bin/env python3
"""`dipadj batch` against `dipadj adjudicate --json`, line by line, on generated phases.

  compare_batch.py DIPADJ REPOSITORY [COUNT]

Generates COUNT (default 300) random Standard movement phases with scripts/random_phases.py
(seed fixed; ten malformed lines among them: not JSON, an unknown variant, an unknown power, two
units in one province, an order naming no province), runs them through `dipadj batch` with one
and with two threads, and each line on its own through `dipadj adjudicate FILE.json --json`.
Checks that:
- both batch runs print exactly the same lines, one per input line, in input order;
- every good line's batch result equals the object adjudicate --json prints for it;
- every malformed line gets {"line": N, "error": ...} naming its cause, adjudicate refuses it
  too, and the batch exits 1 saying how many lines failed;
- the phases really exercise the judge: illegal orders, dislodgements, cut supports, bounces and
  successful convoys all occur.
Exit status 1 with the differences listed, 0 when all agree.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

try:
    import yaml  # noqa: F401  (random_phases.py reads the map with it)
except ImportError as missing:
    print(f"compare_batch: skipped: {missing} (Debian python3-yaml)")
    sys.exit(77)


def main() -> int:
    dipadj, repository = sys.argv[1], pathlib.Path(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    generated = subprocess.run(
        [sys.executable, str(repository / "scripts" / "random_phases.py"), "--count", str(count), "--seed", "11",
         "--bad-lines", "10"],
        check=True, capture_output=True, text=True).stdout
    lines = generated.splitlines()
    failures = []

    runs = {}
    for threads in ("1", "2"):
        done = subprocess.run([dipadj, "batch", "--threads", threads], input=generated, capture_output=True, text=True)
        runs[threads] = done
        if done.returncode != 1:
            failures.append(f"batch --threads {threads}: exit status {done.returncode}, expected 1 (there are bad lines)")
        if "10 failed" not in done.stderr:
            failures.append(f"batch --threads {threads}: stderr does not count 10 failed lines: {done.stderr.strip()}")
    if runs["1"].stdout != runs["2"].stdout:
        failures.append("batch with 1 and 2 threads printed different output")
    results = runs["2"].stdout.splitlines()
    if len(results) != len(lines):
        failures.append(f"{len(lines)} lines in, {len(results)} lines out")
        results += [""] * (len(lines) - len(results))

    seen = {"illegal": 0, "dislodged": 0, "cut": 0, "bounced": 0, "convoyed": 0, "errors": 0}
    expected_causes = ["not JSON", "cannot load variant 'no-such-variant'", "unknown power 'Atlantis'",
                       "already holds a unit", "unknown province 'xanadu'"]
    causes_found = set()
    with tempfile.TemporaryDirectory() as work:
        game = pathlib.Path(work) / "game.json"
        for number, (line, result_text) in enumerate(zip(lines, results), start=1):
            try:
                result = json.loads(result_text)
            except json.JSONDecodeError as error:
                failures.append(f"line {number}: the batch printed no JSON ({error}): {result_text[:120]}")
                continue
            game.write_text(line)
            alone = subprocess.run([dipadj, "adjudicate", str(game), "--json"], capture_output=True, text=True)
            if "error" in result:
                seen["errors"] += 1
                if result.get("line") != number:
                    failures.append(f"line {number}: the error names line {result.get('line')}")
                for cause in expected_causes:
                    if cause in result["error"]:
                        causes_found.add(cause)
                if alone.returncode == 0:
                    failures.append(f"line {number}: batch refused it ({result['error']}) but adjudicate played it")
                continue
            if alone.returncode != 0:
                failures.append(f"line {number}: adjudicate refused what batch played: {alone.stderr.strip()[:200]}")
                continue
            if json.loads(alone.stdout) != result:
                failures.append(f"line {number}: batch and adjudicate --json differ")
                continue
            seen["dislodged"] += len(result["dislodged"])
            for order in result["orders"]:
                seen["illegal"] += order["result"] == "illegal"
                seen["cut"] += order["reason_code"] == "cut"
                seen["bounced"] += order["reason_code"] == "bounced"
                seen["convoyed"] += (order["result"] == "succeeds" and order["written"].startswith("A ")
                                     and " - " in order["written"]
                                     and any(o["written"].split(" C ", 1)[-1] == order["written"].replace(" via convoy", "")
                                             for o in result["orders"] if " C " in o["written"] and o["result"] == "succeeds"))
    for cause in expected_causes:
        if cause not in causes_found:
            failures.append(f"no error line says '{cause}'")
    if seen["errors"] != 10:
        failures.append(f"{seen['errors']} error lines, expected 10")
    for what in ("illegal", "dislodged", "cut", "bounced", "convoyed"):
        if seen[what] == 0:
            failures.append(f"no {what} in {count} phases: the comparison would not exercise the judge")
    if failures:
        print("compare_batch: differences:")
        print("\n".join(failures[:50]))
        return 1
    print(f"compare_batch: {len(lines)} lines agree with adjudicate --json ({seen})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
