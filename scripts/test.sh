#!/usr/bin/env bash
# Builds dipadj and runs every test: unit tests, the DATC cases under datc/ (each a named
# GoogleTest test, each also replayed with shuffled orders and under every rule profile), the game
# records, the command-line checks, the benchmark's correctness check, the installed package,
# and the code checks of scripts/check-code.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/check-code.sh
bash scripts/build.sh
# The DATC totals, for people reading the log (the tests below check every case again, by name).
build/cli/dipadj datc datc/v2.4/*.yaml | tail -n 1 | sed 's/^/DATC v2.4 chapters 6-12 (243 cases and 11 variations): /'
build/cli/dipadj datc datc/v2.4/6.*.yaml | tail -n 1 | sed 's/^/DATC v2.4 chapter 6: /'
build/cli/dipadj datc datc/v2.4/7.*.yaml | tail -n 1 | sed 's/^/DATC v2.4 chapter 7 (Colonial, with plugins): /'
build/cli/dipadj datc datc/v2.4/[!67]*.yaml | tail -n 1 | sed 's/^/DATC v2.4 chapters 8-12 (variants, with plugins): /'
build/cli/dipadj datc datc/v3.1/*.yaml | tail -n 1 | sed 's/^/DATC v3.1 chapter 6 (rulebook-2023): /'
build/cli/dipadj datc datc/calendar/*.yaml | tail -n 1 | sed 's|^|Variant calendar (our cases, docs/variant-rules.md): |'
# The Standard game needs no plugin: it is played here with the plugin libraries moved away.
mv build/plugins build/plugins.away
if ! build/cli/dipadj play variants/standard/examples/year-1901.yaml > /dev/null; then
  mv build/plugins.away build/plugins
  echo "the Standard game failed without plugin libraries" >&2
  exit 1
fi
mv build/plugins.away build/plugins
echo "Standard game without any plugin library: played"
ctest --test-dir build --output-on-failure -j "$(nproc)"
# The package as a user installs it: moved install tree, out-of-tree plugin and C program, .deb.
bash scripts/test-install.sh
