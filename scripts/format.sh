#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's `swift format`, configured by .swift-format at the root
# (docs/CI.md, "Formatting").
#
#   scripts/format.sh check   lint every Swift file, warnings as errors; silent and exit 0 when clean
#   scripts/format.sh apply   rewrite every Swift file in place
#
# Only `*.swift` files are read (--recursive skips everything else), so the golden files under
# Tests/Fixtures (`*.swift.golden`) and the flows are never touched.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests Benchmarks Fuzz Plugins Examples)

case "${1:-}" in
check)
    swift format lint --configuration .swift-format --strict --recursive --parallel "${paths[@]}"
    ;;
apply)
    swift format format --configuration .swift-format --in-place --recursive --parallel "${paths[@]}"
    ;;
*)
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
