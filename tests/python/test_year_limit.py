"""The last year a game can have (1,000,000): Game.process() refuses the phase that would go past it
(it once moved the game to "Spring 1000001 Movement", which nothing could read back)."""
import json

import pytest

import dipadj


def test_the_game_stops_before_a_year_it_could_not_read_back():
    for phase in ("Fall 1000000 Movement", "Winter 1000000 Adjustments"):
        game = dipadj.Game.from_json(json.dumps({"format": "dipadj-game/1", "variant": "standard", "phase": phase}))
        with pytest.raises(dipadj.Error, match=r"past the last year a game can have \(1000000\)"):
            game.process()
        assert game.phase == phase
        # What it holds still reads back.
        assert dipadj.Game.from_json(game.to_json()).phase == phase
    earlier = dipadj.Game.from_json(json.dumps({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 999999 Movement"}))
    earlier.process()
    assert earlier.phase == "Spring 1000000 Movement"
