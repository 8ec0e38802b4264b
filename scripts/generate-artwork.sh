#!/usr/bin/env bash
# Makes the province shapes (map.svg) of every bundled variant that names `artwork: map.svg`, from
# its map's points and borders (docs/map-format.md, "Generated artwork"). With --check, writes
# nothing and fails if a checked-in drawing is not what the generator makes now (a ctest).
# Usage: scripts/generate-artwork.sh [--check] [DIPADJ]   (default: build/cli/dipadj)
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
if [ "${1:-}" = --check ]; then check=true; shift; fi
dipadj=${1:-build/cli/dipadj}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for variant in variants/*/variant.yaml; do
  grep -q '^artwork: map.svg$' "$variant" || continue
  folder=$(dirname "$variant")
  name=$(basename "$folder")
  "$dipadj" draw --map "$folder" --generate-artwork -o "$scratch/$name.svg" > /dev/null 2> "$scratch/$name.log" || {
    cat "$scratch/$name.log" >&2
    echo "$name: the artwork could not be generated" >&2
    status=1
    continue
  }
  if $check; then
    cmp -s "$scratch/$name.svg" "$folder/map.svg" || { echo "$folder/map.svg is not current: run scripts/generate-artwork.sh" >&2; status=1; }
  else
    cp "$scratch/$name.svg" "$folder/map.svg"
    echo "wrote $folder/map.svg"
  fi
done
exit $status
