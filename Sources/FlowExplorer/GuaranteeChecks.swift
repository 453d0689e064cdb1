import FlowRuntime
import FlowScript

/// The predicates of ``Guarantee``, each on one explored step: the state before (its trace line and
/// key), the line run, and the state after. Each returns a message when the step breaks it.
struct GuaranteeChecks {
    struct Side {
        var trace: TraceLine?
        var key: String
    }

    let before: Side
    let line: String
    let after: TraceLine
    let afterKey: String
    /// The line whose step is waiting for the confirmation before this step, if any.
    let pendingOrigin: String?

    private var command: String { String(line.split(separator: " ").first ?? "") }

    func violations() -> [(Guarantee, String)] {
        var found: [(Guarantee, String)] = []
        if let message = refusedStepChangedSomething() { found.append((.refusedStepChangesNothing, message)) }
        if let message = backStoppedTabBar() { found.append((.backKeepsTabBar, message)) }
        for message in coversRemoved() { found.append((.coverLeavesWhenItsFlowFinishes, message)) }
        for message in linksDroppedSilently() { found.append((.noLinkDroppedSilently, message)) }
        for message in finishedTwice() { found.append((.finishesAtMostOnce, message)) }
        for message in keptTabsDroppedSilently() { found.append((.noKeptTabDroppedSilently, message)) }
        return found
    }

    private func refusedStepChangedSomething() -> String? {
        guard after.status == "rejected" || after.status == "stale" else { return nil }
        guard before.key != afterKey else { return nil }
        return "'\(line)' was \(after.status) (\(after.reason ?? "no reason")) but changed the state"
    }

    private func backStoppedTabBar() -> String? {
        guard command == "back" || command == "backto", before.trace?.tabs != nil,
            before.trace?.coordinator == "running", after.coordinator == "stopped"
        else { return nil }
        return "'\(line)' with a tab bar shown stopped the coordinator"
    }

    private func coversRemoved() -> [String] {
        // A deep link, a restore or stop may replace the part of the tree a cover is in; so may the step
        // that such a link or restore waited with, once confirmed.
        let replaying =
            command == "confirm" && (pendingOrigin.map { $0.hasPrefix("open ") || $0 == "restore" } ?? false)
        guard let tree = before.trace?.instances, !["open", "restore", "stop"].contains(command), !replaying else {
            return []
        }
        let entriesBefore = ExplorationActions.entries(of: tree)
        let alive = Set(after.instances.map { ExplorationActions.entries(of: $0).map(\.id) } ?? [])
        let finished = Set((after.finished ?? []).map(\.instance))
        var messages: [String] = []
        for parent in entriesBefore {
            for child in parent.children where child.presentation == "cover" && child.kept != true {
                guard alive.contains(parent.id), !alive.contains(child.id), !finished.contains(child.id) else {
                    continue
                }
                messages.append(
                    "'\(line)' removed the cover '\(child.flow)' (#\(child.id)) though its flow did not finish")
            }
        }
        return messages
    }

    private func linksDroppedSilently() -> [String] {
        var messages: [String] = []
        let reported = Set((after.links ?? []).map(\.url))
        let heldAfter = Self.heldLinks(after.instances)
        for (id, urls) in Self.heldLinks(before.trace?.instances) {
            for url in urls where !(heldAfter[id]?.contains(url) ?? false) && !reported.contains(url) {
                messages.append("'\(line)' dropped the link '\(url)' held by instance #\(id) without reporting it")
            }
        }
        // A link whose step waits for the confirmation: any step but confirm that ends the question
        // (keep, or another step that drops or replaces it) must report it.
        if let origin = pendingOrigin, origin.hasPrefix("open "), command != "confirm",
            after.status != "rejected", after.status != "stale", after.pending == nil || command == "keep"
        {
            let url = String(origin.dropFirst(5))
            if !reported.contains(url) {
                messages.append(
                    "'\(line)' ended the confirmation '\(origin)' asked for, and the link was dropped without a word")
            }
        }
        return messages
    }

    private func finishedTwice() -> [String] {
        let aliveBefore = Set(before.trace?.instances.map { ExplorationActions.entries(of: $0).map(\.id) } ?? [])
        return (after.finished ?? []).filter { !aliveBefore.contains($0.instance) }.map {
            "'\(line)' finished instance #\($0.instance) ('\($0.flow)'), which was not alive before the step"
        }
    }

    /// A kept tab is an instance the tree marks kept under a shown parent (the instances inside it are kept
    /// too, and go with it; back on a kept tab's own stack changes only the inside).
    private func keptTabsDroppedSilently() -> [String] {
        guard let tree = before.trace?.instances else { return [] }
        let alive = Set(after.instances.map { ExplorationActions.entries(of: $0).map(\.id) } ?? [])
        let reported = Set((after.droppedTabs ?? []).map(\.instance))
        var messages: [String] = []
        for parent in ExplorationActions.entries(of: tree) where parent.kept != true {
            for child in parent.children where child.kept == true && !alive.contains(child.id) {
                guard !reported.contains(child.id) else { continue }
                messages.append(
                    "'\(line)' dropped the kept tab '\(child.child ?? child.flow)' (#\(child.id)) of '\(parent.flow)' without reporting it"
                )
            }
        }
        return messages
    }

    /// The deep links each live instance holds (queued, and pending on an outcome), by instance id.
    static func heldLinks(_ tree: InstanceTreeEntry?) -> [Int: [String]] {
        guard let tree else { return [:] }
        var held: [Int: [String]] = [:]
        for entry in ExplorationActions.entries(of: tree) {
            let urls = (entry.queuedLinks ?? []) + (entry.pendingLink.map { [$0.url] } ?? [])
            if !urls.isEmpty { held[entry.id] = urls }
        }
        return held
    }
}
