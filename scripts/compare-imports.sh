#!/usr/bin/env bash
# Imports the DPjudge, MILA and jDip map files found in DIR and compares each board with the
# bundled variant's (scripts/compare_maps.py), printing every difference (docs/importing-maps.md).
#   bash scripts/compare-imports.sh DIR
# DIR holds map files taken from DPjudge, MILA and jDip (not part of this repository: their
# licences are their own), under their own names (standard.map, standard.geography, ...) or with a
# prefix naming their source (dpjudge_standard.map, mila_colonial.map, jdip_loeb9_adjacency.xml,
# jdip_test_std_adjacency.xml, ...), in any subfolders; jDip's are its DATC test variants
# (variants.xml with std_adjacency.xml, loeb9*_adjacency.xml and conv_coast_adjacency.xml). Needs
# a build (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: compare-imports.sh DIR}
dipadj=build/cli/dipadj
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/dpjudge" "$work/mila" "$work/jdip"
# DPjudge's files USE each other by their own names, and jDip's variants.xml names its adjacency
# files by theirs: copied under those names.
find "$dir" -type f \( -name 'dpjudge_*' -o -name '*.geography' -o -name '*.politics' -o -name '*.military' -o -name '*.map' \
                      -o -name 'jdip_*.xml' -o -name '*_adjacency.xml' -o -name 'variants.xml' \) |
while read -r f; do
  base=$(basename "$f")
  case "$base" in
    mila_*) cp "$f" "$work/mila/${base#mila_}" ;;
    dpjudge_*) cp "$f" "$work/dpjudge/${base#dpjudge_}" ;;
    jdip_test_*) cp "$f" "$work/jdip/${base#jdip_test_}" ;;
    jdip_*) cp "$f" "$work/jdip/${base#jdip_}" ;;
    *.xml) cp "$f" "$work/jdip/$base" ;;
    *) cp "$f" "$work/dpjudge/$base" ;;
  esac
done
status=0
compare() {  # source file, format, bundled variant, [jDip variant, [bundled map option]]
  local out="$work/out-$2-$(basename "$1" .map)${4:+-$4}"
  [ -f "$1" ] || return 0
  echo "== $2 $(basename "$1")${4:+ $4} vs variants/$3${5:+ with option $5}"
  if ! "$dipadj" import "$1" -o "$out" --from "$2" ${4:+--variant "$4"} > "$out.log" 2>&1; then cat "$out.log"; status=1; return; fi
  python3 scripts/compare_maps.py "$out/variant.yaml" "variants/$3/variant.yaml" ${5:+--option "$5"} || status=1
}
compare "$work/dpjudge/standard.map" dpjudge standard
compare "$work/mila/standard.map" mila standard
compare "$work/dpjudge/loeb9.map" dpjudge loeb9
compare "$work/dpjudge/1898.map" dpjudge 1898
compare "$work/dpjudge/chaos.map" dpjudge chaos
compare "$work/mila/colonial.map" mila colonial
jdip="$work/jdip/variants.xml"
compare "$jdip" jdip standard DATC_Standard
compare "$jdip" jdip 1898 DATC_1898
compare "$jdip" jdip chaos DATC_Chaos
compare "$jdip" jdip standard-convoyable-coasts DATC_ConvoyingCoastal
compare "$jdip" jdip loeb9 DATC_Loeb9
compare "$jdip" jdip loeb9 DATC_Loeb9_tc14d nafrica-tunis-difficult
compare "$jdip" jdip loeb9 DATC_Loeb9_tc14fgl sicily-tunis-difficult
compare "$jdip" jdip loeb9 DATC_Loeb9_tc14specialg sicily-tunis-difficult
exit $status
