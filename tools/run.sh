#!/usr/bin/env bash
# tools/run.sh -- installs what is missing, builds, and serves dungeond on
# http://localhost:8080 (extra arguments go to the daemon, e.g. --port 9000).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh run
cmake -S . -B build -DDG_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 --target dungeon dungeond
echo "dungeond: serving http://localhost:8080/ (Ctrl-C stops it)" >&2
exec build/dungeond --config config/dungeond.conf "$@"
