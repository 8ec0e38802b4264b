#!/usr/bin/env bash
# Configures and builds dipadj (Release, warnings as errors) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDIPADJ_WARNINGS_AS_ERRORS=ON > /dev/null
cmake --build build -j "$(nproc)"
