#!/usr/bin/env python3
"""Random movement phases of a variant as JSON lines, one game file per line (dipadj batch's input).

  random_phases.py [--variant DIR] [--count N] [--seed S] [--bad-lines K] [--units MIN-MAX] > phases.jsonl

Reads the variant's map.yaml and variant.yaml (Debian python3-yaml) and, for each line, puts
random units of random powers on the board (one per province, where each kind can stand) and
gives most of them an order: holds, moves to neighbours, moves that are no border (illegal, or
convoyed where fleets at sea carry them), supports of holds and of moves (some to places the
supporter cannot reach, illegal), convoys by fleets at sea, and orders for units that are not
there. The mix makes bounces, dislodgements, cut supports, convoys and illegal orders common.
`--bad-lines K` puts K malformed lines among them (not JSON, an unknown variant, an unknown power,
two units in one province, an order naming no province), for tests of the error lines.

Written independently of dipadj's own order code, so that a comparison of `dipadj batch` with
`dipadj adjudicate --json` on these lines checks the one against the other, not against itself.
"""
import argparse
import json
import pathlib
import random
import sys

import yaml


def load(variant_dir):
    variant = yaml.safe_load((variant_dir / "variant.yaml").read_text())
    board = yaml.safe_load((variant_dir / variant.get("map", "map.yaml")).read_text())
    provinces = {}
    for p in board["provinces"]:
        provinces[p["id"]] = p
    return variant, provinces


class Board:
    def __init__(self, variant, provinces):
        self.powers = [p["name"] for p in variant["powers"]]
        self.name = variant["name"]
        self.provinces = provinces
        # Where an army stands and where it moves; where a fleet stands ("spa/nc" for a coast).
        self.army_places = [i for i, p in provinces.items() if p.get("kind") in ("land", "coastal")]
        self.fleet_places = []
        self.fleet_moves = {}
        for i, p in provinces.items():
            coasts = p.get("coasts")
            if coasts:
                for coast, borders in coasts.items():
                    self.fleet_places.append(f"{i}/{coast}")
                    self.fleet_moves[f"{i}/{coast}"] = list(borders or [])
            elif p.get("kind") in ("sea", "coastal"):
                self.fleet_places.append(i)
                self.fleet_moves[i] = list(p.get("fleet") or [])
        self.army_moves = {i: list(p.get("army") or []) for i, p in provinces.items()}
        self.seas = {i for i, p in provinces.items() if p.get("kind") == "sea"}


def province(place):
    return place.split("/")[0]


def unit_text(kind, place):
    return f"{kind} {place}"


def random_phase(board, rng, bad=None, units=(18, 34)):
    count = rng.randint(*units)
    occupied = {}
    units = {power: [] for power in board.powers}
    for _ in range(count * 3):
        if len(occupied) >= count:
            break
        kind = "F" if rng.random() < 0.4 else "A"
        place = rng.choice(board.fleet_places if kind == "F" else board.army_places)
        if province(place) in occupied:
            continue
        power = rng.choice(board.powers)
        occupied[province(place)] = (kind, place, power)
        units[power].append(unit_text(kind, place))

    def moves_of(kind, place):
        return board.fleet_moves.get(place, []) if kind == "F" else board.army_moves.get(place, [])

    orders = {power: [] for power in board.powers}
    everything = list(board.provinces)
    supported_moves = []  # (place of the supported unit, its target): most are then ordered
    convoyed_moves = []  # (place of a convoyed army, its target): all are then ordered
    for kind, place, power in occupied.values():
        roll = rng.random()
        me = unit_text(kind, place)
        neighbours = moves_of(kind, place)
        if roll < 0.05:
            continue  # no order: it holds
        if roll < 0.15 or not neighbours:
            orders[power].append(f"{me} H")
        elif roll < 0.55:
            orders[power].append(f"{me} - {rng.choice(neighbours)}")
        elif roll < 0.60:
            orders[power].append(f"{me} - {rng.choice(everything)}")  # mostly no border
        elif roll < 0.85:
            # Mostly supports that can be given: to a unit moving into, or holding in, a province
            # this one could move to; now and then any unit (illegal: out of reach).
            reach = {province(n) for n in neighbours}
            movers = [(other, t) for other in occupied.values() if other[1] != place
                      for t in moves_of(other[0], other[1]) if province(t) in reach]
            holders = [occupied[r] for r in reach if r in occupied]
            if rng.random() < 0.1 or not (movers or holders):
                other_kind, other_place, _ = rng.choice(list(occupied.values()))
                targets = moves_of(other_kind, other_place)
                if targets and rng.random() < 0.5:
                    orders[power].append(f"{me} S {unit_text(other_kind, other_place)} - {province(rng.choice(targets))}")
                else:
                    orders[power].append(f"{me} S {unit_text(other_kind, other_place)}")
            elif movers and (not holders or rng.random() < 0.7):
                (other_kind, other_place, _), target = rng.choice(movers)
                orders[power].append(f"{me} S {unit_text(other_kind, other_place)} - {province(target)}")
                supported_moves.append((other_place, target))
            else:
                other_kind, other_place, _ = rng.choice(holders)
                orders[power].append(f"{me} S {unit_text(other_kind, other_place)}")
        elif kind == "F" and place in board.seas:
            # Convoy an army on a shore of this sea to a shore of this sea or of a sea beside it.
            shores = [n for n in board.fleet_moves[place] if province(n) not in board.seas]
            armies = [occupied[province(s)] for s in shores
                      if province(s) in occupied and occupied[province(s)][0] == "A"]
            reach = set(province(s) for s in shores)
            for sea in board.fleet_moves[place]:
                if sea in board.seas:
                    reach |= {province(s) for s in board.fleet_moves[sea] if province(s) not in board.seas}
            if armies and reach:
                _, army_place, army_power = rng.choice(armies)
                free = sorted(reach - {army_place} - set(occupied))  # mostly somewhere empty
                to = rng.choice(free if free and rng.random() < 0.8 else sorted(reach - {army_place}) or [army_place])
                orders[power].append(f"{me} C A {army_place} - {to}")
                convoyed_moves.append((army_place, to))
            else:
                orders[power].append(f"{me} H")
        else:
            orders[power].append(f"{me} - {rng.choice(neighbours)}")
    # A convoyed army is ordered to go (its own order replaced), now and then saying "via convoy".
    for army_place, to in convoyed_moves:
        _, _, army_power = occupied[army_place]
        mine = unit_text("A", army_place)
        orders[army_power] = [o for o in orders[army_power] if not o.startswith(mine + " ")]
        orders[army_power].append(f"{mine} - {to}" + (" via convoy" if rng.random() < 0.3 else ""))
    # Most supported moves are made: the supported unit's own order becomes that move.
    for other_place, target in supported_moves:
        if rng.random() < 0.7:
            other_kind, _, other_power = occupied[province(other_place)]
            mine = unit_text(other_kind, other_place)
            orders[other_power] = [o for o in orders[other_power] if not o.startswith(mine + " ")]
            orders[other_power].append(f"{mine} - {target}")
    # An order for a unit that is not there now and then (illegal, reported so).
    if rng.random() < 0.2:
        empty = [p for p in board.army_places if p not in occupied]
        if empty:
            orders[rng.choice(board.powers)].append(f"A {rng.choice(empty)} H")
    game = {
        "format": "dipadj-game/1",
        "variant": board.name,
        "phase": f"Spring {rng.randint(1901, 1920)} Movement",
        "units": {p: u for p, u in units.items() if u},
        "orders": {p: o for p, o in orders.items() if o},
    }
    if bad == "json":
        return json.dumps(game)[:-7]
    if bad == "variant":
        game["variant"] = "no-such-variant"
    elif bad == "power":
        game["units"]["Atlantis"] = ["A Par"]
    elif bad == "twice":
        land = [p for p in occupied if p in board.army_places]
        game["units"].setdefault(board.powers[0], []).append(unit_text("A", rng.choice(land)))
    elif bad == "nothing":
        game["orders"].setdefault(board.powers[0], []).append("A Xanadu - Nowhere")
    return json.dumps(game)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = pathlib.Path(__file__).resolve().parent.parent
    parser.add_argument("--variant", default=str(here / "variants" / "standard"))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bad-lines", type=int, default=0)
    parser.add_argument("--units", default="18-34", help="the units of a phase, at least and at most (MIN-MAX)")
    arguments = parser.parse_args()
    units = tuple(int(n) for n in arguments.units.split("-", 1))
    rng = random.Random(arguments.seed)
    board = Board(*load(pathlib.Path(arguments.variant)))
    kinds = ["json", "variant", "power", "twice", "nothing"]
    bad_at = {}
    for k in range(min(arguments.bad_lines, arguments.count)):
        line = rng.randrange(arguments.count)
        while line in bad_at:
            line = (line + 1) % arguments.count
        bad_at[line] = kinds[k % len(kinds)]
    out = sys.stdout
    for n in range(arguments.count):
        out.write(random_phase(board, rng, bad_at.get(n), units) + "\n")


if __name__ == "__main__":
    main()
