#!/usr/bin/env python3
"""`dipadj draw --map` on every bundled variant: the SVG is well-formed (xmllint --noout) and
renders (rsvg-convert, 500 pixels wide) to a picture that is not blank (more than a handful of
colours).

    python3 tests/draw/draw_maps.py DIPADJ REPOSITORY

Exit status 77 (skipped) when xmllint or rsvg-convert is missing; scripts/setup.sh installs them
(libxml2-utils, librsvg2-bin).
"""
import pathlib
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib


def png_colours(data):
    """The distinct colours of an 8-bit RGB or RGBA, non-interlaced PNG (what rsvg-convert writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, chunks, width, height, channels = 8, b"", 0, 0, 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour_type in (2, 6) and interlace == 0, "an unexpected PNG kind"
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            chunks += body
        at += 12 + length
    raw, stride, previous, colours = zlib.decompress(chunks), width * channels, bytearray(width * channels), set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, up_left = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
        if row % 8 == 0:
            colours.update(bytes(line[i:i + 3]) for i in range(0, stride, channels * 4))
        previous = line
    return colours


def main():
    dipadj, root = sys.argv[1], pathlib.Path(sys.argv[2])
    for tool in ("xmllint", "rsvg-convert"):
        if shutil.which(tool) is None:
            print(f"skipped: {tool} is not installed (scripts/setup.sh installs libxml2-utils and librsvg2-bin)")
            sys.exit(77)
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for variant in sorted((root / "variants").glob("*/variant.yaml")):
            name = variant.parent.name
            svg, png = pathlib.Path(scratch) / f"{name}.svg", pathlib.Path(scratch) / f"{name}.png"
            steps = [[dipadj, "draw", "--map", str(variant.parent), "-o", str(svg)], ["xmllint", "--noout", str(svg)],
                     ["rsvg-convert", "-w", "500", "-o", str(png), str(svg)]]
            for step in steps:
                run = subprocess.run(step, capture_output=True, text=True)
                if run.returncode != 0 or run.stderr.strip():
                    print(f"{name}: {' '.join(step[:2])} failed:\n{run.stdout}{run.stderr}")
                    failures += 1
                    break
            else:
                colours = len(png_colours(png.read_bytes()))
                print(f"{name}: well-formed, rendered, {colours} colours")
                if colours < 8:
                    print(f"{name}: the picture is nearly blank")
                    failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
