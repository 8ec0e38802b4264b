#!/usr/bin/env bash
# Configures and builds dipadj with clang, AddressSanitizer and UndefinedBehaviorSanitizer (into
# $ASAN_BUILD, default build-asan/), the one sanitizer build that both scripts/test-sanitizers.sh
# (the test suite) and scripts/fuzz.sh (the libFuzzer targets) use, so CI compiles the core once
# for both. Code is instrumented for libFuzzer's coverage too (-fsanitize=fuzzer-no-link, inert
# outside a fuzz target) and built at -O1 with line tables only: quick to build, exact in reports.
# The core's layers are compiled as unity builds (DIPADJ_UNITY_CORE): about 20 units instead of
# 150, the headers they share parsed once per unit (this build and the ThreadSanitizer one were
# the longest steps of CI).
#   bash scripts/build-asan.sh                 everything (library, plugins, CLI, tests, fuzz targets)
#   bash scripts/build-asan.sh fuzz_game_file  some targets
set -euo pipefail
cd "$(dirname "$0")/.."
build=${ASAN_BUILD:-build-asan}
clangxx=$(command -v clang++ || command -v clang++-14)
clang=$(command -v clang || command -v clang-14)
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# The Python module is left out: an interpreter that is not itself instrumented cannot load it.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None -DDIPADJ_WARNINGS_AS_ERRORS=ON \
      -DCMAKE_CXX_COMPILER="$clangxx" -DCMAKE_C_COMPILER="$clang" \
      -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only $sanitizers -fsanitize=fuzzer-no-link" \
      -DCMAKE_C_FLAGS="-O1 -gline-tables-only $sanitizers" \
      -DCMAKE_SHARED_LINKER_FLAGS="$sanitizers" -DCMAKE_MODULE_LINKER_FLAGS="$sanitizers" \
      -DCMAKE_EXE_LINKER_FLAGS="$sanitizers" \
      -DDIPADJ_BUILD_FUZZERS=ON -DDIPADJ_BUILD_TESTS=ON -DDIPADJ_BUILD_BENCHMARKS=OFF -DDIPADJ_BUILD_PYTHON=OFF \
      -DDIPADJ_CHECK_LAYERS=OFF -DDIPADJ_UNITY_CORE=ON > /dev/null
if [ $# -gt 0 ]; then
  cmake --build "$build" -j "$(nproc)" --target "$@"
else
  cmake --build "$build" -j "$(nproc)"
fi
