"""dipadj.Game: a year of the Standard game, rules, Colonial's plugins, errors."""
import json
import os
import subprocess

import pytest

import dipadj


def test_a_year_of_the_standard_game():
    game = dipadj.Game("standard")
    assert game.phase == "Spring 1901 Movement"
    assert game.units["France"] == ["F Brest", "A Marseilles", "A Paris"]
    assert not game.is_over and game.winner is None
    game.set_orders("France", ["A Paris - Burgundy", "A Marseilles - Spain", "F Brest - Mid-Atlantic Ocean"])
    game.set_orders("Germany", ["A Munich - Ruhr", "F Kiel - Holland", "A Berlin - Kiel"])
    game.set_orders("Russia", ["A Warsaw - Galicia"])
    game.set_orders("Austria", ["A Vienna - Galicia", "A Budapest Supports A Vienna - Galicia"])
    assert game.orders["Germany"] == ["A Munich - Ruhr", "F Kiel - Holland", "A Berlin - Kiel"]
    results = game.process()
    assert results["phase"] == "Spring 1901 Movement" and results["next_phase"] == "Fall 1901 Movement"
    by_order = {o["order"]: o for o in results["orders"]}
    assert by_order["A Vienna - Galicia"]["result"] == "succeeds"
    assert by_order["A Warsaw - Galicia"]["reason_code"] == "bounced"
    assert game.results == results and game.orders == {}
    assert game.phase == "Fall 1901 Movement"
    game.set_orders("France", ["A Spain - Portugal", "F Mid-Atlantic Ocean Supports A Spain - Portugal"])
    game.set_orders("Germany", ["F Holland Hold", "A Ruhr - Belgium"])
    game.process()
    assert game.phase == "Winter 1901 Adjustments"
    assert "Portugal" in game.supply_centres["France"] and "Holland" in game.supply_centres["Germany"]
    builds = game.possible_orders("France")["builds"]
    assert "Build A Paris" in builds["Paris"] and "Build F Brest" in builds["Brest"]
    game.set_orders("France", ["Build A Paris"])
    game.set_orders("Germany", ["Build A Munich", "Build F Berlin"])
    game.process()
    assert game.phase == "Spring 1902 Movement"
    assert "A Paris" in game.units["France"] and "F Berlin" in game.units["Germany"]
    assert [p["phase"] for p in game.history] == ["Spring 1901 Movement", "Fall 1901 Movement", "Winter 1901 Adjustments"]
    assert game.history[0]["orders"]["France"][0] == "A Paris - Burgundy"


def test_results_say_what_a_corrected_order_was_read_as():
    """Issue 33: the core's note on an order read with a correction reaches Python as it is."""
    game = dipadj.Game("standard")
    game.set_orders("France", ["A Paris - Burgundyy", "a MAR-spa", "F Brest - Mid-Atlantic Ocean"])
    game.set_orders("Russia", ["F Sevastopol - Rum", "A Mos - Ukr"])
    orders = {entry["written"]: entry for entry in game.process()["orders"]}
    assert orders["A Paris - Burgundyy"]["read_as"] == "A Paris - Burgundy"
    assert orders["A Paris - Burgundyy"]["order"] == "A Paris - Burgundy"
    assert "read_as" not in orders["a MAR-spa"]
    assert "read_as" not in orders["F Sevastopol - Rum"]


def test_the_history_reads_back_in_the_command_line(tmp_path):
    game = dipadj.Game("standard")
    game.set_orders("England", ["F London - North Sea"])
    game.process()
    game.process()
    path = tmp_path / "history.json"
    path.write_text(json.dumps(game.history_file()))
    done = subprocess.run([os.environ["DIPADJ_CLI"], "history", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 phase(s)" in done.stdout


def test_a_game_to_json_and_back():
    game = dipadj.Game("standard")
    game.set_orders("Italy", ["A Venice - Tyrolia"])
    text = game.to_json()
    assert isinstance(text, str) and json.loads(text) == game.to_dict()
    copy = dipadj.Game.from_json(text)
    assert copy.orders == {"Italy": ["A Venice - Tyrolia"]}
    assert copy.to_json() == game.to_json()
    assert dipadj.Game.from_json(game.to_dict()).phase == "Spring 1901 Movement"
    assert copy.process() == game.process()


def test_a_game_dict_needs_no_format_key():
    """A dict made in Python is a game file: "format" is taken as said when it is left out."""
    game = dipadj.Game.from_json({"variant": "standard", "units": {"France": ["A Paris"]}, "orders": {"France": ["A Par - Bur"]}})
    assert game.phase == "Spring 1901 Movement"
    results = dipadj.adjudicate({"variant": "standard", "units": {"France": ["A Paris"]}, "orders": {"France": ["A Par - Bur"]}})
    assert results["orders"][0]["result"] == "succeeds"
    wrong = {"format": "dipadj-game/2", "variant": "standard"}
    with pytest.raises(dipadj.Error):
        dipadj.adjudicate(wrong)


def test_errors_of_a_game_in_memory_carry_no_file_name():
    """A game given as a dict has no file and one line: its problems say neither ("<game>:1:" before)."""
    with pytest.raises(dipadj.Error) as raised:
        dipadj.adjudicate({"variant": "standard", "orders": {"France": ["A Paris jumps"]}})
    assert not str(raised.value).startswith("<game>"), str(raised.value)
    assert str(raised.value).startswith("order 'A Paris jumps'"), str(raised.value)
    text = '{\n  "format": "dipadj-game/1",\n  "variant": "standard",\n  "orders": {"France": ["A Paris jumps"]}\n}'
    with pytest.raises(dipadj.Error) as raised:
        dipadj.adjudicate(text)
    assert str(raised.value).startswith("line 4: order 'A Paris jumps'"), str(raised.value)


def test_draw_a_phase():
    game = dipadj.Game("standard")
    game.set_orders("France", ["A Paris - Burgundy"])
    svg = dipadj.draw(game)
    assert svg.startswith("<svg") or svg.startswith("<?xml"), svg[:100]
    assert "Burgundy" in svg
    after = dipadj.draw(game.to_dict(), after=True)
    assert "<svg" in after and after != svg


def test_a_retreat_phase_lists_the_dislodged_units():
    game = dipadj.Game.from_json({"format": "dipadj-game/1", "variant": "standard", "units": {
        "France": ["A Burgundy", "A Picardy"], "Germany": ["A Belgium"]},
        "orders": {"France": ["A Picardy - Belgium", "A Burgundy Supports A Picardy - Belgium"]}})
    game.process()
    assert game.phase == "Spring 1901 Retreats"
    assert game.dislodged["Germany"][0]["unit"] == "A Belgium"
    options = game.possible_orders("Germany")["units"]["A Belgium"]
    assert "A Belgium Disband" in options and "A Belgium - Holland" in options


def test_rule_options_and_profiles():
    keys = {option["key"]: option for option in dipadj.rule_options()}
    assert keys["convoy_paradox"]["choice"] == keys["convoy_paradox"]["default"] == "szykman"
    game = dipadj.Game("standard", rules={"convoy_paradox": "all_hold"})
    assert game.to_dict()["rules"] == {"convoy_paradox": "all_hold"}
    assert "rules" in dipadj.Game("standard", profile="rulebook-2023").to_dict()
    with pytest.raises(dipadj.Error, match="convoy_paradox"):
        dipadj.Game("standard", rules={"convoy_paradox": "nonsense"})


def test_colonial_and_its_plugins():
    variant = dipadj.load_variant("colonial")
    assert "trans-siberian-railroad" in variant["plugins"] and "Russia" in variant["powers"]
    game = dipadj.Game("colonial")
    russia = game.possible_orders("Russia")
    journeys = [order for orders in russia["units"].values() for order in orders if "TSR" in order]
    assert journeys, russia
    game.set_orders("Russia", [journeys[0]])
    results = game.process()
    assert results["orders"][0]["result"] in ("succeeds", "fails")
    assert results["orders"][0]["result"] != "illegal"


def test_errors_are_exceptions():
    with pytest.raises(dipadj.Error, match="no-such-variant"):
        dipadj.Game("no-such-variant")
    game = dipadj.Game()
    with pytest.raises(dipadj.Error, match="unknown power"):
        game.set_orders("Atlantis", ["A Paris Hold"])
    with pytest.raises(dipadj.Error, match="unknown province"):
        game.set_orders("France", ["A Paris - Nowhere"])
    assert game.orders == {}
    with pytest.raises(dipadj.Error):
        dipadj.Game.from_json("{not json")
    with pytest.raises(dipadj.Error, match="already holds a unit"):
        dipadj.adjudicate({"format": "dipadj-game/1", "variant": "standard", "units": {"France": ["A Paris", "A Paris"]}})
    with pytest.raises(dipadj.Error):
        game.possible_orders("Atlantis")


def test_a_province_name_with_brackets_reads_back_from_to_json(tmp_path, source):
    """A name such as 'Wood (Trade)' was read back as a coast: to_json() could not be read back."""
    import shutil
    shutil.copytree(source / "variants" / "amber", tmp_path / "amber")
    map_file = tmp_path / "amber" / "map.yaml"
    map_file.write_text(map_file.read_text().replace("name: Frost Sea\n", "name: Frost Sea (Trade)\n"))
    game = dipadj.Game(str(tmp_path / "amber"))
    game.set_orders("Arden", ["F Vigra - Frost Sea (Trade)"])
    game.process()
    assert "F Frost Sea (Trade)" in game.units["Arden"]
    copy = dipadj.Game.from_json(game.to_json())
    assert copy.units == game.units


def test_a_build_with_no_free_home_centre_is_an_illegal_order_and_the_rest_stand():
    """It used to raise for the power, and set_orders kept none of its orders."""
    game = dipadj.Game.from_json({"format": "dipadj-game/1", "variant": "standard", "phase": "Winter 1901 Adjustments",
                                  "units": {"England": ["F London", "F Edinburgh", "A Liverpool"], "France": ["A Paris"]},
                                  "supply_centres": {"England": ["London", "Edinburgh", "Liverpool", "Norway"],
                                                     "France": ["Paris", "Brest", "Marseilles"]}})
    game.set_orders("England", ["Build F Norway", "Waive"])
    game.set_orders("France", ["Build A Brest"])
    assert game.orders["England"] == ["Build F Norway", "Waive"]
    by_order = {o["order"]: o for o in game.process()["orders"]}
    assert by_order["Build F Norway"]["result"] == "illegal"
    assert by_order["Build F Norway"]["reason_code"] == "not_a_home_centre"
    assert by_order["Waive"]["result"] == "succeeds"
    assert by_order["Build A Brest"]["result"] == "succeeds"


def test_a_variant_calendar_names_every_phase():
    """Two Marches (variants/two-marches): one season a year, years by five, adjustments every other season."""
    assert dipadj.load_variant("two-marches")["start_phase"] == "1425 Movement"
    game = dipadj.Game("two-marches")
    assert game.phase == "1425 Movement"
    game.set_orders("North", ["A Northmark - Midland"])
    results = game.process()
    assert results["phase"] == "1425 Movement" and results["next_phase"] == "1430 Movement"
    game.process()
    assert game.phase == "1430 Adjustments"
    game.set_orders("North", ["Build A Northmark"])
    game.process()
    assert game.phase == "1435 Movement"
    assert [p["phase"] for p in game.history] == ["1425 Movement", "1430 Movement", "1430 Adjustments"]
    assert "1435 Movement" in dipadj.draw(game.to_dict())


def test_a_game_drawn_after_its_last_year_says_so():
    game = dipadj.Game("standard", rules={"last_year": "1901", "victory_lead": "2"})
    assert game.ended_by is None
    game.process()  # Spring 1901: nobody moves
    game.process()  # Fall 1901: the last year ends, nobody with 18 centres
    assert game.is_over and game.winner is None and game.ended_by == "last_year_draw"
    assert game.to_dict()["ended_by"] == "last_year_draw"
    assert game.to_dict()["rules"] == {"victory_lead": "2", "last_year": "1901"}


def test_the_first_builds_of_a_mobilizing_variant():
    game = dipadj.Game("1898-mobilize")
    assert game.phase == "Winter 1898 Adjustments" and game.to_dict()["mobilizing"] is True
    game.set_orders("England", ["Build F London"])
    game.process()
    assert game.phase == "Spring 1899 Movement"
    assert game.supply_centres["England"] == ["London"] and "France" not in game.supply_centres
