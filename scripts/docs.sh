#!/usr/bin/env bash
# Builds the FlowRuntime DocC catalog (Sources/FlowRuntime/FlowRuntime.docc) with the toolchain's own
# tools, no plugin: swift-symbolgraph-extract over the FlowRuntime module `swift build` made, then
# `docc convert --warnings-as-errors` (an unresolved link, an undocumented parameter or a broken article
# fails it). Writes .build/docs/FlowRuntime.doccarchive. Run by .ci/run after `swift test`; under a
# minute on 2 cores once the module is built (docs/CI.md, "Documentation").
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target FlowRuntime
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\([^"]*\)".*/\1/p' | head -1)
out=.build/docs
rm -rf "$out/symbol-graphs" "$out/FlowRuntime.doccarchive"
mkdir -p "$out/symbol-graphs"
swift-symbolgraph-extract -module-name FlowRuntime -I "$bin/Modules" -target "$triple" \
    -minimum-access-level public -output-dir "$out/symbol-graphs"
docc convert Sources/FlowRuntime/FlowRuntime.docc --additional-symbol-graph-dir "$out/symbol-graphs" \
    --output-dir "$out/FlowRuntime.doccarchive" --fallback-display-name FlowRuntime \
    --fallback-bundle-identifier flowc.FlowRuntime --warnings-as-errors
echo "docs: $out/FlowRuntime.doccarchive"
