#!/usr/bin/env python3
"""Fails when a file of the core includes a header of a layer above its own.

The core's folders are layers, lowest first; a file may include its own layer and those below.
The files directly in core/src/ and core/include/dipadj/ (text, diagnostics, YAML support, the
installation, file writing) are the base, below everything.
"""
import pathlib
import re
import sys

LAYERS = [
    "base",      # text, diagnostic, yaml_support, installation, file_writing, version
    "geo",       # the map: provinces, coasts, adjacency (Boost.Graph), the map reader
    "board",     # positions, units, phases
    "rules",     # the rulebook: the options of DATC chapter 4
    "order",     # orders and their outcomes, as data
    "plugin",    # the plugin interface and loader
    "variant",   # a variant: map, powers, rules, plugins' rules
    "notation",  # orders, units and positions as text, read and written against a variant
    "loading",   # finding and loading variants
    "import",    # other programs' maps (DPjudge, MILA, jDip) written as dipadj variants
    "judge",     # validation and adjudication: movement, retreats, adjustments
    "game",      # a game phase after phase, game files, JSON
    "draw",      # pictures: a board's layout and SVG of maps and phases
    "datc",      # test cases
    "capi",      # the C interface
]
RANK = {name: rank for rank, name in enumerate(LAYERS)}
root = pathlib.Path(__file__).resolve().parent.parent / "core"
include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path: pathlib.Path) -> str:
    """The layer of a file under core/src/ or core/include/dipadj/."""
    for base in (root / "src", root / "include" / "dipadj"):
        if base in path.parents:
            parts = path.relative_to(base).parts
            return parts[0] if len(parts) > 1 else "base"
    raise ValueError(path)


def included_layer(source: pathlib.Path, text: str) -> str:
    if text.startswith("dipadj/"):
        return layer_of(root / "include" / text)
    return layer_of((source.parent / text).resolve()) if (source.parent / text).exists() else layer_of(root / "src" / text)


problems = []
for source in sorted(list((root / "src").rglob("*.[ch]pp")) + list((root / "include").rglob("*.hpp"))):
    own = layer_of(source)
    if own not in RANK:
        problems.append(f"{source.relative_to(root.parent)}: folder '{own}' is no layer of scripts/check_layers.py")
        continue
    for match in include.finditer(source.read_text()):
        target = included_layer(source, match.group(1))
        if target not in RANK:
            continue
        if RANK[target] > RANK[own]:
            line = source.read_text()[: match.start()].count("\n") + 1
            problems.append(f"{source.relative_to(root.parent)}:{line}: layer '{own}' includes '{match.group(1)}' of layer '{target}' above it")

if problems:
    print("check-layers: includes that go up:")
    print("\n".join(problems))
    sys.exit(1)
print(f"check-layers: the core's {len(LAYERS)} layers include only downwards")
