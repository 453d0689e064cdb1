#!/usr/bin/env bash
# Checks that the test suite catches a small set of one-line bugs (mutants) in the runtime's guarantees,
# the validator's rules and the bundle loader: each mutant is applied alone, the tests named beside it
# must then fail, and the file is restored. A mutant that spans lines writes them joined by a literal \n.
# Each mutant rebuilds a module (a minute or more each), so .ci/run runs a CI-sized part: `--lines` (every
# mutant still applies: no build) and two of the explorer's guarantee predicates. Run it whole after
# changing the runtime, the explorer's guarantee checks or the tests of docs/RUNNING.md's "Guarantees".
#
#   scripts/mutants.sh          every mutant
#   scripts/mutants.sh NAME…    the named ones
#   scripts/mutants.sh --lines  only checks that every mutant's lines are still in its file
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
    "back-stops-tabs|Sources/FlowRuntime/Coordinator/FlowCoordinator+Stacks.swift|        guard keep >= 0, keep < path.count else { return ([], []) }|        guard keep > 0, keep < path.count else { return ([], []) }|GuaranteeExampleTests/backAtATabsFirstRouteIsRefused"
    "keep-drops-link|Sources/FlowRuntime/Coordinator/FlowCoordinator+Back.swift|            if let link {|            if let link, false {|GuaranteeExampleTests/keepReportsTheLinkThatAsked"
    "continuation-loses-data|Sources/FlowRuntime/DeepLinks/FlowCoordinator+DeepLinks.swift|        guard currentStatus == .running, depth < state.chain.count, depth < fresh.chain.count else { return nil }|        guard false else { return nil }|GuaranteeExampleTests/aContinuationKeepsWhatTheHandlerBuilt"
    # The same bugs, caught by the explorer's guarantees alone (FlowExplorerTests over the shipped apps):
    "event-under-layer-explored|Sources/FlowRuntime/Coordinator/FlowCoordinator+Events.swift|        if below != nil, let layer = layerCovering(route) {|        if false, let layer = layerCovering(route) {|ShippedFlowsExplorationTests"
    "back-stops-tabs-explored|Sources/FlowRuntime/Coordinator/FlowCoordinator+Stacks.swift|        guard keep >= 0, keep < path.count else { return ([], []) }|        guard keep > 0, keep < path.count else { return ([], []) }|ShippedFlowsExplorationTests"
    "waiting-link-dropped|Sources/FlowRuntime/Coordinator/FlowCoordinator.swift|        if let waitingLink, confirmation.link != waitingLink, !confirmedWaitingStep,|        if let waitingLink, false, !confirmedWaitingStep,|GuaranteeExampleTests/aLinkWaitingForAConfirmationIsReportedWhenAnotherStepDropsIt"
    "waiting-link-dropped-explored|Sources/FlowRuntime/Coordinator/FlowCoordinator.swift|        if let waitingLink, confirmation.link != waitingLink, !confirmedWaitingStep,|        if let waitingLink, false, !confirmedWaitingStep,|ShippedFlowsExplorationTests"
    # Restore: a pushed route's arguments held to the recipes that push it (found by the restore audit):
    "pushed-arguments-unchecked|Sources/FlowRuntime/Snapshots/FlowCoordinator+SnapshotRestoring.swift|            } else if let below = transition.state.path.last,|            } else if false, let below = transition.state.path.last,|RestoreReachabilityTests/aPushedRouteWhoseArgumentsNoEventGivesIsRefused"
    "pushed-arguments-unchecked-explored|Sources/FlowRuntime/Snapshots/FlowCoordinator+SnapshotRestoring.swift|            } else if let below = transition.state.path.last,|            } else if false, let below = transition.state.path.last,|RestoreMutationTests"
    # The explorer's own guarantee predicates weakened, one per step guarantee: a test that splices a step
    # breaking it must then miss its code (Tests/FlowExplorerTests/BrokenGuaranteeTests.swift).
    "fc801-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|        guard refused, !unchanged else { return nil }|        guard refused, !unchanged, false else { return nil }|BrokenGuaranteeTests"
    "fc802-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|        guard before.showsTabs, after.status == .stopped else { return nil }|        guard before.showsTabs, after.status == .idle else { return nil }|BrokenGuaranteeTests"
    "fc803-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|            guard let parent = child.parent, after.alive.contains(parent), !after.alive.contains(child.id),|            guard let parent = child.parent, after.alive.contains(parent), after.alive.contains(child.id),|BrokenGuaranteeTests"
    "fc804-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|                for url in urls where !held.contains(url) && !result.reportsLink(url) {|                for url in urls where !held.contains(url) && result.reportsLink(url) {|BrokenGuaranteeTests"
    "fc805-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|        return finished.filter { !before.alive.contains(\$0.instance.rawValue) }.map {|        return finished.filter { before.alive.contains(\$0.instance.rawValue) }.map {|BrokenGuaranteeTests"
    "fc812-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|        for entry in before.live where entry.kept && !after.alive.contains(entry.id) {|        for entry in before.live where !entry.kept && !after.alive.contains(entry.id) {|BrokenGuaranteeTests"
    "fc814-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|        if let token = part.tokens.first(where: { token in !shownAfter.contains { \$0.rawValue == token.rawValue } }) {|        if let token = part.tokens.first(where: { token in false && !shownAfter.contains { \$0.rawValue == token.rawValue } }) {|BrokenGuaranteeTests/aLinkEqualToAKeptStack"
    "fc806-predicate|Sources/FlowExplorer/RestoreRoundTrip.swift|        let refused = restored.status != .applied|        let refused = false|BrokenGuaranteeTests"
    # The runtime faults the generator found in tab sets whose items present (issue 32), caught by their
    # witnesses (Tests/FlowRuntimeTests/GeneratedAppFaultTests.swift) and by the differential tests:
    "held-link-hides-shown-again-tab|Sources/FlowRuntime/Coordinator/FlowCoordinator.swift|            keptBeforeLinks += keptBefore|            _ = keptBefore|GeneratedAppFaultTests"
    "link-keeps-covered-tab-set|Sources/FlowRuntime/DeepLinks/LinkIntoShownTabs.swift|            parked.showSelectedTabUncovered()|            _ = parked|GeneratedAppFaultTests"
    "link-loses-kept-selected-tab|Sources/FlowRuntime/DeepLinks/LinkIntoShownTabs.swift|        set.parked[set.selected] = aside|        _ = aside|NestedItemLayerTests"
    # A restore reports dropped only the links it does not put back (breaker report §6), judged by URL (issue
    # 31: RestoreDroppedLinks, one definition for both), held by the runtime tests and by the FC804 predicate
    # judging the real restore step:
    "restore-keeps-no-identity|Sources/FlowRuntime/Snapshots/FlowCoordinator+SnapshotRestoring.swift|        if currentStatus == .running { transition.keepIdentities(putBackFrom: state) }|        if false { transition.keepIdentities(putBackFrom: state) }|RestorePutBackTests"
    "restore-drops-kept-holders-link|Sources/FlowRuntime/DeepLinks/FlowCoordinator+DroppedLinks.swift|        for record in before {|        for record in before where held[record.id] == nil {|RestorePutBackTests/aKeptInstanceThatNoLongerHoldsALinkReportsOnlyThatLink"
    "restore-judged-by-holder|Sources/FlowRuntime/DeepLinks/RestoreDroppedLinks.swift|        for url in after where counts[url] != nil { counts[url, default: 0] -= 1 }|        _ = after|RestoreReportTests/aLinkAnotherInstanceHoldsAfterTheRestoreIsNotReportedDropped"
    "fc804-restore-predicate|Sources/FlowExplorer/GuaranteeChecks.swift|            for (url, count) in reported.sorted(by: { \$0.key < \$1.key }) where count > left[url, default: 0] {|            for (url, count) in reported.sorted(by: { \$0.key < \$1.key }) where count > left[url, default: 0] + 1 {|BrokenGuaranteeTests"
    "fc804-restore-undercount|Sources/FlowExplorer/GuaranteeChecks.swift|            for (url, count) in left.sorted(by: { \$0.key < \$1.key }) where reported[url, default: 0] < count {|            for (url, count) in left.sorted(by: { \$0.key < \$1.key }) where reported[url, default: 0] + 1 < count {|BrokenGuaranteeTests/aRestoreThatDropsOneOfTwo"
    "cut-keeps-unstarted-tab-bar|Sources/FlowRuntime/Steps/Transition+TabBarLayer.swift|                if (index..<path.count).contains(where: { path[\$0].depth < depth }) { return end }|                if false { return end }|GeneratedAppFaultTests"
    "small-bundle-threads|Sources/FlowModel/Primitives/ParallelMap.swift|        guard count > 1, work >= threshold else { return (0..<count).map(transform) }|        guard count > 1 else { return (0..<count).map(transform) }|SmallBundleThreadTests"
    # The kept-tab facts' check (docs/RUNNING.md, "Kept tabs"), blinded: a `select` counted local by the
    # proved rule, and a write to a kept tab not seen (the negative control's first violation then differs):
    "kept-tab-select-local|Sources/FlowExplorer/KeptTabIndependence.swift|        case .select: rule == .unsoundSelectionIsLocal|        case .select: true|KeptTabIndependenceTests/everyLocalStepOfTheShippedRoots"
    "kept-tab-write-unseen|Sources/FlowExplorer/KeptTabIndependence.swift|        if !after.keepsTheSameTabs(as: before) {|        if false {|KeptTabIndependenceTests/countingATabSelectionLocal"
    # The kept-tab reduction (``KeptTabSteps``) answering a step with the state it left from E alone, the
    # state's own kept tabs not put back: the exact check of reused steps sees it.
    "kept-tab-steps-tabs-not-put-back|Sources/FlowExplorer/KeptTabSteps.swift|        guard let combined = step.leftAsItWas ? state : after.withTabs(keptIn: state) else { return nil }|        guard let combined = step.leftAsItWas ? state : Optional(after) else { return nil }|KeptTabIndependenceTests/everyLocalStepOfTheShippedRoots"
    # The unread-answers reduction (``UnreadAnswerSteps``) reusing a step whatever conditions it read: the
    # exact check of reused steps sees it.
    "unread-answers-reads-ignored|Sources/FlowExplorer/UnreadAnswerSteps.swift|            (bits.conditions ^ answers.conditions) & read.conditions == 0|            true|UnreadAnswerStepsTests/everyReusedStepOfTheShippedRoots"
    # Kinds issue 20 names, caught by the differential tests (the validator against the explorer on
    # generated YAML apps, Tests/FlowExplorerTests/DifferentialTests.swift) where the kind is semantic:
    "fallback-unguarded|Sources/FlowRuntime/DeepLinks/FlowCoordinator+DeepLinks.swift|        let result = conclude(\n            &transition, sender: nil, note: .linkFellBack(url: url, because: error.description),\n            replay: { \$0.openNow(url, mode: mode) }, link: url)|        var result = commit(&transition)\n        result.reason = .linkFellBack(url: url, because: error.description)|DifferentialTests"
    "popto-counts-as-reached|Sources/FlowCompiler/Validation/FlowDefinition+Navigation.swift|        case .replaceRoot(let target, _), .show(let target, _): target\n        case .popTo, .pop, .finish, .conditional, .stay, .select, .selectShowing: nil|        case .replaceRoot(let target, _), .show(let target, _), .popTo(let target): target\n        case .pop, .finish, .conditional, .stay, .select, .selectShowing: nil|DifferentialTests"
    "unhandled-sheet-skipped|Sources/FlowCompiler/Rules/Ownership/UnhandledOutcome.swift|            for child in flow.children {|            for child in flow.children where child.presentation?.value != .sheet {|DifferentialTests"
    "finish-not-disarmed|Sources/FlowRuntime/Coordinator/FlowInstance.swift|        life = .finishing|        _ = life|ReentrancyTests"
    "suggestion-limit-4|Sources/FlowModel/Primitives/NameSuggestion.swift|        let limit = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3|        let limit = name.count < 4 ? 1 : name.count <= 8 ? 2 : 3|DifferentialTests"
    "suggestion-limit-8|Sources/FlowModel/Primitives/NameSuggestion.swift|        let limit = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3|        let limit = name.count <= 4 ? 1 : name.count <= 9 ? 2 : 3|DifferentialTests"
    # Validator mutants of our own: reachability through handlers and tabs, the depth of an always-refused pop.
    "handlers-do-not-reach|Sources/FlowCompiler/Validation/NavigationIndex.swift|                    pending += nodes.children.elements[node - nodes.screens.elements.count].handlers.map(\.action)|                    pending += [ActionDefinition]()|DifferentialTests"
    "first-tab-only-reached|Sources/FlowCompiler/Validation/NavigationIndex.swift|        let shows = (flow.tabs.map { (\$0.name, \$0.arguments) } + policyShows.map { (\$0, []) }).map { name, arguments in|        let shows = (flow.tabs.prefix(1).map { (\$0.name, \$0.arguments) } + policyShows.map { (\$0, []) }).map { name, arguments in|DifferentialTests"
    "pop-depth-off-by-one|Sources/FlowCompiler/Rules/Reachability/PopAlwaysRefused.swift|                    guard from.allSatisfy({ depths[\$0.node] < count.value }),|                    guard from.allSatisfy({ depths[\$0.node] <= count.value }),|DifferentialTests"
    # The language server's per-flow rule results (RuleResultMemo): a result kept although a flow it read
    # changed, a lookup not noted as a read, a flow gone or a parent's old children not counted as changed,
    # and an argument passing's receiver flow not noted as a read of the rules that check the passing.
    "rule-result-stale|Sources/FlowCompiler/Validation/RuleResultMemo.swift|                if let kept = results[name], isUnchanged(kept) {|                if let kept = results[name], !changes.changed.contains(.flow(name)) {|IncrementalAgreementTests"
    "rule-result-lookup-unnoted|Sources/FlowCompiler/Validation/FlowCatalog.swift|        reads?.note(.flow(name))|        _ = name|IncrementalAgreementTests"
    "rule-result-gone-flow-unchanged|Sources/FlowCompiler/Validation/RuleResultMemo.swift|            change(name, last)\n            someFlowGone = true|            someFlowGone = true|RuleResultMemoTests/aFlowThatGoesAwayChecksTheFlowsThatReadItAgain"
    "rule-result-old-children-unchanged|Sources/FlowCompiler/Validation/RuleResultMemo.swift|                change(name, last)|                _ = last|RuleResultMemoTests/aParentThatStopsRunningAChildChecksTheChildAgain"
    # Round 13: a flow's passings kept although a flow they read changed, or reused at their old position.
    "passings-kept-stale|Sources/FlowCompiler/Validation/ArgumentPassing.swift|            if let kept, var passings = kept.passings[flow.name.value], kept.changes.isUnchanged(passings.reads) {|            if let kept, var passings = kept.passings[flow.name.value], !kept.changes.changed.contains(.flow(flow.name.value)) {|IncrementalAgreementTests"
    "passings-not-renumbered|Sources/FlowCompiler/Validation/ArgumentPassing.swift|                    for index in passings.passings.indices { passings.passings[index].flow = Int32(position) }|                    _ = position|RuleResultMemoTests"
    "passing-reads-unnoted|Sources/FlowCompiler/Validation/FlowCatalog.swift|        if let reads { for read in passings.reads { reads.note(read) } }|        _ = reads|IncrementalAgreementTests"
    # The explorer's reductions weakened (docs/RUNNING.md, "Reductions"): a coarser merge than the proved one
    # must make the reduced and the full exploration disagree, a lower repeat cutoff must hide FC808.
    "queue-order-forgets-last|Sources/FlowExplorer/QueuedLinkForm.swift|        return sorted.elementsEqual(earlier) ? nil : sorted + [links[links.count - 1]]|        return links.sorted()|ReductionAgreementTests/reducedAndFullExplorationsAgreeOnTheShippedRoots"
    "repeat-cutoff-constant|Sources/FlowExplorer/RouteRepeatCutoff.swift|        repeats = largest + 1|        repeats = 2|RouteRepeatCutoffTests"
)

restore() { git checkout -q -- Sources; }
trap restore EXIT

lines_only=0
if [ "${1:-}" = "--lines" ]; then
    lines_only=1
    shift
fi

survived=0
for entry in "${mutants[@]}"; do
    IFS='|' read -r name file original mutant tests <<<"$entry"
    if [ "$#" -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    if ! ORIGINAL="$original" MUTANT="$mutant" python3 - "$file" <<'PY'
import os, sys
path = sys.argv[1]
original = os.environ["ORIGINAL"].replace("\\n", "\n")
mutant = os.environ["MUTANT"].replace("\\n", "\n")
text = open(path).read()
# The original must be whole lines of the file.
if ("\n" + original + "\n") not in ("\n" + text):
    sys.exit(3)
open(path, "w").write(text.replace(original, mutant, 1))
PY
    then
        echo "mutant $name: the lines are no longer in $file; update scripts/mutants.sh" >&2
        survived=1
        continue
    fi
    if [ "$lines_only" = 1 ]; then
        restore
        continue
    fi
    log=/tmp/flowc-mutant-$name.log
    if swift test --filter "$tests" >"$log" 2>&1; then
        echo "mutant $name SURVIVED: $tests passed with it (log: $log)"
        survived=1
    elif grep -q "Test run with .* failed" "$log"; then
        echo "mutant $name killed by $tests:"
        grep -o "✘ Test [^(]*" "$log" | grep -v "✘ Test run " | sed "s/✘ Test /    /" | sort -u | head -5
    else
        echo "mutant $name did not build or run (log: $log)"
        survived=1
    fi
    restore
done
if [ "$lines_only" = 1 ] && [ "$survived" = 0 ]; then echo "mutants: all ${#mutants[@]} apply"; fi
exit $survived
