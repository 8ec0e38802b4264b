#!/usr/bin/env bash
# Checks on the code that the compiler does not make (run by scripts/test.sh, so in CI):
#  - rule choices are asked by name, never by DATC letter (issue 18): the letters are the
#    rulebook's business (core/src/rules/) and the CLI's when it prints them;
#  - the core's layers include only downwards (scripts/check_layers.py lists the layers).
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
python3 scripts/check_layers.py || failed=1
exit $failed
