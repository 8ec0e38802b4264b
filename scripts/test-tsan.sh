#!/usr/bin/env bash
# Builds the library, its plugins, the CLI and the C interface's tests with ThreadSanitizer (GCC,
# into build-tsan/) and runs the work that shares data between threads: `dipadj batch` with 2 and
# 4 threads on random phases (their results must equal a one-thread run's) and the C interface's
# tests (a session shared by several threads). Any data race fails it. CI runs it on 500 phases;
# TSAN_PHASES=2000 (the default) gives the race detector more to see. The core is compiled as a
# unity build (DIPADJ_UNITY_CORE), as in scripts/build-asan.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TSAN_BUILD:-build-tsan}
phases=${TSAN_PHASES:-2000}
flags="-fsanitize=thread -fno-omit-frame-pointer"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None -DDIPADJ_WARNINGS_AS_ERRORS=ON \
      -DDIPADJ_BUILD_BENCHMARKS=OFF -DDIPADJ_BUILD_PYTHON=OFF -DDIPADJ_CHECK_LAYERS=OFF -DDIPADJ_UNITY_CORE=ON \
      -DCMAKE_CXX_FLAGS="-O1 -g1 $flags" -DCMAKE_C_FLAGS="-O1 -g1 $flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
      -DCMAKE_SHARED_LINKER_FLAGS="$flags" -DCMAKE_MODULE_LINKER_FLAGS="$flags" > /dev/null
cmake --build "$build" -j "$(nproc)" --target dipadj dipadj_plugins dipadj_c_api_tests
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/random_phases.py --count "$phases" --seed 7 --bad-lines 20 > "$work/phases.jsonl"
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
status=0
"$build/cli/dipadj" batch "$work/phases.jsonl" --threads 1 > "$work/one.jsonl" 2> /dev/null || status=$?
[ "$status" -eq 1 ] || { echo "test-tsan: batch --threads 1 exited $status (expected 1: there are bad lines)"; exit 1; }
for threads in 2 4; do
  status=0
  "$build/cli/dipadj" batch "$work/phases.jsonl" --threads "$threads" > "$work/many.jsonl" 2> "$work/stderr.txt" || status=$?
  if [ "$status" -ne 1 ] || grep -q "ThreadSanitizer" "$work/stderr.txt"; then
    cat "$work/stderr.txt"
    echo "test-tsan: batch --threads $threads failed (exit $status)"
    exit 1
  fi
  cmp -s "$work/one.jsonl" "$work/many.jsonl" || { echo "test-tsan: --threads $threads differs from one thread"; exit 1; }
done
"$build/tests/dipadj_c_api_tests" --gtest_brief=1
echo "test-tsan: no data race in batch ($phases phases, 2 and 4 threads) or the C interface's tests"
