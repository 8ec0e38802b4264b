#!/usr/bin/env bash
# Builds dipadj and runs every test: unit tests, the DATC cases under datc/ (each a named test,
# each also replayed with shuffled orders), the command-line checks and the benchmark's
# correctness check.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
