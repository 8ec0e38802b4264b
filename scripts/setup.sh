#!/usr/bin/env bash
# Installs what dipadj needs to build and test on Debian 12 (packages only, nothing downloaded
# otherwise). Safe to run again: apt-get skips what is already there.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  libboost-graph-dev libboost-program-options-dev
  libyaml-cpp-dev libexpat1-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev help2man python3 python3-jsonschema python3-yaml
  pybind11-dev python3-dev python3-pytest python3-distributed
  libxml2-utils librsvg2-bin chromium libcpp-httplib-dev liblua5.4-dev libsimdjson-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm for the browser tests' packages, from Debian when the machine has none.
command -v npm > /dev/null || missing+=(nodejs npm)
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
else
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The browser tests' npm packages, exactly as package-lock.json pins them (playwright-core: it
# drives Debian's Chromium and downloads no browser).
cd "$(dirname "$0")/.."
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
