#!/usr/bin/env python3
"""Validates dipadj's JSON against docs/schema/*.json (Debian python3-jsonschema, python3-yaml).

  validate_json.py DIPADJ REPOSITORY

- Every game file of the repository (variants/*/examples, tests/data) that dipadj reads, as
  JSON (YAML files converted), against game.schema.json; so are the JSON game files.
- What `dipadj adjudicate --json` prints for each of them, and every phase of what
  `dipadj play --json` prints for each game record, and the results of every phase of the game
  history `dipadj play --history` writes, against result.schema.json.
- What `dipadj orders --json` prints for each of those game files against legal-orders.schema.json.
- The schemas refuse what they should: a game with an unknown key, a result without its
  reason_code.
Exit status 1 with the failures listed, 0 when everything validates.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

try:
    import jsonschema
    import yaml
except ImportError as missing:  # scripts/setup.sh installs both; without them the test is skipped
    print(f"validate_json: skipped: {missing} (Debian python3-jsonschema, python3-yaml)")
    sys.exit(77)


def main() -> int:
    dipadj, repository = sys.argv[1], pathlib.Path(sys.argv[2])
    schemas = repository / "docs" / "schema"
    validators = {}
    loaded = {name: json.loads((schemas / f"{name}.schema.json").read_text()) for name in ("game", "result", "legal-orders", "history")}
    # A schema may name another ("next_game" of a result is a game file): found by its $id, offline.
    store = {schema["$id"]: schema for schema in loaded.values()}
    for name, schema in loaded.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[name] = jsonschema.Draft202012Validator(schema, resolver=jsonschema.RefResolver.from_schema(schema, store=store))
    failures = []
    counts = {"game": 0, "result": 0, "legal-orders": 0, "history": 0}

    def check(kind, value, where):
        counts[kind] += 1
        for error in validators[kind].iter_errors(value):
            failures.append(f"{where}: {kind} schema: {'/'.join(map(str, error.path))}: {error.message}")

    def run(*arguments):
        done = subprocess.run([dipadj, *arguments], capture_output=True, text=True, cwd=repository)
        return done.returncode, done.stdout

    files = sorted(repository.glob("variants/*/examples/*.yaml")) + sorted((repository / "tests" / "data").glob("*.yaml"))
    files += sorted(repository.glob("tests/games/*.yaml"))
    files += [repository / "examples" / "c" / "spring-1901.json"] + sorted(repository.glob("fuzz/corpus/game_json/*.json"))
    for path in files:
        text = path.read_text()
        try:
            document = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        except (ValueError, yaml.YAMLError):
            continue  # malformed on purpose (tests/data holds such files)
        if not isinstance(document, dict):
            continue
        where = str(path.relative_to(repository))
        if document.get("format") == "dipadj-game/1":
            status, output = run("adjudicate", "--json", str(path))
            if status != 0:
                continue  # a file made to be refused (tests/data holds several)
            check("game", json.loads(json.dumps(document, default=str)), where)
            check("result", json.loads(output), where + " (adjudicate --json)")
            # The same game through batch --with-next: the result holds the next phase's game file.
            done = subprocess.run([dipadj, "batch", "--with-next"], input=json.dumps(document, default=str) + "\n",
                                  capture_output=True, text=True, cwd=repository)
            answer = json.loads(done.stdout.splitlines()[0])
            if "next_game" not in answer:
                failures.append(f"{where}: batch --with-next gave no next_game")
            check("result", answer, where + " (batch --with-next)")
            status, output = run("orders", "--json", str(path))
            if status != 0:
                failures.append(f"{where}: dipadj orders failed")
            else:
                check("legal-orders", json.loads(output), where + " (orders --json)")
        elif document.get("format") == "dipadj-record/1":
            status, output = run("play", "--json", str(path))
            if status != 0:
                failures.append(f"{where}: dipadj play failed")
                continue
            for k, phase in enumerate(json.loads(output)):
                check("result", phase, f"{where} (play --json, phase {k + 1})")
            # The same phases in a game history: each one's results are the result object.
            with tempfile.TemporaryDirectory() as scratch:
                history = pathlib.Path(scratch) / "history.json"
                status, _ = run("play", str(path), "--history", str(history))
                if status != 0 or not history.exists():
                    failures.append(f"{where}: dipadj play --history failed")
                    continue
                saved = json.loads(history.read_text())
                check("history", saved, f"{where} (play --history)")
                if saved.get("format") != "dipadj-history/1" or not saved.get("phases"):
                    failures.append(f"{where}: the history has no phases")
                for k, phase in enumerate(saved.get("phases", [])):
                    check("result", phase.get("results"), f"{where} (play --history, phase {k + 1})")

    # The schemas are not so loose that anything passes.
    if validators["game"].is_valid({"format": "dipadj-game/1", "variant": "standard", "unitz": {}}):
        failures.append("game schema: a game with the unknown key 'unitz' validates")
    sample = {"phase": "Spring 1901 Movement", "orders": [{"power": "France", "order": "A Paris Hold", "result": "succeeds",
              "reason": ""}], "dislodged": [], "disbanded": [], "units": {}, "supply_centres": {}, "next_phase": "Fall 1901 Movement"}
    if validators["result"].is_valid(sample):
        failures.append("result schema: an order without reason_code validates")
    sample["orders"][0]["reason_code"] = "Not A Code"
    if validators["result"].is_valid(sample):
        failures.append("result schema: the reason_code 'Not A Code' validates")

    if validators["legal-orders"].is_valid({"phase": "Spring 1901 Movement", "powers": {"France": {"units": {"A Paris": [1]}}}}):
        failures.append("legal-orders schema: a power without builds and other, an order that is no text, validates")

    if validators["history"].is_valid({"format": "dipadj-history/1", "variant": "standard", "phases": [{"phase": "x"}]}):
        failures.append("history schema: a phase without state, orders and results validates")

    if counts["game"] < 10 or counts["result"] < 30 or counts["legal-orders"] < 10 or counts["history"] < 1:
        failures.append(f"too little validated ({counts}): the files above were not found or not read")
    for failure in failures:
        print(failure)
    print(f"validate_json: {counts['game']} game files, {counts['result']} results, {counts['legal-orders']} lists of "
          f"legal orders and {counts['history']} histories checked, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
