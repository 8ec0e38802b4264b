#!/usr/bin/env bash
# Imports the DPjudge and MILA map files found in DIR and compares each board with the bundled
# variant's (scripts/compare_maps.py), printing every difference (docs/importing-maps.md).
#   bash scripts/compare-imports.sh DIR
# DIR holds map files taken from DPjudge and MILA (not part of this repository: their licences
# are their own), under their own names (standard.map, standard.geography, ...) or with a prefix
# naming their source (dpjudge_standard.map, mila_colonial.map, ...), in any subfolders. Needs a
# build (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: compare-imports.sh DIR}
dipadj=build/cli/dipadj
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/dpjudge" "$work/mila"
# DPjudge's files USE each other by their own names: copied under those names.
find "$dir" -type f \( -name 'dpjudge_*' -o -name '*.geography' -o -name '*.politics' -o -name '*.military' -o -name '*.map' \) |
while read -r f; do
  base=$(basename "$f")
  case "$base" in
    mila_*) cp "$f" "$work/mila/${base#mila_}" ;;
    dpjudge_*) cp "$f" "$work/dpjudge/${base#dpjudge_}" ;;
    *) cp "$f" "$work/dpjudge/$base" ;;
  esac
done
status=0
compare() {  # source file, format, bundled variant
  local out="$work/out-$2-$(basename "$1" .map)"
  [ -f "$1" ] || return 0
  echo "== $2 $(basename "$1") vs variants/$3"
  if ! "$dipadj" import "$1" -o "$out" --from "$2" > "$out.log" 2>&1; then cat "$out.log"; status=1; return; fi
  local bundled
  bundled="variants/$3/$(sed -n 's/^map: *//p' "variants/$3/variant.yaml")"
  python3 scripts/compare_maps.py "$out/map.yaml" "$bundled" || status=1
}
compare "$work/dpjudge/standard.map" dpjudge standard
compare "$work/mila/standard.map" mila standard
compare "$work/dpjudge/loeb9.map" dpjudge loeb9
compare "$work/dpjudge/1898.map" dpjudge 1898
compare "$work/dpjudge/chaos.map" dpjudge chaos
compare "$work/mila/colonial.map" mila colonial
exit $status
