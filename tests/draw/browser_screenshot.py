#!/usr/bin/env python3
"""A drawn game in a real browser: headless Chromium opens the SVG of a Standard phase drawn by
`dipadj draw` and takes a screenshot. The screenshot must not be blank, and the colour of every
unit must appear near its province as the SVG places it (the browser drew the units where the
picture says they are, in their powers' colours), and inside the shape of each supply centre a
power owns (the variant's artwork), the colour most seen must be the owner's as the SVG paints it.

    python3 tests/draw/browser_screenshot.py DIPADJ REPOSITORY

Exit status 77 (skipped) when no Chromium is installed; scripts/setup.sh installs it (Debian
package chromium).
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter

from png_image import PngImage

SVG = "{http://www.w3.org/2000/svg}"


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def hex_colour(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def near(a, b, tolerance=40):
    return sum(abs(x - y) for x, y in zip(a, b)) <= tolerance


def units_and_shapes(svg_file):
    """The units (power, province, colour, x, y) and the owned shapes (province, polygon in
    pixels, colour as painted over white), as the SVG says."""
    tree = ElementTree.parse(svg_file)
    units = []
    for group in tree.iter(f"{SVG}g"):
        if (group.get("class") or "").startswith("unit"):
            shape = next(child for child in group if child.tag in (f"{SVG}rect", f"{SVG}polygon"))
            units.append((group.get("data-power"), group.get("data-province"), hex_colour(shape.get("fill")),
                          float(group.get("data-x")), float(group.get("data-y"))))
    shapes = []
    for group in tree.iter(f"{SVG}g"):
        if group.get("id") != "artwork":
            continue
        a, _, _, d, e, f = (float(n) for n in re.findall(r"[-0-9.e]+", group.get("transform")))
        for path in group.iter(f"{SVG}path"):
            if not path.get("fill-opacity"):
                continue
            opacity, colour = float(path.get("fill-opacity")), hex_colour(path.get("fill"))
            numbers = [float(n) for n in re.findall(r"-?[0-9.]+", path.get("d"))]
            polygon = [(a * numbers[i] + e, d * numbers[i + 1] + f) for i in range(0, len(numbers) - 1, 2)]
            painted = tuple(round(opacity * c + (1 - opacity) * 255) for c in colour)
            shapes.append((path.get("id").removeprefix("shape-"), polygon, painted))
    root = tree.getroot()
    return units, shapes, (round(float(root.get("width"))), round(float(root.get("height"))))


def inside(polygon, x, y):
    crossings = 0
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            crossings += 1
    return crossings % 2 == 1


def most_seen_inside(image, polygon):
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    seen = Counter(image.pixel(x, y) for y in range(int(min(ys)), int(max(ys)) + 1, 2)
                   for x in range(int(min(xs)), int(max(xs)) + 1, 2) if inside(polygon, x + 0.5, y + 0.5))
    seen.pop(None, None)
    return seen.most_common(1)[0][0] if seen else None


def main():
    dipadj, root = sys.argv[1], pathlib.Path(sys.argv[2])
    chromium = find_chromium()
    if chromium is None:
        print("skipped: Chromium is not installed, so the drawn game was not checked in a browser "
              "(scripts/setup.sh installs the Debian package chromium)")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = pathlib.Path(scratch_name)
        svg, png = scratch / "spring-1901.svg", scratch / "screenshot.png"
        subprocess.run([dipadj, "draw", str(root / "variants/standard/examples/spring-1901.yaml"), "-o", str(svg)],
                       check=True, capture_output=True)
        units, shapes, (width, height) = units_and_shapes(svg)
        # Chromium wants a home and a profile it can write; the sandbox needs privileges a CI
        # container lacks, and a container's /dev/shm may be too small for it.
        environment = dict(os.environ, HOME=str(scratch))
        run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                              "--force-device-scale-factor=1", f"--user-data-dir={scratch / 'profile'}",
                              f"--window-size={width},{height}", f"--screenshot={png}", svg.as_uri()],
                             capture_output=True, text=True, env=environment, timeout=120)
        if not png.exists():
            print(f"Chromium wrote no screenshot (exit status {run.returncode}):\n{run.stderr[-2000:]}")
            sys.exit(1)
        image = PngImage(png.read_bytes())
        failures = []
        colours = image.colours()
        sample = [image.pixel(x, y) for y in range(0, image.height, 4) for x in range(0, image.width, 4)]
        drawn = sum(1 for pixel in sample if pixel != (255, 255, 255)) / len(sample)
        print(f"screenshot {image.width}x{image.height}: {len(colours)} colours, {drawn:.0%} of it drawn on")
        if len(colours) < 50 or drawn < 0.02:
            failures.append("the screenshot is blank or nearly so")
        for power, province, colour, x, y in units:
            x, y, reach = round(x), round(y), 20
            pixels = (image.pixel(x + dx, y + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))
            found = any(pixel is not None and near(pixel, colour) for pixel in pixels)
            if not found:
                failures.append(f"{power}'s unit in {province}: its colour {colour} is not within {reach} pixels of ({x}, {y})")
        if len(units) < 22:
            failures.append(f"the SVG shows {len(units)} units, not the 22 of the Standard opening")
        for province, polygon, painted in shapes:
            seen = most_seen_inside(image, polygon)
            if seen is None or not near(seen, painted):
                failures.append(f"the shape of {province}: mostly {seen} inside, not its owner's {painted}")
        if len(shapes) < 22:
            failures.append(f"the SVG paints {len(shapes)} owned centres, not the 22 of the Standard opening")
        if not failures:
            print(f"{len(units)} units, each in its power's colour near its province; {len(shapes)} owned centres in their owners' colours")
        for failure in failures:
            print(failure)
        sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
