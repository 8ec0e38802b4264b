#!/usr/bin/env python3
"""Writes a case file of COUNT cases: the DATC's chapter-6 cases of the Standard map (datc/v2.4),
again and again, each copy with its own id ("6.A.1#2"). For measuring `dipadj datc` on long files
(its memory must not grow with the number of cases; docs/cli.md).

    python3 scripts/many_cases.py --count 30000 -o /tmp/many.yaml
"""
import argparse
import pathlib
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent


def standard_cases():
    """The cases of the v2.4 chapter-6 files that set no rules of their own."""
    cases = []
    for path in sorted((ROOT / "datc" / "v2.4").glob("6.*.yaml")):
        data = yaml.safe_load(path.read_text())
        if data.get("variant") != "standard" or set(data) - {"format", "source", "variant", "cases"}:
            continue
        cases += data["cases"]
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    cases = standard_cases()
    if not cases:
        sys.exit("no chapter-6 cases found under datc/v2.4")
    # Each case written once; its copies differ only in the id (the first line).
    texts = []
    for case in cases:
        body = dict(case)
        del body["id"]
        text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=1000)
        texts.append((case["id"], "".join("    " + line + "\n" for line in text.splitlines())))
    with open(args.output, "w") as out:
        out.write(f"format: dipadj-cases/1\nsource: DATC chapter 6, repeated ({args.count} cases)\nvariant: standard\ncases:\n")
        for number in range(args.count):
            case_id, body = texts[number % len(texts)]
            out.write(f"  - id: {case_id}#{number // len(texts) + 1}\n{body}")

if __name__ == "__main__":
    main()
