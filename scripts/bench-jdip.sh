#!/usr/bin/env bash
# The judge side by side with jDip's, on this machine, in the same hour: the two positions of
# dipadj_bench (tests/bench/data/positions.json: the opening and a mid-game), each adjudicated by
# both with the same results (checked), then timed.
#
#   scripts/bench-jdip.sh JDIP_SOURCE [BUILD_DIR]
#
# JDIP_SOURCE: a jDip source tree (its src/, lib/, resource/ and variants/; jDip is not part of
# this repository and is not downloaded here). BUILD_DIR: dipadj's Release build (default build/).
# Needs a JDK (javac, java) and python3.
#
# jDip is timed by its own harness (dip.misc.TestSuite -perftest:N, which adjudicates each case N
# times with a new StdAdjudicator, as jDip does), at two values of N; the difference between the
# two runs (medians of 3) is jDip after its warm-up, without the JIT's first compilations or the
# loading of the variant. dipadj is timed by dipadj_bench (BM_Opening, BM_Midgame; medians of 5).
set -euo pipefail
cd "$(dirname "$0")/.."
jdip=${1:?usage: scripts/bench-jdip.sh JDIP_SOURCE [BUILD_DIR]}
build=${2:-build}
jdip=$(cd "$jdip" && pwd)
build=$(cd "$build" && pwd)
for needed in "$jdip/src/dip/misc/TestSuite.java" "$jdip/lib" "$jdip/resource" "$jdip/variants" \
              "$build/cli/dipadj" "$build/tests/bench/dipadj_bench"; do
  [ -e "$needed" ] || { echo "bench-jdip: $needed is missing" >&2; exit 1; }
done
small=${JDIP_SMALL_N:-200000}
large=${JDIP_LARGE_N:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# jDip's classes, from its sources: all but its order parser's own test harness (TestParser,
# which does not compile against the command-line library jDip ships, and which TestSuite does
# not use).
mkdir -p "$work/classes"
find "$jdip/src" -name '*.java' ! -name TestParser.java > "$work/sources"
javac -nowarn -encoding ISO-8859-1 --release 8 -cp "$jdip/lib/*" -d "$work/classes" @"$work/sources" \
  2> "$work/javac.log" || { cat "$work/javac.log" >&2; exit 1; }
cp -r "$jdip/resource" "$work/classes/"
ln -s "$jdip/variants" "$work/variants"

# The two positions as jDip cases, with the units after the phase as dipadj gives them: jDip's
# check of its own results (-brief) is then a check that both judges agree.
python3 - "$build/cli/dipadj" "$work" <<'EOF'
import json, os, subprocess, sys
dipadj, work = sys.argv[1], sys.argv[2]
positions = json.load(open("tests/bench/data/positions.json"))
environment = dict(os.environ, DIPADJ_VARIANT_PATH=os.path.abspath("variants"))
for name, position in positions.items():
    game = {"format": "dipadj-game/1", "variant": "standard",
            "phase": "%s %d Movement" % (position["season"], position["year"]),
            "units": position["units"], "supply_centres": position["centers"], "orders": position["orders"]}
    run = subprocess.run([dipadj, "batch"], input=json.dumps(game) + "\n", capture_output=True, text=True,
                         env=environment, check=True)
    result = json.loads(run.stdout)
    if "error" in result:
        sys.exit("bench-jdip: dipadj did not adjudicate %s: %s" % (name, result["error"]))
    jdip_place = lambda text: text.replace("/SC", "/sc").replace("/NC", "/nc")
    lines = ["VARIANT_ALL Standard", "CASE " + name,
             "PRESTATE_SETPHASE %s %d, Movement" % (position["season"], position["year"]), "PRESTATE"]
    lines += ["\t%s: %s" % (power, jdip_place(unit)) for power, units in position["units"].items() for unit in units]
    # jDip reads a supply centre's owner with a unit type, which it ignores.
    lines.append("PRESTATE_SUPPLYCENTER_OWNERS")
    lines += ["\t%s: A %s" % (power, centre) for power, centres in position["centers"].items() for centre in centres]
    lines.append("ORDERS")
    lines += ["\t%s: %s" % (power, jdip_place(order)) for power, orders in position["orders"].items() for order in orders]
    lines.append("POSTSTATE")
    lines += ["\t%s: %s" % (power, unit) for power, units in result["units"].items() for unit in units]
    if result["dislodged"]:
        lines.append("POSTSTATE_DISLODGED")
        lines += ["\t%s: %s" % (d["power"], d["unit"]) for d in result["dislodged"]]
    lines.append("END")
    with open(os.path.join(work, name + ".txt"), "w") as case:
        case.write("\n".join(lines) + "\n")
EOF

cd "$work"
java_run() { java -Djava.awt.headless=true -cp "classes:$jdip/lib/*" dip.misc.TestSuite "$@"; }
median() { sort -n | sed -n "$(( ($1 + 1) / 2 ))p"; }
# The harness's summary line: "**  file  iterations  orders  milliseconds  orders/s"; the median of 3.
time_of() { for _ in 1 2 3; do java_run "-perftest:$2" "$1.txt" 2>&1 | awk '/^\*\*/ {print $5}'; done | median 3; }
for name in opening midgame; do
  if ! java_run -brief "$name.txt" > "$name.check" 2>&1 || ! grep -q "1 passed, 0 failed" "$name.check"; then
    cat "$name.check" >&2
    echo "bench-jdip: jDip's result of $name differs from dipadj's (above); nothing timed" >&2
    exit 1
  fi
done
echo "position  jDip phases/s (after warm-up)  dipadj phases/s  dipadj / jDip"
for name in opening midgame; do
  small_ms=$(time_of "$name" "$small")
  large_ms=$(time_of "$name" "$large")
  jdip_rate=$(python3 -c "print(round(($large - $small) / (($large_ms - $small_ms) / 1000)))")
  bench=$([ "$name" = opening ] && echo BM_Opening || echo BM_Midgame)
  dipadj_rate=$("$build/tests/bench/dipadj_bench" --benchmark_filter="^$bench\$" --benchmark_repetitions=5 \
                  --benchmark_report_aggregates_only=true 2>/dev/null |
                awk '/_median/ {for (i = 1; i <= NF; i++) if ($i ~ /^items_per_second=/) print substr($i, 18)}')
  python3 - "$name" "$jdip_rate" "$dipadj_rate" <<'EOF'
import sys
name, jdip, dipadj = sys.argv[1], float(sys.argv[2]), sys.argv[3]
scale = {"k": 1e3, "M": 1e6, "G": 1e9}
dipadj = dipadj.removesuffix("/s")  # Google Benchmark's rate: "1.18M/s", "718.5k/s"
value = float(dipadj[:-1]) * scale[dipadj[-1]] if dipadj[-1] in scale else float(dipadj)
print("%-9s %29s %16s %14s" % (name, "{:,.0f}".format(jdip), "{:,.0f}".format(value), "%.1fx" % (value / jdip)))
EOF
done
