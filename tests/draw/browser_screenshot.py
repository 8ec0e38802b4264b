#!/usr/bin/env python3
"""A drawn game in a real browser: headless Chromium opens the SVG of a Standard phase drawn by
`dipadj draw` and takes a screenshot. The screenshot must not be blank, and the colour of every
unit must appear near its province as the SVG places it (the browser drew the units where the
picture says they are, in their powers' colours).

    python3 tests/draw/browser_screenshot.py DIPADJ REPOSITORY

Exit status 77 (skipped) when no Chromium is installed; scripts/setup.sh installs it (Debian
package chromium).
"""
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

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


def units_and_provinces(svg_file):
    """The units (power, province, colour) and each province's node (x, y, radius), as the SVG
    says."""
    tree = ElementTree.parse(svg_file)
    provinces = {}
    for group in tree.iter(f"{SVG}g"):
        if group.get("class") == "province":
            circle = group.find(f"{SVG}circle")
            provinces[group.get("id").removeprefix("province-")] = (
                float(circle.get("cx")), float(circle.get("cy")), float(circle.get("r")))
    units = []
    for group in tree.iter(f"{SVG}g"):
        if (group.get("class") or "").startswith("unit"):
            shape = next(child for child in group if child.tag in (f"{SVG}rect", f"{SVG}polygon"))
            units.append((group.get("data-power"), group.get("data-province"), hex_colour(shape.get("fill"))))
    root = tree.getroot()
    return units, provinces, (round(float(root.get("width"))), round(float(root.get("height"))))


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
        units, provinces, (width, height) = units_and_provinces(svg)
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
        for power, province, colour in units:
            x, y, radius = provinces[province]
            x, y, reach = round(x), round(y), math.ceil(radius * 2.5)
            pixels = (image.pixel(x + dx, y + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))
            found = any(pixel is not None and near(pixel, colour) for pixel in pixels)
            if not found:
                failures.append(f"{power}'s unit in {province}: its colour {colour} is not within {reach} pixels of ({x}, {y})")
        if len(units) < 22:
            failures.append(f"the SVG shows {len(units)} units, not the 22 of the Standard opening")
        if not failures:
            print(f"{len(units)} units, each in its power's colour near its province")
        for failure in failures:
            print(failure)
        sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
