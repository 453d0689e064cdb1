#!/usr/bin/env bash
# Re-measures every row of docs/PERFORMANCE.md's "Results" table with flowc-bench, as the table says they
# were measured: release builds of flowc (as scripts/install.sh builds it, with the Swift libraries linked
# in) and flowc-bench in this checkout (run it in a clean clone), then
# each benchmark one after the other, each printing its figures and the machine's load average. Output
# goes to standard output; about 15 minutes on 2 cores (25 with --callgrind, which adds the instruction
# counts of `validate`, `compile`, the loads, the runtime and the language server under valgrind).
#
#   scripts/perf-rows.sh [--callgrind] > perf.txt
#
# Nothing here is a test: the figures are read and copied into docs/PERFORMANCE.md by a person.
set -euo pipefail
cd "$(dirname "$0")/.."

callgrind=0
if [ "${1:-}" = "--callgrind" ]; then callgrind=1; fi

# flowc-bench first: both products share .build/release, and the last build's flags decide how flowc is linked.
swift build -c release --product flowc-bench >&2
swift build -c release --static-swift-stdlib --product flowc >&2
bench=.build/release/flowc-bench

section() { printf '\n## %s (%s, main %s)\n' "$1" "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(git rev-parse --short HEAD)"; }

section "validate, compile and bundle load: 41k screens in one file"
$bench e2e --runs 3
section "validate memory: 50k screens in 5 files"
$bench e2e --screens 50000 --files 5 --runs 3
section "validate, compile and bundle load: 100k screens in 10 files"
$bench e2e --screens 100000 --files 10 --runs 3
section "scaling: 1k to 100k screens"
$bench scaling --runs 1
section "one line, every screen an error"
$bench oneline --runs 1
section "runtime: FlowCoordinator against hand-written coordinators"
$bench runtime --runs 5
section "the explorer (flowc check)"
$bench explore --runs 3
section "loading the shipped bundle"
$bench bundle
section "flowc lsp"
$bench lsp
section "flowc lsp: 10,000 screens in 100 files"
$bench lsp --screens 10000

if [ "$callgrind" -eq 1 ]; then
    section "instructions: 10k screens in one file (callgrind)"
    $bench e2e --screens 10000 --runs 1 --callgrind
    section "instructions: flowc lsp per edit at 10,000 screens (callgrind)"
    $bench lsp --screens 10000 --edits 20 --callgrind
    section "instructions: runtime per operation (callgrind, 54,000 operations each)"
    for scenario in '*genericScenario*' '*handWrittenScenario*Observable*'; do
        out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$scenario" \
            $bench runtime --iterations 3000 --runs 1 --extra-flows 0 >/dev/null 2>&1
        total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
        echo "  $scenario: $total instructions, $((total / 54000)) per operation"
        rm -f "$out"
    done
fi
