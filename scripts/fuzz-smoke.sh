#!/usr/bin/env bash
# A short fuzzing smoke run: builds both fuzz targets and runs each for FUZZ_SECONDS (default 60).
# Exits non-zero when a target crashes (the input is in .build/fuzz/crash-*). Not part of .ci/run,
# which must stay well inside 30 minutes on 2 cores; run it before a release or after touching the
# loader, the rules or the runtime. See docs/FUZZING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
scripts/fuzz.sh build
for target in compiler runtime; do
    scripts/fuzz.sh "$target" "$seconds"
done
echo "fuzz-smoke: no crash in ${seconds}s per target"
