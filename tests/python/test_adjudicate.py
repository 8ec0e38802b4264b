"""dipadj.adjudicate and adjudicate_many against each other and the command line; DATC chapter 6
through the Python API."""
import json
import os
import pathlib
import subprocess

import pytest
import yaml

import dipadj
from conftest import random_phases


def test_adjudicate_many_equals_one_by_one(phases):
    one_by_one = [dipadj.adjudicate(game) for game in phases]
    assert dipadj.adjudicate_many(phases, threads=1) == one_by_one
    assert dipadj.adjudicate_many(phases, threads=2) == one_by_one
    assert dipadj.adjudicate_many([json.dumps(game) for game in phases[:20]]) == one_by_one[:20]
    # The dicts are made from the core's events, the texts written by its text writer: two paths.
    as_text = dipadj.adjudicate_many(phases, threads=2, as_text=True)
    assert all(isinstance(text, str) for text in as_text)
    assert [json.loads(text) for text in as_text] == one_by_one
    # The results of the command line, for a few.
    for game, result in list(zip(phases, one_by_one))[:5]:
        done = subprocess.run([os.environ["DIPADJ_CLI"], "adjudicate", "--json", "-"], input=json.dumps(game),
                              capture_output=True, text=True, check=True)
        assert json.loads(done.stdout) == result


def test_results_share_no_container():
    game = {"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Movement",
            "units": {"France": ["A Paris", "A Marseilles"]}, "orders": {"France": ["A Par - Bur", "A Mar - Bur"]}}
    first, second = dipadj.adjudicate_many([game, game], threads=2)
    assert first == second
    first["orders"][0]["result"] = "changed"
    first["units"]["France"].append("F Brest")
    assert second["orders"][0]["result"] == "fails"
    assert second["units"]["France"] == ["A Marseilles", "A Paris"]
    # A text that is not ASCII (here in an error: a game file's orders must read) alike in both forms.
    game["orders"]["France"] = ["A Paris \u2192 Burgundy"]
    result = dipadj.adjudicate_many([game])[0]
    assert "\u2192" in result["error"]
    assert result == json.loads(dipadj.adjudicate_many([game], as_text=True)[0])


def test_a_bad_game_among_many_gives_its_error_in_place():
    lines = random_phases(40, 9, bad_lines=4)
    results = dipadj.adjudicate_many(lines, threads=2)
    assert len(results) == len(lines)
    errors = [(n, r) for n, r in enumerate(results, 1) if "error" in r]
    assert len(errors) == 4
    for n, error in errors:
        assert error["line"] == n and error["error"]
    assert [json.loads(text) for text in dipadj.adjudicate_many(lines, threads=2, as_text=True)] == results


def test_lazy_results_are_the_dicts_as_read_only_mappings(phases):
    import collections.abc
    games = phases[:40] + [{"variant": "standard", "orders": {"Nowhere": ["A Par H"]}}]
    dicts = dipadj.adjudicate_many(games, threads=2)
    lazy = dipadj.adjudicate_many(games, threads=2, lazy=True)
    assert len(lazy) == len(dicts)
    for result, expected in zip(lazy, dicts):
        assert isinstance(result, collections.abc.Mapping) and not isinstance(result, dict)
        assert result == expected and expected == result and not result != expected
        assert dict(result) == expected
        assert len(result) == len(expected) and list(result) == list(expected)
        assert list(result.keys()) == list(expected.keys()) and list(result.items()) == list(expected.items())
        assert list(result.values()) == list(expected.values())
        assert all(key in result for key in expected) and "nothing" not in result
        assert result.get("nothing") is None and result.get("nothing", 3) == 3
        assert json.loads(json.dumps(dict(result))) == expected
        assert repr(result) == repr(expected)
    assert lazy[0] == dipadj.adjudicate_many(games[:1], lazy=True)[0] and lazy[0] != lazy[1]
    assert lazy[-1]["line"] == len(games) and "unknown power" in lazy[-1]["error"]
    with pytest.raises(KeyError):
        lazy[0]["nothing"]
    with pytest.raises(TypeError):
        lazy[0]["phase"] = "Spring 1901 Movement"  # read-only
    with pytest.raises(TypeError):
        hash(lazy[0])
    # Read more than once, and read after the others are gone: the same values.
    first = lazy[0]
    del lazy
    assert first["orders"] == dicts[0]["orders"] and first["orders"] is first["orders"]


def test_dicts_given_are_read_as_their_json_text():
    """A game given as a dict is written as JSON by the module (json.dumps for what it does not
    write itself): any dict gives what its json.dumps text gives."""
    base = {"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Movement",
            "units": {"France": ["A Paris", "A Marseilles"], "Germany": ("A Munich",)}}
    games = [
        dict(base, orders={"France": ["A Par - Bur", "A Mar - Bur"], "Germany": ["A Mun - Bur"]}),
        dict(base, orders={"France": ["A Par - \"Bur\"\\", "A Mar - Bur\u00e9\u2192\x01\n"]}),
        {key: value for key, value in base.items() if key != "format"} | {"orders": {"France": ["A Par H"]}},
        dict(base, orders={"France": None}, winner=None),
        dict(base, mobilizing=True),
        dict(base, orders={}, extra=1.5),
        dict(base, orders={}, extra=2**70),
        {**base, 1: "one"},
        dict(base, orders={"France": ["A Par - Bur\ud800"]}),
    ]
    for game in games:
        text = json.dumps(game if "format" in game else {"format": "dipadj-game/1", **game})
        assert dipadj.adjudicate_many([game]) == dipadj.adjudicate_many([text]), game
        assert dipadj.adjudicate_many([game], lazy=True) == dipadj.adjudicate_many([text]), game


def datc_games(source):
    """The single-phase Standard cases of DATC v2.4 chapter 6 as game files with their expectations."""
    for path in sorted((source / "datc" / "v2.4").glob("6.*.yaml")):
        data = yaml.safe_load(path.read_text())
        if data.get("variant") != "standard" or set(data) - {"format", "source", "variant", "cases"}:
            continue
        for case in data["cases"]:
            if set(case) - {"id", "title", "units", "orders", "expect_units", "expect_dislodged", "note", "not_under", "phase",
                            "supply_centres"}:
                continue  # several phases, rules of its own, and the like: the case runner's
            game = {"format": "dipadj-game/1", "variant": "standard", "units": case.get("units", {}), "orders": {}}
            if "phase" in case:
                game["phase"] = case["phase"]
            if "supply_centres" in case:
                game["supply_centres"] = case["supply_centres"]
            expected = []
            for power, orders in (case.get("orders") or {}).items():
                for item in orders or []:
                    (text, result), = item.items()
                    game["orders"].setdefault(power, []).append(text)
                    expected.append((power, text, result))
            yield case["id"], game, expected, case.get("expect_units")


def test_datc_chapter_6_through_python(source):
    checked = 0
    failures = []
    for case_id, game, expected, expect_units in datc_games(source):
        if game.get("phase", "Spring 1901 Movement").endswith("Movement") is False:
            continue
        results = dipadj.adjudicate(game)
        got = [(o["power"], o["written"], o["result"]) for o in results["orders"]]
        if got != expected:
            failures.append(f"{case_id}: {got} != {expected}")
        if expect_units is not None:
            after = {power: sorted(units) for power, units in results["units"].items()}
            want = {power: sorted(units) for power, units in expect_units.items() if units}
            if after != want:
                failures.append(f"{case_id}: units {after} != {want}")
        checked += 1
    assert not failures, "\n".join(failures)
    assert checked >= 100


def test_a_game_python_cannot_write_as_json_stops_the_call_cleanly():
    game = {"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Movement",
            "units": {"France": ["A Paris"]}, "orders": {}}
    with pytest.raises(TypeError):
        dipadj.adjudicate_many([game] * 40 + [{1, 2}] + [game] * 5, threads=2)
    # The threads of the failed call are gone; the next call works.
    assert len(dipadj.adjudicate_many(iter([game] * 3), threads=3)) == 3
