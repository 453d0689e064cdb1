import FlowModel
import FlowRuntime

/// What the guarantee checks, the actions and the child-finishing analysis read of a state's instances,
/// taken once per state from its copy (``FlowRuntime/CoordinatorStateCopy/instances``): the shown chain,
/// every live instance with its parent and presentation, and the deep links each holds.
struct StateView {
    /// One live instance.
    struct Entry {
        var id: Int
        var flow: String
        /// The child declaration it runs as; nil for the root.
        var child: String?
        var parent: Int?
        /// The parent's flow; nil for the root.
        var parentFlow: String?
        var presentation: Presentation
        var kept: Bool
        /// Its flow's index in the bundle.
        var flowIndex: Int
    }

    /// The shown instances, root first (each the child of the one before; kept tabs are not shown).
    var shown: [Entry] = []
    /// Every live instance, kept tabs' too, parents before children.
    var live: [Entry] = []
    /// The ids of every live instance, in the order of `live` (a handful: searched, not hashed).
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    var alive: [Int] = []
    /// The deep links each live instance holds (queued, and pending on an outcome), by id; only instances
    /// that hold some.
    var heldLinks: [Int: [String]] = [:]
    var status = CoordinatorStatus.idle
    /// Whether the coordinator runs and shows a tab set.
    var showsTabs = false
    /// Whether a confirmation is pending.
    var asksForConfirmation = false

    @MainActor
    init(_ copy: CoordinatorStateCopy, bundle: FlowBundle) {
        status = copy.coordinatorStatus
        asksForConfirmation = copy.isAskingForConfirmation
        let instances = copy.instances
        live.reserveCapacity(instances.count)
        alive.reserveCapacity(instances.count)
        shown.reserveCapacity(instances.count)
        // No closures (`flatMap`): a closure formed in main-actor code checks its isolation on every call.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        for instance in instances {
            var child: String?
            var parentName: String?
            if let parent = instance.parent, let parentFlow = flowIndex(of: parent) {
                parentName = bundle.flows[parentFlow].name
                if let declaration = instance.declaration {
                    child = bundle.flows[parentFlow].children[declaration].name
                }
            }
            let entry = Entry(
                id: instance.id, flow: bundle.flows[instance.flow].name, child: child, parent: instance.parent,
                parentFlow: parentName, presentation: instance.presentation,
                kept: instance.kept, flowIndex: instance.flow)
            live.append(entry)
            alive.append(instance.id)
            if !instance.heldLinks.isEmpty { heldLinks[instance.id] = instance.heldLinks }
            if !instance.kept {
                shown.append(entry)
                if instance.hasTabs, status == .running { showsTabs = true }
            }
        }
    }

    /// The flow index of live instance `id`, if it is one. A loop, not `last(where:)`: a closure formed in
    /// main-actor code checks its isolation on every call (`StateView.init` runs on the main actor).
    func flowIndex(of id: Int) -> Int? {
        for entry in live.reversed() where entry.id == id { return entry.flowIndex }
        return nil
    }

    /// The view of no instance (before `start`).
    init() {}
}
