#!/usr/bin/env bash
# A short fuzzing smoke run: builds the four fuzz targets and runs each for FUZZ_SECONDS (default 15), from
# the seeds and the corpus kept in .build/fuzz. Exits non-zero when a target crashes (the input is in
# .build/fuzz/crash-*). `.ci/run` runs it after `swift test`; run it longer (FUZZ_SECONDS=600) before a
# release or after touching the loader, the rules or the runtime. See docs/FUZZING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-15}
scripts/fuzz.sh build
for target in compiler runtime lsp api; do
    # Without libFuzzer's line per new input and its dictionary (thousands of lines in a CI log); the
    # start, the end, the final stats and any crash report stay. pipefail keeps fuzz.sh's exit status.
    scripts/fuzz.sh "$target" "$seconds" 2>&1 | grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse) |# Uses: [0-9]+$'
done
echo "fuzz-smoke: no crash in ${seconds}s per target"
