#!/usr/bin/env bash
# Runs the test suite under a sanitizer, in its own build folder so the normal build is untouched.
#
#   scripts/sanitize.sh address [swift test options…]   AddressSanitizer (memory errors)
#   scripts/sanitize.sh thread  [swift test options…]   ThreadSanitizer (data races; validation is parallel)
#
# Slow: a full build plus the suite takes tens of minutes on 2 cores; run it with `nice` on a shared
# machine. See docs/FUZZING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer=${1:?name a sanitizer: address or thread}
shift
case "$sanitizer" in
address) export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} ;;
thread) export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1} ;;
*) echo "sanitize: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
esac
exec swift test --sanitize="$sanitizer" --build-path ".build/sanitize-$sanitizer" "$@"
