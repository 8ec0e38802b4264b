#!/usr/bin/env python3
"""Compares two dipadj maps (map.yaml files): provinces, kinds, supply centres, coasts, and army
and fleet adjacencies. Prints every difference; exit status 1 when there is any.

    python3 scripts/compare_maps.py IMPORTED/map.yaml variants/standard/map.yaml
"""
import sys

import yaml


def board(path):
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    out = {}
    for p in data.get("provinces", []):
        fleet = set(p.get("fleet", []))
        coasts = {c: set(v) for c, v in (p.get("coasts") or {}).items()}
        out[p["id"]] = {"kind": p["kind"], "centre": bool(p.get("supply_centre")), "army": set(p.get("army", [])),
                        "fleet": fleet, "coasts": coasts, "name": p.get("name")}
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = board(sys.argv[1]), board(sys.argv[2])
    differences = []
    for pid in sorted(set(a) - set(b)):
        differences.append(f"{pid}: only in {sys.argv[1]}")
    for pid in sorted(set(b) - set(a)):
        differences.append(f"{pid}: only in {sys.argv[2]}")
    for pid in sorted(set(a) & set(b)):
        x, y = a[pid], b[pid]
        for key in ("kind", "centre"):
            if x[key] != y[key]:
                differences.append(f"{pid}: {key} {x[key]} vs {y[key]}")
        for key in ("army", "fleet"):
            if x[key] != y[key]:
                differences.append(f"{pid}: {key} only first {sorted(x[key] - y[key])}, only second {sorted(y[key] - x[key])}")
        if set(x["coasts"]) != set(y["coasts"]):
            differences.append(f"{pid}: coasts {sorted(x['coasts'])} vs {sorted(y['coasts'])}")
        for c in sorted(set(x["coasts"]) & set(y["coasts"])):
            if x["coasts"][c] != y["coasts"][c]:
                differences.append(f"{pid}/{c}: fleet only first {sorted(x['coasts'][c] - y['coasts'][c])}, "
                                   f"only second {sorted(y['coasts'][c] - x['coasts'][c])}")
        if x["name"] != y["name"]:
            differences.append(f"{pid}: name '{x['name']}' vs '{y['name']}'")
    for line in differences:
        print(line)
    print(f"{len(differences)} difference(s): {sys.argv[1]} vs {sys.argv[2]}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
