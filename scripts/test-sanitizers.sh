#!/usr/bin/env bash
# Builds dipadj with AddressSanitizer and UndefinedBehaviorSanitizer (GCC, into build-asan/) and
# runs the whole test suite under them: any memory error, leak or undefined behaviour fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SANITIZER_BUILD:-build-asan}
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDIPADJ_WARNINGS_AS_ERRORS=ON \
      -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
      -DCMAKE_SHARED_LINKER_FLAGS="$flags" -DCMAKE_MODULE_LINKER_FLAGS="$flags" > /dev/null
cmake --build "$build" -j "$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
