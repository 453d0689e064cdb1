#!/usr/bin/env bash
# Checks that the test suite catches a small set of one-line bugs (mutants) in the runtime's guarantees
# and the bundle loader: each mutant is applied alone, the tests named beside it must then fail, and the
# file is restored. Not part of .ci/run (each mutant rebuilds a module: a few minutes in all); run it
# after changing the runtime or the tests of docs/RUNNING.md's "Guarantees".
#
#   scripts/mutants.sh          every mutant
#   scripts/mutants.sh NAME…    the named ones
#
# Exits non-zero when a mutant survives (its tests still pass) or does not apply (the line moved).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "$(git status --porcelain -- Sources)" ]; then
    echo "mutants: Sources/ has uncommitted changes; commit or stash them first" >&2
    exit 2
fi

# name | file | line as it is (fixed string) | line as the mutant | tests that must fail (swift test --filter)
mutants=(
    "event-under-layer|Sources/FlowRuntime/Coordinator/FlowCoordinator+Events.swift|        if below != nil, let layer = layerCovering(route) {|        if false, let layer = layerCovering(route) {|GuaranteeExampleTests/anEventFromUnderACoverIsRefused"
    "back-stops-tabs|Sources/FlowRuntime/Coordinator/FlowCoordinator+Stacks.swift|        if keep == 0 { return outermostShownTab() }|        if keep == 0 { return nil }|GuaranteeExampleTests/backAtATabsFirstRouteIsRefused"
    "keep-drops-link|Sources/FlowRuntime/Coordinator/FlowCoordinator+Back.swift|            if let link {|            if let link, false {|GuaranteeExampleTests/keepReportsTheLinkThatAsked"
    "continuation-loses-data|Sources/FlowRuntime/DeepLinks/FlowCoordinator+DeepLinks.swift|        guard target == shownFirstNow() else { return nil }|        guard false else { return nil }|GuaranteeExampleTests/aContinuationKeepsWhatTheHandlerBuilt"
    # The same bugs, caught by the explorer's guarantees alone (FlowExplorerTests over the shipped apps):
    "event-under-layer-explored|Sources/FlowRuntime/Coordinator/FlowCoordinator+Events.swift|        if below != nil, let layer = layerCovering(route) {|        if false, let layer = layerCovering(route) {|ShippedFlowsExplorationTests"
    "back-stops-tabs-explored|Sources/FlowRuntime/Coordinator/FlowCoordinator+Stacks.swift|        if keep == 0 { return outermostShownTab() }|        if keep == 0 { return nil }|ShippedFlowsExplorationTests"
    "waiting-link-dropped|Sources/FlowRuntime/Coordinator/FlowCoordinator.swift|        if let waitingLink, confirmation.link != waitingLink, !confirmedWaitingStep,|        if let waitingLink, false, !confirmedWaitingStep,|GuaranteeExampleTests/aLinkWaitingForAConfirmationIsReportedWhenAnotherStepDropsIt"
    "waiting-link-dropped-explored|Sources/FlowRuntime/Coordinator/FlowCoordinator.swift|        if let waitingLink, confirmation.link != waitingLink, !confirmedWaitingStep,|        if let waitingLink, false, !confirmedWaitingStep,|ShippedFlowsExplorationTests"
    # Restore: a pushed route's arguments held to the recipes that push it (found by the restore audit):
    "pushed-arguments-unchecked|Sources/FlowRuntime/Snapshots/FlowCoordinator+Snapshot.swift|                } else if let below = transition.state.path.last,|                } else if false, let below = transition.state.path.last,|RestoreReachabilityTests/aPushedRouteWhoseArgumentsNoEventGivesIsRefused"
    "pushed-arguments-unchecked-explored|Sources/FlowRuntime/Snapshots/FlowCoordinator+Snapshot.swift|                } else if let below = transition.state.path.last,|                } else if false, let below = transition.state.path.last,|RestoreMutationTests"
    "small-bundle-threads|Sources/FlowModel/Primitives/ParallelMap.swift|        guard count > 1, work >= threshold else { return (0..<count).map(transform) }|        guard count > 1 else { return (0..<count).map(transform) }|SmallBundleThreadTests"
)

restore() { git checkout -q -- Sources; }
trap restore EXIT

survived=0
for entry in "${mutants[@]}"; do
    IFS='|' read -r name file original mutant tests <<<"$entry"
    if [ "$#" -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    if ! grep -qxF -- "$original" "$file"; then
        echo "mutant $name: the line is no longer in $file; update scripts/mutants.sh" >&2
        survived=1
        continue
    fi
    ORIGINAL="$original" MUTANT="$mutant" python3 - "$file" <<'PY'
import os, sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace(os.environ["ORIGINAL"], os.environ["MUTANT"], 1))
PY
    log=/tmp/flowc-mutant-$name.log
    if swift test --filter "$tests" >"$log" 2>&1; then
        echo "mutant $name SURVIVED: $tests passed with it (log: $log)"
        survived=1
    elif grep -q "Test run with .* failed" "$log"; then
        echo "mutant $name killed by $tests"
    else
        echo "mutant $name did not build or run (log: $log)"
        survived=1
    fi
    restore
done
exit $survived
