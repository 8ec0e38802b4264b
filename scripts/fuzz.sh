#!/usr/bin/env bash
# Builds the libFuzzer targets under fuzz/ with clang, AddressSanitizer and UBSan (the build of
# scripts/build-asan.sh, in $ASAN_BUILD, default build-asan/) and runs each for $FUZZ_SECONDS
# (default 60) on a copy of its seed corpus (fuzz/corpus/<target>/), printing libFuzzer's summary.
# Fails on any crash, leak, timeout or failed property; the input that did it is left in
# $ASAN_BUILD/artifacts/.
#   FUZZ_SECONDS=30 bash scripts/fuzz.sh               all targets
#   FUZZ_SECONDS=300 bash scripts/fuzz.sh game_file    one target
# FUZZ_SEED fixes libFuzzer's seed; FUZZ_RUNS runs each target that many inputs instead of for a
# time. CI sets both, so that its run is the same on every machine and a red run can be repeated:
#   FUZZ_RUNS=10000 FUZZ_SEED=1 bash scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=${ASAN_BUILD:-build-asan}
seconds=${FUZZ_SECONDS:-60}
seed_option=()
[ -z "${FUZZ_SEED:-}" ] || seed_option=(-seed="$FUZZ_SEED")
length_option=(-max_total_time="$seconds")
[ -z "${FUZZ_RUNS:-}" ] || length_option=(-runs="$FUZZ_RUNS")
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(order_parser case_file jdip_case_file game_file game_json batch_lines variant history map_import json_line game_line lua_script)
ASAN_BUILD="$build" bash scripts/build-asan.sh dipadj_plugins $(printf 'fuzz_%s ' "${targets[@]}")
mkdir -p "$build/artifacts"
failed=0
for target in "${targets[@]}"; do
  work="$build/corpus/$target"
  rm -rf "$work" && mkdir -p "$work"
  cp fuzz/corpus/"$target"/* "$work"/
  # The scripts of examples/lua-variants seed the Lua target as they are (no copies kept here).
  if [ "$target" = lua_script ]; then
    for script in examples/lua-variants/*/rules.lua; do cp "$script" "$work/$(basename "$(dirname "$script")").lua"; done
  fi
  if [ -n "${FUZZ_RUNS:-}" ]; then echo "== fuzz_$target, $FUZZ_RUNS runs"; else echo "== fuzz_$target, ${seconds}s"; fi
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
       "$build/fuzz/fuzz_$target" "$work" "${length_option[@]}" -timeout=20 -rss_limit_mb=2560 \
       -max_len=65536 -print_final_stats=1 "${seed_option[@]}" -artifact_prefix="$build/artifacts/$target-" > "$build/fuzz_$target.log" 2>&1; then
    failed=1
    echo "fuzz_$target FAILED (log: $build/fuzz_$target.log):"
    grep -E "ERROR|runtime error|property failed|SUMMARY|Test unit written" "$build/fuzz_$target.log" | head -n 20
  fi
  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)" "$build/fuzz_$target.log" || true
done
exit $failed
