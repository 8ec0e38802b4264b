#!/usr/bin/env python3
"""`dipadj draw` on every bundled variant: its map (--map), its starting position, and every
example game file of the variant, as the phase's orders and results and as the position after
(--after). Each SVG must be well-formed (xmllint --noout) and render (rsvg-convert, 500 pixels
wide) to a picture that is not blank (more than a handful of colours), with nothing on standard
error.

    python3 tests/draw/draw_pictures.py DIPADJ REPOSITORY

Exit status 77 (skipped) when xmllint or rsvg-convert is missing; scripts/setup.sh installs them
(libxml2-utils, librsvg2-bin).
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

from png_image import PngImage


def pictures(root, scratch):
    """(name, arguments of dipadj draw) for every picture to check."""
    for variant in sorted((root / "variants").glob("*/variant.yaml")):
        name = variant.parent.name
        yield f"{name} map", ["--map", str(variant.parent)]
        start = scratch / f"{name}-start.yaml"
        start.write_text(f"format: dipadj-game/1\nvariant: {variant.parent.resolve()}\n")
        yield f"{name} start", [str(start)]
        for game in sorted((variant.parent / "examples").glob("*.yaml")):
            if "format: dipadj-game/1" not in game.read_text():
                continue  # a game record, which `dipadj play` plays
            yield f"{name} {game.name}", [str(game)]
            yield f"{name} {game.name} --after", [str(game), "--after"]


def main():
    dipadj, root = sys.argv[1], pathlib.Path(sys.argv[2])
    for tool in ("xmllint", "rsvg-convert"):
        if shutil.which(tool) is None:
            print(f"skipped: {tool} is not installed (scripts/setup.sh installs libxml2-utils and librsvg2-bin)")
            sys.exit(77)
    failures = checked = 0
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = pathlib.Path(scratch_name)
        for number, (name, arguments) in enumerate(pictures(root, scratch)):
            svg, png = scratch / f"{number}.svg", scratch / f"{number}.png"
            steps = [[dipadj, "draw", *arguments, "-o", str(svg)], ["xmllint", "--noout", str(svg)],
                     ["rsvg-convert", "-w", "500", "-o", str(png), str(svg)]]
            checked += 1
            for step in steps:
                run = subprocess.run(step, capture_output=True, text=True)
                if run.returncode != 0 or run.stderr.strip():
                    print(f"{name}: {' '.join(step[:2])} failed:\n{run.stdout}{run.stderr}")
                    failures += 1
                    break
            else:
                colours = len(PngImage(png.read_bytes()).colours())
                print(f"{name}: well-formed, rendered, {colours} colours")
                if colours < 8:
                    print(f"{name}: the picture is nearly blank")
                    failures += 1
    print(f"{checked} pictures, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
