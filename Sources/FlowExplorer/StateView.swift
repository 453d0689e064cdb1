import FlowRuntime

/// What the guarantee checks and the child-finishing analysis read of a state's instances, taken once per
/// state from the coordinator's instance tree: the shown chain, every live instance with its parent and
/// presentation, and the deep links each holds.
struct StateView {
    /// The shown instances, root first (each the child of the one before; kept tabs are not shown).
    var shown: [InstanceTreeEntry] = []
    /// Every live instance, kept tabs' too, parents before children.
    var live: [InstanceTreeEntry] = []
    /// The parent's flow of each live child instance, by id.
    var parentFlow: [Int: String] = [:]
    /// The ids of every live instance.
    var alive: Set<Int> = []
    /// The deep links each live instance holds (queued, and pending on an outcome), by id; only instances
    /// that hold some.
    var heldLinks: [Int: [String]] = [:]
    var status = CoordinatorStatus.idle
    /// Whether the coordinator runs and shows a tab set.
    var showsTabs = false
    /// Whether a confirmation is pending.
    var asksForConfirmation = false

    @MainActor
    init(_ coordinator: FlowCoordinator) {
        status = coordinator.status
        showsTabs = status == .running && !coordinator.tabSets.isEmpty
        asksForConfirmation = coordinator.pendingConfirmation != nil
        guard let tree = coordinator.instanceTree() else { return }
        var pending = [tree]
        while let entry = pending.popLast() {
            live.append(entry)
            alive.insert(entry.id)
            let urls = (entry.queuedLinks ?? []) + (entry.pendingLink.map { [$0.url] } ?? [])
            if !urls.isEmpty { heldLinks[entry.id] = urls }
            for child in entry.children.reversed() {
                parentFlow[child.id] = entry.flow
                pending.append(child)
            }
        }
        var next: InstanceTreeEntry? = tree
        while let entry = next {
            shown.append(entry)
            next = entry.children.first { $0.kept != true }
        }
    }

    /// The view of no instance (before `start`).
    init() {}
}
