#!/usr/bin/env bash
# Checks on the code that the compiler does not make (run by scripts/test.sh, so in CI):
#  - rule choices are asked by name, never by DATC letter (issue 18): the letters are the
#    rulebook's business (core/src/rules/) and the CLI's when it prints them;
#  - includes across folders go through the layers' include views (the build keeps the layers
#    apart: cmake/layers.cmake), never a relative path that climbs out of a folder;
#  - no header or source of a layer includes one of a layer above, the headers no source of their
#    layer compiles too (scripts/check_layer_includes.py): the plugin interface names nothing above it;
#  - no file of core/src over 500 lines, no function over 80 (issue 27; scripts/check_sizes.py).
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
letter_use=$(grep -rnE "choice_letter\(|\.letter\(|is\(Rule::|\.letter *[!=]=|[!=]= *'[a-h]' *\)? *(\|\||&&|;|\))|case '[a-h]':" \
               core/src core/include plugins examples --include='*.cpp' --include='*.hpp' --include='*.h' \
             | grep -v "^core/src/rules/" || true)
if [ -n "$letter_use" ]; then
  echo "check-code: rule choices compared by letter (ask rules.is(Option::Choice) or choice_name(key, ...)):"
  echo "$letter_use"
  failed=1
fi
[ $failed -eq 0 ] && echo "check-code: rule choices are asked by name"
# The layers are kept apart by the build (cmake/layers.cmake: include views and link checks), which
# sees an include only through the include path: a relative include that climbs out of its
# folder would go around it, so every include across folders names its layer ("game/...").
climbing=$(grep -rn '#include "\.\./' core/src core/include || true)
if [ -n "$climbing" ]; then
  echo "check-code: includes that climb out of their folder (name the layer instead: \"base/x.hpp\", \"game/x.hpp\"):"
  echo "$climbing"
  failed=1
fi
[ -z "$climbing" ] && echo "check-code: every include across folders goes through the layers' include views"
python3 scripts/check_layer_includes.py || failed=1
python3 scripts/check_sizes.py || failed=1
exit $failed
