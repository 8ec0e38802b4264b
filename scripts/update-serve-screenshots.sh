#!/usr/bin/env bash
# Copies the screens docs/serve.md shows (docs/img/serve/*.png) from the screenshots the Chromium
# test of `dipadj serve` takes (ctest serve_in_browser, tests/serve/in_browser.mjs), scaled to
# 1000 px wide and, when optipng is installed, optimised. Run after a change to the page:
#   bash scripts/update-serve-screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shots="$build/tests/serve-screenshots"
ctest --test-dir "$build" -R '^serve_in_browser$' --output-on-failure > /dev/null
# The screens, each as the test names it and as the docs do.
screens=(
  "1-broken-variant variant-problems"
  "1c-test-cases variant-test-cases"
  "2-new-game new-game"
  "3-orders-read orders-read"
  "3b-orders-clicked orders-clicked"
  "4-adjudicated adjudicated"
  "6-history history"
  "8-build-clicked build-clicked"
)
mkdir -p docs/img/serve
pairs=()
for screen in "${screens[@]}"; do
  read -r shot name <<< "$screen"
  [ -f "$shots/$shot.png" ] || { echo "no $shots/$shot.png: did serve_in_browser run (or skip)?" >&2; exit 1; }
  pairs+=("$shots/$shot.png" "docs/img/serve/$name.png")
done
node scripts/shrink_png.mjs 1000 "${pairs[@]}"
if command -v optipng > /dev/null; then optipng -quiet -o2 docs/img/serve/*.png; fi
