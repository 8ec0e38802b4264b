#!/usr/bin/env bash
# Configures and builds dipadj (Release, warnings as errors) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
# The system's Python, into which scripts/setup.sh installs the Python packages with apt (a pyenv
# or virtualenv python3 first in PATH would not see them): the module is built for it and tested
# with it.
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3 || true)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDIPADJ_WARNINGS_AS_ERRORS=ON \
  ${python:+-DPython_EXECUTABLE="$python" -DPython3_EXECUTABLE="$python"} > /dev/null
cmake --build build -j "$(nproc)"
