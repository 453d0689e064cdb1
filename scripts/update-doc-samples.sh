#!/usr/bin/env bash
# Rewrites the command samples of README.md and docs/*.md marked `<!-- flowc-sample -->` with what each
# command prints now (DocSampleTests checks them; run this after the flows or an output changed, then
# read the diff).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
FLOWC_UPDATE_DOC_SAMPLES=1 swift test --skip-build --filter DocSampleTests >/dev/null || true
swift test --skip-build --filter DocSampleTests
git diff --stat -- README.md docs/
