"""dipadj: a Diplomacy adjudicator for Python (docs/python.md).

    import dipadj
    game = dipadj.Game("standard")
    game.set_orders("France", ["A Paris - Burgundy"])
    results = game.process()

The work is done by the C++ core (the module _dipadj); games, results and legal orders are the
JSON objects of docs/game-format.md as Python dicts.
"""
from ._dipadj import (  # noqa: F401
    Error,
    Game,
    Result,
    __version__,
    adjudicate,
    adjudicate_many,
    draw,
    load_variant,
    rule_options,
    variants,
)

__all__ = ["Error", "Game", "Result", "adjudicate", "adjudicate_many", "draw", "load_variant", "rule_options", "variants", "__version__"]
