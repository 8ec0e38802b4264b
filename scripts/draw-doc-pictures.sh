#!/usr/bin/env bash
# Draws the pictures the docs show (docs/img/*.png) with `dipadj draw` and rsvg-convert, from the
# bundled variants and example games. Run after a change to the drawing or to those files:
#   bash scripts/draw-doc-pictures.sh [build/cli/dipadj]
set -euo pipefail
cd "$(dirname "$0")/.."
dipadj=${1:-build/cli/dipadj}
command -v rsvg-convert > /dev/null || { echo "rsvg-convert is missing (scripts/setup.sh installs librsvg2-bin)" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
draw() {  # NAME WIDTH ARGUMENTS...
  local name=$1 width=$2
  shift 2
  "$dipadj" draw "$@" -o "$scratch/$name.svg" > /dev/null
  rsvg-convert -w "$width" -o "docs/img/$name.png" "$scratch/$name.svg"
  echo "docs/img/$name.png"
}
mkdir -p docs/img
draw amber-map 1400 --map amber
draw amber-spring-1901 1400 variants/amber/examples/spring-1901.yaml
draw standard-map 1400 --map standard
draw standard-fall-1901 1400 variants/standard/examples/fall-1901.yaml
draw standard-fall-1901-after 1400 variants/standard/examples/fall-1901.yaml --after
