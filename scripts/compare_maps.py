#!/usr/bin/env python3
"""Compares two dipadj boards: provinces, kinds, supply centres, coasts, army and fleet
adjacencies, names and tags. Prints every difference; exit status 1 when there is any.

    python3 scripts/compare_maps.py IMPORTED/map.yaml variants/standard/map.yaml
    python3 scripts/compare_maps.py IMPORTED/variant.yaml variants/loeb9/variant.yaml --option nafrica-tunis-difficult

Each side is a map.yaml, or a variant.yaml whose map is read with the variant's map_overlay
applied. --option NAME applies the second board's named map option (repeatable). A province
whose id is on one side only is matched with one of the same name on the other side only: that
counts as one difference (the id), and its borders are compared under the other side's id.
"""
import argparse
import os
import sys

import yaml


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def board_of_map(data):
    out = {}
    for p in data.get("provinces", []):
        coasts = {c: set(v) for c, v in (p.get("coasts") or {}).items()}
        out[p["id"]] = {"kind": p["kind"], "centre": bool(p.get("supply_centre")), "army": set(p.get("army", [])),
                        "fleet": set(p.get("fleet", [])), "coasts": coasts, "name": p.get("name")}
    return out


def tags_of(entries):
    """A tags: list as a set of ('province', id, tag) and ('border', a, b, tag)."""
    out = set()
    for entry in entries or []:
        for tag in entry.get("tags", []):
            if "province" in entry:
                out.add(("province", entry["province"], tag))
            else:
                a, b = sorted(entry["border"])
                out.add(("border", a, b, tag))
    return out


def fleet_list(board, place):
    province, _, coast = place.partition("/")
    return board[province]["coasts"][coast] if coast else board[province]["fleet"]


def apply_changes(board, tags, body):
    """A map option's body, or a variant's map_overlay: borders removed and added, tags added."""
    for verb in ("remove", "add"):
        for border in body.get(verb) or []:
            kind = "army" if "army" in border else "fleet"
            a, b = border[kind]
            for x, y in ((a, b), (b, a)):
                target = board[x]["army"] if kind == "army" else fleet_list(board, x)
                (target.discard if verb == "remove" else target.add)(y)
    tags |= tags_of(body.get("tags"))


def read_board(path, options):
    data = load(path)
    overlay = {}
    if str(data.get("format", "")).startswith("dipadj-variant"):
        overlay = data.get("map_overlay") or {}
        path = os.path.join(os.path.dirname(path), data["map"])
        data = load(path)
    board, tags = board_of_map(data), tags_of(data.get("tags"))
    apply_changes(board, tags, overlay)
    for name in options:
        if name not in (data.get("options") or {}):
            sys.exit(f"{path}: no map option '{name}'")
        apply_changes(board, tags, data["options"][name])
    return board, tags


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--option", action="append", default=[], help="a named map option of the second board")
    args = parser.parse_args()
    a, a_tags = read_board(args.first, [])
    b, b_tags = read_board(args.second, args.option)
    differences = []
    # Ids given differently: matched by name, then compared under the second side's id.
    renamed = {}
    for pid in sorted(set(a) - set(b)):
        same_name = [q for q in set(b) - set(a) if b[q]["name"] == a[pid]["name"]]
        if len(same_name) == 1:
            renamed[pid] = same_name[0]
            differences.append(f"{pid}: id '{pid}' vs '{same_name[0]}' (both named '{a[pid]['name']}')")

    def rename(place):
        province, slash, coast = place.partition("/")
        return renamed.get(province, province) + slash + coast

    a = {renamed.get(pid, pid): {**p, "army": {rename(x) for x in p["army"]}, "fleet": {rename(x) for x in p["fleet"]},
                                  "coasts": {c: {rename(x) for x in v} for c, v in p["coasts"].items()}}
         for pid, p in a.items()}
    a_tags = {("province", rename(t[1]), t[2]) if t[0] == "province" else ("border", *sorted((rename(t[1]), rename(t[2]))), t[3])
              for t in a_tags}
    for pid in sorted(set(a) - set(b)):
        differences.append(f"{pid}: only in {args.first}")
    for pid in sorted(set(b) - set(a)):
        differences.append(f"{pid}: only in {args.second}")
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
    for tag in sorted(a_tags - b_tags):
        differences.append(f"tag {' '.join(tag)}: only in {args.first}")
    for tag in sorted(b_tags - a_tags):
        differences.append(f"tag {' '.join(tag)}: only in {args.second}")
    for line in differences:
        print(line)
    print(f"{len(differences)} difference(s): {args.first} vs {args.second}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
