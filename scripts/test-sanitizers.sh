#!/usr/bin/env bash
# Builds dipadj with AddressSanitizer and UndefinedBehaviorSanitizer (scripts/build-asan.sh: clang,
# into build-asan/) and runs the test suite under them: any memory error, leak or undefined
# behaviour fails it. CI runs it (its build also serves scripts/fuzz.sh). The Python module is not
# built here (python_module runs in the normal build); datc_memory_is_flat measures the normal
# build's memory, which the sanitizer's own bookkeeping would distort, so it is left to that build.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${ASAN_BUILD:-build-asan}
ASAN_BUILD="$build" bash scripts/build-asan.sh
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -E '^datc_memory_is_flat$'
echo "test-sanitizers: the test suite runs clean under AddressSanitizer and UndefinedBehaviorSanitizer"
