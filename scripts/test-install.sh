#!/usr/bin/env bash
# Checks the package as a user gets it: installs build/ into a temporary prefix, moves the tree,
# and uses the moved copy from another directory: `dipadj validate`, a game, an out-of-tree plugin
# and a C program built with find_package(dipadj), the pkg-config file; and makes a .deb with CPack.
# Called by scripts/test.sh after the build; run alone, it expects build/ to be built.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install build --prefix "$work/P" > /dev/null
mv "$work/P" "$work/Q"
Q=$work/Q
libdir=$(cd "$Q" && ls -d lib*/pkgconfig | head -n 1 | xargs dirname)
echo "install: moved install tree has bin/dipadj, $libdir/pkgconfig/dipadj.pc"
test -x "$Q/bin/dipadj"
test -f "$Q/$libdir/pkgconfig/dipadj.pc"
# The man page (scripts/setup.sh installs help2man, which makes it).
if command -v help2man > /dev/null; then
  grep -q "dipadj adjudicate" "$Q/share/man/man1/dipadj.1" || { echo "install: no man page share/man/man1/dipadj.1" >&2; exit 1; }
  echo "install: man page share/man/man1/dipadj.1"
fi

cd "$work"  # nowhere near the source or build tree
# The moved program finds its variants and plugins beside itself.
"$Q/bin/dipadj" --version
paths=$("$Q/bin/dipadj" paths)
grep -q "$Q/share/dipadj/variants" <<< "$paths" \
  || { echo "install: the moved dipadj does not search its own share/dipadj/variants:" >&2; echo "$paths" >&2; exit 1; }
"$Q/bin/dipadj" validate colonial
cp "$Q/share/dipadj/variants/standard/examples/year-1901.yaml" game.yaml
"$Q/bin/dipadj" play game.yaml > /dev/null
echo "install: the moved dipadj played the Standard 1901 example"
"$Q/bin/dipadj" datc "$Q/share/dipadj/datc/v2.4/7.C.yaml" | tail -n 1
# dipadj serve finds the DATC folder beside its variants: Colonial's test cases from the page's API.
"$Q/bin/dipadj" serve --port 0 --games "$work/games" > serve.out &
serve_pid=$!
for _ in $(seq 50); do grep -q http serve.out && break; sleep 0.1; done
/usr/bin/python3 - "$(awk '{print $3; exit}' serve.out)" <<'PY' || { kill "$serve_pid"; exit 1; }
import json, sys, urllib.request
cases = json.load(urllib.request.urlopen(sys.argv[1] + "api/variants/colonial/cases", timeout=60))
assert cases["passed"] > 10 and cases["failed"] == 0, cases
print("install: the moved dipadj serve ran Colonial's", cases["passed"], "test cases from its own DATC folder")
PY
kill "$serve_pid"

# The Python module, when it was built: imported from the moved tree, it finds its core library
# and the bundled variants and plugins beside itself (Colonial loads its three plugins).
if [ -d "$Q/$libdir/python3/dist-packages/dipadj" ]; then
  PYTHONPATH="$Q/$libdir/python3/dist-packages" /usr/bin/python3 -c "
import dipadj
game = dipadj.Game('colonial')
assert dipadj.__file__.startswith('$Q'), dipadj.__file__
assert len(game.variant['plugins']) == 3, game.variant
print('install: the moved Python module played', game.process()['phase'], 'of Colonial')"
fi

# pkg-config finds the package from the moved .pc file's own place.
if command -v pkg-config > /dev/null; then
  cflags=$(PKG_CONFIG_PATH="$Q/$libdir/pkgconfig" pkg-config --cflags dipadj)
  include_dir=$(printf '%s\n' $cflags | sed -n 's/^-I//p' | head -n 1)
  [ -n "$include_dir" ] && [ "$(realpath "$include_dir")" = "$(realpath "$Q/include")" ] \
    || { echo "install: pkg-config --cflags dipadj gives '$cflags', not $Q/include" >&2; exit 1; }
  echo "install: pkg-config --cflags dipadj: $cflags"
  # A C program built from the pkg-config file alone runs without LD_LIBRARY_PATH (its run path).
  cc "$source_dir/examples/c/adjudicate.c" -o c-from-pkg-config $(PKG_CONFIG_PATH="$Q/$libdir/pkgconfig" pkg-config --cflags --libs dipadj)
  env -u LD_LIBRARY_PATH ./c-from-pkg-config "$source_dir/examples/c/spring-1901.json" > /dev/null \
    || { echo "install: a C program built with pkg-config did not run" >&2; exit 1; }
  echo "install: a C program built with pkg-config --libs dipadj runs without LD_LIBRARY_PATH"
fi

# An out-of-tree plugin, built with find_package(dipadj) and dipadj_add_plugin(), loaded by the
# moved program for a variant that sits outside the install tree and plays the installed map.
# Built as on a machine without the development files of the libraries dipadj uses only inside
# (find_package of each made to fail): its users need only those its headers use.
cmake -S "$source_dir/examples/plugin" -B plugin-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$Q" -DCMAKE_COMPILE_WARNING_AS_ERROR=ON \
      -DCMAKE_DISABLE_FIND_PACKAGE_yaml-cpp=ON -DCMAKE_DISABLE_FIND_PACKAGE_EXPAT=ON \
      -DCMAKE_DISABLE_FIND_PACKAGE_simdjson=ON --no-warn-unused-cli > /dev/null
cmake --build plugin-build > /dev/null
mkdir variants
cp -r "$source_dir/examples/plugin/neutral-benelux" variants/
ln -s "$Q/share/dipadj/variants/standard" variants/standard
DIPADJ_VARIANT_PATH=$work/variants DIPADJ_PLUGIN_PATH=$work/plugin-build \
  "$Q/bin/dipadj" datc "$source_dir/examples/plugin/cases.yaml" | tail -n 1
echo "install: out-of-tree plugin neutral-centres built and its cases passed"

# A C program built with find_package(dipadj) against the moved tree, through the C interface.
cmake -S "$source_dir/examples/c" -B c-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$Q" -DCMAKE_COMPILE_WARNING_AS_ERROR=ON > /dev/null
cmake --build c-build > /dev/null
c-build/adjudicate "$source_dir/examples/c/spring-1901.json" > c-result.json
grep -q '"order":"A Paris - Burgundy","written":"A Par - Bur","result":"succeeds"' c-result.json \
  || { echo "install: the C example's results are not the expected ones:" >&2; cat c-result.json >&2; exit 1; }
if c-build/adjudicate "$source_dir/examples/plugin/cases.yaml" 2> c-error.txt; then
  echo "install: the C example accepted a YAML file as JSON" >&2; exit 1
fi
grep -q "not JSON" c-error.txt
echo "install: C program built with find_package(dipadj) adjudicated the Standard opening"

# The Debian package holds the program, the library and the plugins.
(cd "$source_dir/build" && cpack -G DEB -B "$work/deb" > /dev/null)
deb=$(ls "$work"/deb/dipadj_*.deb)
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/dipadj ./usr/lib/dipadj/plugins/libdipadj-ice.so ./usr/share/dipadj/variants/standard/map.yaml \
         ./usr/include/dipadj/version.hpp; do
  grep -q " $f\$" <<< "$contents" || { echo "install: $(basename "$deb") lacks $f" >&2; exit 1; }
done
echo "install: cpack made $(basename "$deb"), depends on: $(dpkg-deb -f "$deb" Depends)"
