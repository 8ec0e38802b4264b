#!/usr/bin/env bash
# The layers are kept apart by the build (cmake/layers.cmake): a file planted in the geo layer that
# includes a judge header does not compile, and one that calls a judge function declared by hand
# does not link; nor does a file of the plugin layer (the plugin interface) that includes a judge
# header compile. Each target is built here and must fail for that reason, nothing else.
#   planted_violations.sh BUILD_DIR
set -uo pipefail
build=$1
out=$(cmake --build "$build" --target dipadj_planted_upward_include 2>&1)
if [ $? -eq 0 ] || ! grep -q "dipadj/judge/submission.hpp: No such file or directory" <<< "$out"; then
  echo "layers: the upward include was not refused as it should be:"; echo "$out" | tail -20; exit 1
fi
echo "layers: an include of a judge header in the geo layer is refused: dipadj/judge/submission.hpp: No such file or directory"
out=$(cmake --build "$build" --target dipadj_planted_upward_call 2>&1)
if [ $? -eq 0 ] || ! grep -q "undefined reference to .dipadj::to_string(dipadj::OrderSource)" <<< "$out"; then
  echo "layers: the upward call was not refused as it should be:"; echo "$out" | tail -20; exit 1
fi
echo "layers: a call from the geo layer to a judge function fails to link: undefined reference to dipadj::to_string(dipadj::OrderSource)"
out=$(cmake --build "$build" --target dipadj_planted_plugin_upward_include 2>&1)
if [ $? -eq 0 ] || ! grep -q "dipadj/judge/movement.hpp: No such file or directory" <<< "$out"; then
  echo "layers: the plugin layer's upward include was not refused as it should be:"; echo "$out" | tail -20; exit 1
fi
echo "layers: an include of a judge header in the plugin layer is refused: dipadj/judge/movement.hpp: No such file or directory"
