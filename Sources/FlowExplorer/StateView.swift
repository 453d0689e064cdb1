import FlowModel
import FlowRuntime

/// What the guarantee checks, the actions and the child-finishing analysis read of a state's instances,
/// taken once per state from its copy (``FlowRuntime/CoordinatorStateCopy/instances``): the shown chain,
/// every live instance with its parent and presentation, and the deep links each holds.
struct StateView: Equatable {
    /// One live instance, as indices into the bundle: no string, so an entry copies as plain bytes (the
    /// views are built and copied on every step that changes the state). Its names are read from the bundle
    /// only where they are printed or asked about (``flow(in:)``, ``child(in:)``, ``parentFlow(in:)``).
    // Speed: PERFORMANCE.md, "Round 14, the explorer".
    struct Entry: Equatable, Sendable {
        var id: Int
        /// Its flow's index in the bundle.
        var flowIndex: Int
        /// The child declaration it runs as, its index in the parent's flow; nil for the root.
        var declaration: Int?
        var parent: Int?
        /// The parent's flow's index in the bundle; nil for the root.
        var parentFlowIndex: Int?
        var presentation: Presentation
        var kept: Bool

        /// Its flow's name.
        func flow(in bundle: FlowBundle) -> String { bundle.flows[flowIndex].name }

        /// The name of the child declaration it runs as; nil for the root.
        func child(in bundle: FlowBundle) -> String? {
            guard let parentFlowIndex, let declaration else { return nil }
            return bundle.flows[parentFlowIndex].children[declaration].name
        }

        /// The parent's flow's name; nil for the root.
        func parentFlow(in bundle: FlowBundle) -> String? {
            guard let parentFlowIndex else { return nil }
            return bundle.flows[parentFlowIndex].name
        }
    }

    /// The instance part of the view, behind one reference: a view is copied several times a step (into
    /// the guarantee checks, kept for the state after it), and a copy then retains one object, not three
    /// collections. Speed: PERFORMANCE.md, "Round 16, explorer".
    private final class Instances: Sendable {
        let live: [Entry]
        let shownCount: Int
        let alive: [Int]
        let heldLinks: [Int: [String]]
        let showsTabSet: Bool

        init(live: [Entry], shownCount: Int, alive: [Int], heldLinks: [Int: [String]], showsTabSet: Bool) {
            (self.live, self.shownCount, self.alive) = (live, shownCount, alive)
            (self.heldLinks, self.showsTabSet) = (heldLinks, showsTabSet)
        }

        static let none = Instances(live: [], shownCount: 0, alive: [], heldLinks: [:], showsTabSet: false)
    }

    private let instances: Instances
    /// The shown instances, root first (each the child of the one before; kept tabs are not shown): the
    /// first entries of `live` (``FlowRuntime/CoordinatorStateCopy/instances`` lists the shown chain first),
    /// not an array of their own. Speed: PERFORMANCE.md, "Round 14, the explorer".
    var shown: ArraySlice<Entry> { instances.live[..<instances.shownCount] }
    /// Every live instance, the shown ones first, then kept tabs', parents before children.
    var live: [Entry] { instances.live }
    /// The ids of every live instance, in the order of `live` (a handful: searched, not hashed).
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    var alive: [Int] { instances.alive }
    /// The deep links each live instance holds (queued, and pending on an outcome), by id; only instances
    /// that hold some.
    var heldLinks: [Int: [String]] { instances.heldLinks }
    var status = CoordinatorStatus.idle
    /// Whether the coordinator runs and shows a tab set.
    var showsTabs: Bool { instances.showsTabSet && status == .running }
    /// Whether a confirmation is pending.
    var asksForConfirmation = false

    /// Whether `other` has the same live instances as this view (for a view kept for the state after a
    /// step, ``withInstances(of:)``: the same object, no array compared).
    func hasSameAlive(as other: StateView) -> Bool { instances === other.instances || alive == other.alive }

    @MainActor
    init(_ copy: CoordinatorStateCopy, bundle: FlowBundle) {
        status = copy.coordinatorStatus
        asksForConfirmation = copy.isAskingForConfirmation
        let instances = copy.instances
        var live: [Entry] = []
        var alive: [Int] = []
        var heldLinks: [Int: [String]] = [:]
        var shownCount = 0
        var showsTabSet = false
        live.reserveCapacity(instances.count)
        alive.reserveCapacity(instances.count)
        // No closures (`flatMap`): a closure formed in main-actor code checks its isolation on every call.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        for instance in instances {
            // The parent's flow, when the parent is live (it comes first); the declaration only with it.
            var parentFlow: Int?
            if let parent = instance.parent { parentFlow = Self.flowIndex(of: parent, in: live) }
            let entry = Entry(
                id: instance.id, flowIndex: instance.flow, declaration: parentFlow == nil ? nil : instance.declaration,
                parent: instance.parent, parentFlowIndex: parentFlow, presentation: instance.presentation,
                kept: instance.kept)
            live.append(entry)
            alive.append(instance.id)
            if !instance.heldLinks.isEmpty { heldLinks[instance.id] = instance.heldLinks }
            if !instance.kept {
                shownCount += 1
                if instance.hasTabs { showsTabSet = true }
            }
        }
        self.instances = Instances(
            live: live, shownCount: shownCount, alive: alive, heldLinks: heldLinks, showsTabSet: showsTabSet)
    }

    static func == (lhs: StateView, rhs: StateView) -> Bool {
        lhs.status == rhs.status && lhs.asksForConfirmation == rhs.asksForConfirmation
            && (lhs.instances === rhs.instances
                || (lhs.live == rhs.live && lhs.instances.shownCount == rhs.instances.shownCount
                    && lhs.alive == rhs.alive && lhs.heldLinks == rhs.heldLinks
                    && lhs.instances.showsTabSet == rhs.instances.showsTabSet))
    }

    /// The flow index of live instance `id`, if it is one. A loop, not `last(where:)`: a closure formed in
    /// main-actor code checks its isolation on every call (`StateView.init` runs on the main actor).
    private static func flowIndex(of id: Int, in live: [Entry]) -> Int? {
        for entry in live.reversed() where entry.id == id { return entry.flowIndex }
        return nil
    }

    /// The view of `copy`, whose instances are this view's own (``FlowRuntime/CoordinatorStateCopy/hasSameInstances(as:)``
    /// holds for the copies): only the status and the confirmation read again, no instance.
    // Speed: PERFORMANCE.md, "Round 14, the explorer".
    @MainActor
    func withInstances(of copy: CoordinatorStateCopy) -> StateView {
        var view = self
        view.status = copy.coordinatorStatus
        view.asksForConfirmation = copy.isAskingForConfirmation
        return view
    }

    /// Whether this view, kept for `copy` (``withInstances(of:)``), is the view built afresh from it: what
    /// the explorer's reuse of a view rests on (the runtime writes new storage whenever it changes an
    /// instance record). A debug build checks it on every reuse, so a runtime change that breaks that
    /// premise fails every explorer test.
    @MainActor
    func isFresh(for copy: CoordinatorStateCopy, bundle: FlowBundle) -> Bool { self == StateView(copy, bundle: bundle) }

    /// The view of no instance (before `start`).
    init() { instances = .none }
}
