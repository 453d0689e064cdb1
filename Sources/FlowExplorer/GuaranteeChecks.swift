import FlowModel
import FlowRuntime
import FlowScript

/// The predicates of ``Guarantee``, each on one explored step: the state before (its view), the command
/// run, its result, and the state after (its view, and whether it is the same state as before). Each
/// returns a message when the step breaks it.
struct GuaranteeChecks {
    let before: StateView
    let command: ScriptCommand
    let result: StepResult
    let after: StateView
    /// Whether the state after the step is the state before (up to tokens and ids, answers and the
    /// waiting step included).
    let unchanged: Bool
    /// The command whose step waited for the confirmation before this step, if any.
    let pendingOrigin: ScriptCommand?
    /// For a step that opens a deep link (`open`, or the `confirm` that runs an `open` that asked): what the
    /// link equals of what its tab showed or kept before the step, as the runtime reads it
    /// (``FlowRuntime/FlowCoordinator/linkShownAgain(_:)``; nil when it equals nothing), and the tokens of
    /// the routes shown after the step.
    var shownAgain: (part: LinkShownAgain, shownAfter: [RouteToken])? = nil

    private var refused: Bool { result.status == .rejected || result.status == .stale }

    /// The guarantees the step breaks, each with its message (names read from `bundle`, whose flows the
    /// views' entries index).
    func violations(in bundle: FlowBundle) -> [(Guarantee, String)] {
        var found: [(Guarantee, String)] = []
        if let message = refusedStepChangedSomething() { found.append((.refusedStepChangesNothing, message)) }
        if let message = backStoppedTabBar() { found.append((.backKeepsTabBar, message)) }
        // Guarantees 3, 12 and 13 each ask about an instance of `before` that is not alive after the step: a
        // step that left the same instances alive (most steps: a screen pushed or popped, a question asked;
        // a kept view's are the same object) breaks none of them.
        // Speed: PERFORMANCE.md, "Round 16, explorer".
        let instancesLeft = !before.hasSameAlive(as: after)
        if instancesLeft {
            for message in coversRemoved(bundle) { found.append((.coverLeavesWhenItsFlowFinishes, message)) }
        }
        for message in linksDroppedSilently() { found.append((.noLinkDroppedSilently, message)) }
        for message in finishedTwice() { found.append((.finishesAtMostOnce, message)) }
        if instancesLeft {
            for message in keptTabsDroppedSilently(bundle) { found.append((.noKeptTabDroppedSilently, message)) }
            for message in instancesLeftSilently(bundle) { found.append((.noInstanceLeavesSilently, message)) }
        }
        if let message = linkShownAgainChangedIt() { found.append((.linkShownAgainChangesNothing, message)) }
        return found
    }

    private var line: String { command.line }

    private func refusedStepChangedSomething() -> String? {
        guard refused, !unchanged else { return nil }
        return
            "'\(line)' was \(result.status.rawValue) (\(result.reason?.description ?? "no reason")) but changed the state"
    }

    private func backStoppedTabBar() -> String? {
        switch command {
        case .back, .backTo, .backOnStack: break
        default: return nil
        }
        guard before.showsTabs, after.status == .stopped else { return nil }
        return "'\(line)' with a tab bar shown stopped the coordinator"
    }

    private func coversRemoved(_ bundle: FlowBundle) -> [String] {
        switch command {
        case .open, .restore, .stop: return []
        // The step a link or a restore waited with, once confirmed, may replace the part of the tree a
        // cover is in, as the link or restore does.
        case .confirm:
            switch pendingOrigin {
            case .open, .restore: return []
            default: break
            }
        default: break
        }
        var messages: [String] = []
        for child in before.live where child.presentation == .cover && !child.kept {
            guard let parent = child.parent, after.alive.contains(parent), !after.alive.contains(child.id),
                !result.reportsFinished(child.id), !result.reportsRemovedByHeldLink(child.id)
            else { continue }
            let flow = child.flow(in: bundle)
            messages.append("'\(line)' removed the cover '\(flow)' (#\(child.id)) though its flow did not finish")
        }
        return messages
    }

    /// A kept tab is an instance marked kept under a parent that is not (the instances inside it are kept
    /// too and go with it; back on a kept tab's own stack changes only its inside).
    private func keptTabsDroppedSilently(_ bundle: FlowBundle) -> [String] {
        var messages: [String] = []
        for entry in before.live where entry.kept && !after.alive.contains(entry.id) {
            guard !result.reportsDroppedTab(entry.id), let parent = entry.parent,
                before.live.first(where: { $0.id == parent })?.kept == false
            else { continue }
            messages.append(
                "'\(line)' dropped the kept tab '\(entry.child(in: bundle) ?? entry.flow(in: bundle))' (#\(entry.id)) of '\(entry.parentFlow(in: bundle) ?? "")' without reporting it"
            )
        }
        return messages
    }

    /// Every live instance gone after the step (kept tabs' included) is finished or removed in its result.
    private func instancesLeftSilently(_ bundle: FlowBundle) -> [String] {
        var messages: [String] = []
        for entry in before.live where !after.alive.contains(entry.id) {
            guard !result.reportsFinished(entry.id), !result.reportsRemoved(entry.id) else { continue }
            messages.append(
                "'\(line)' removed flow '\(entry.flow(in: bundle))' (#\(entry.id)\(entry.child(in: bundle).map { ", child '\($0)'" } ?? "")) without reporting it finished or removed"
            )
        }
        return messages
    }

    /// The link's instances alive after the step, none reported finished, removed or dropped, its route tokens
    /// shown; when what it equals was shown: not asked about, nothing removed or dropped, its routes on top,
    /// and the state as it was unless the step holds the link (a guarded link's continuation) or ended a
    /// confirmation another step asked for.
    private func linkShownAgainChangedIt() -> String? {
        // Judged when the link opens (applied) or asks to (pending); a link a policy queues or redirects is
        // not built, so it keeps nothing.
        guard let (part, shownAfter) = shownAgain, result.status == .applied || result.status == .pending else {
            return nil
        }
        let url = command.openedURL ?? pendingOrigin?.openedURL ?? line
        if result.status == .pending {
            return part.isShown ? "'\(line)' asked for a confirmation, though '\(url)' shows what is shown" : nil
        }
        for instance in part.instances.map(\.rawValue)
        where !after.alive.contains(instance) || result.reportsFinished(instance) || result.reportsRemoved(instance)
            || result.reportsDroppedTab(instance)
        {
            return "'\(line)' did not keep instance #\(instance), though '\(url)' shows it as it is"
        }
        if let token = part.tokens.first(where: { token in !shownAfter.contains { $0.rawValue == token.rawValue } }) {
            return
                "'\(line)' did not keep the route with token \(token.rawValue) shown, though '\(url)' shows it as it is"
        }
        // What changes beside: the link held (a guarded link's continuation) and a confirmation ended.
        let holds = after.heldLinks.contains { id, urls in
            urls.count { $0 == url } > (before.heldLinks[id] ?? []).count { $0 == url }
        }
        if part.isShown,
            !result.removed.isEmpty || !result.droppedTabs.isEmpty
                || shownAfter.suffix(part.tokens.count).map(\.rawValue) != part.tokens.map(\.rawValue)
                || (!unchanged && !before.asksForConfirmation && !holds)
        {
            return "'\(line)' changed the state, though '\(url)' shows what is shown"
        }
        return nil
    }

    private func linksDroppedSilently() -> [String] {
        var messages: [String] = []
        // A restore is judged by URL, not by holder (``RestoreDroppedLinks``, the runtime's own definition):
        // it reports a URL dropped exactly as often as the restored state holds it fewer times than the state
        // before it, whichever instances hold it.
        // Matched, not `==`: `ScriptCommand`'s equality goes through its witness on every step.
        // Speed: PERFORMANCE.md, "Round 15, exstep: the explorer".
        let confirms = command.isConfirm
        if command.isRestore || (confirms && pendingOrigin?.isRestore == true) {
            let left = RestoreDroppedLinks.counts(
                before: before.heldLinks.values.joined(), after: after.heldLinks.values.joined())
            var reported: [String: Int] = [:]
            for link in result.deferredLinks where link.status == .rejected { reported[link.url, default: 0] += 1 }
            for (url, count) in reported.sorted(by: { $0.key < $1.key }) where count > left[url, default: 0] {
                messages.append("'\(line)' reported the link '\(url)' dropped, though the restored state holds it")
            }
            for (url, count) in left.sorted(by: { $0.key < $1.key }) where reported[url, default: 0] < count {
                let times = reported[url, default: 0]
                messages.append("'\(line)' dropped the link '\(url)' \(count) times but reported it \(times)")
            }
        } else if !before.heldLinks.isEmpty {
            // By holder: a link an instance held before the step and does not hold after it (gone, or kept
            // without it) is in the step's links (none when no instance held one: most states).
            for (id, urls) in before.heldLinks.sorted(by: { $0.key < $1.key }) {
                let held = after.heldLinks[id] ?? []
                for url in urls where !held.contains(url) && !result.reportsLink(url) {
                    messages.append("'\(line)' dropped the link '\(url)' held by instance #\(id) without reporting it")
                }
            }
        }
        // A link whose step waits for the confirmation: any step but confirm that ends the question
        // (keep, or another step that drops or replaces it) must report it.
        if case .open(let url)? = pendingOrigin, !confirms, !refused,
            !after.asksForConfirmation || command == .keep, !result.reportsLink(url)
        {
            messages.append(
                "'\(line)' ended the confirmation 'open \(url)' asked for, and the link was dropped without a word")
        }
        return messages
    }

    private func finishedTwice() -> [String] {
        let finished = result.finished
        guard !finished.isEmpty else { return [] }
        return finished.filter { !before.alive.contains($0.instance.rawValue) }.map {
            "'\(line)' finished instance #\($0.instance.rawValue) ('\($0.flow)'), which was not alive before the step"
        }
    }
}

extension FlowExplorer {
    /// The guarantees (``Guarantee``) broken by one step, judged exactly as the explorer judges each step
    /// it runs: the state before it (`before`), the command, its result and the state after it (`after`),
    /// with the command whose confirmation was pending before it (`pendingOrigin`). The tests use it to
    /// hold every predicate to a step that breaks it (a spliced state or result the runtime would never
    /// give), so a weakened predicate fails a test. Guarantee 6 (restore) is judged on states, not steps.
    /// Guarantee 9 reads `shownAgain`: what the link the step opens equals, from the coordinator in the state
    /// before (``FlowRuntime/FlowCoordinator/linkShownAgain(_:)``), and the tokens of the routes shown after.
    package static func brokenGuarantees(
        in bundle: FlowBundle, before: CoordinatorStateCopy, command: ScriptCommand, result: StepResult,
        after: CoordinatorStateCopy, pendingOrigin: ScriptCommand? = nil,
        shownAgain: (part: LinkShownAgain, shownAfter: [RouteToken])? = nil
    ) -> [Guarantee] {
        let checks = GuaranteeChecks(
            before: StateView(before, bundle: bundle), command: command, result: result,
            after: StateView(after, bundle: bundle), unchanged: before == after, pendingOrigin: pendingOrigin,
            shownAgain: shownAgain)
        return checks.violations(in: bundle).map(\.0)
    }
}

extension ScriptCommand {
    /// The URL an `open` opens; nil for any other command.
    var openedURL: String? {
        if case .open(let url) = self { return url }
        return nil
    }

    /// Whether the command is a `confirm`.
    var isConfirm: Bool {
        if case .confirm = self { return true }
        return false
    }

    /// Whether the command is a `restore`.
    fileprivate var isRestore: Bool {
        if case .restore = self { return true }
        return false
    }
}
