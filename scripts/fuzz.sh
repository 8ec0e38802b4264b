#!/usr/bin/env bash
# Builds the libFuzzer targets under fuzz/ with clang, AddressSanitizer and UBSan (into
# $FUZZ_BUILD, default build-fuzz/) and runs each for $FUZZ_SECONDS (default 60) on a copy of its
# seed corpus (fuzz/corpus/<target>/), printing libFuzzer's summary. Fails on any crash, leak,
# timeout or failed property; the input that did it is left in $FUZZ_BUILD/artifacts/.
#   FUZZ_SECONDS=30 bash scripts/fuzz.sh               all targets
#   FUZZ_SECONDS=300 bash scripts/fuzz.sh game_file    one target
# FUZZ_SEED fixes libFuzzer's seed; FUZZ_RUNS runs each target that many inputs instead of for a
# time. CI sets both, so that its run is the same on every machine and a red run can be repeated:
#   FUZZ_RUNS=10000 FUZZ_SEED=1 bash scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=${FUZZ_BUILD:-build-fuzz}
seconds=${FUZZ_SECONDS:-60}
seed_option=()
[ -z "${FUZZ_SEED:-}" ] || seed_option=(-seed="$FUZZ_SEED")
length_option=(-max_total_time="$seconds")
[ -z "${FUZZ_RUNS:-}" ] || length_option=(-runs="$FUZZ_RUNS")
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(order_parser case_file jdip_case_file game_file game_json batch_lines variant history map_import)
clangxx=$(command -v clang++ || command -v clang++-14)
clang=$(command -v clang || command -v clang-14)
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$clangxx" -DCMAKE_C_COMPILER="$clang" \
      -DCMAKE_CXX_FLAGS="$sanitizers -fsanitize=fuzzer-no-link" -DCMAKE_SHARED_LINKER_FLAGS="$sanitizers" \
      -DCMAKE_MODULE_LINKER_FLAGS="$sanitizers" -DCMAKE_EXE_LINKER_FLAGS="$sanitizers" \
      -DDIPADJ_BUILD_FUZZERS=ON -DDIPADJ_BUILD_TESTS=OFF -DDIPADJ_BUILD_BENCHMARKS=OFF > /dev/null
cmake --build "$build" -j "$(nproc)" --target dipadj_plugins $(printf 'fuzz_%s ' "${targets[@]}")
mkdir -p "$build/artifacts"
failed=0
for target in "${targets[@]}"; do
  work="$build/corpus/$target"
  rm -rf "$work" && mkdir -p "$work"
  cp fuzz/corpus/"$target"/* "$work"/
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
