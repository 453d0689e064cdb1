import FlowModel

/// A route kept by the `preserve` removal policy, to be restored when its child flow starts again.
struct DraftRoute: Hashable {
    var screen: Int
    /// The route's arguments, aligned with the screen's parameters.
    var values: [Value]
}

/// A child flow instance's routes and arguments, kept by its parent after interactive back removed it
/// across a `preserve` route.
struct PreservedDraft: Hashable {
    /// The child's arguments, aligned with its flow's parameters.
    var values: [Value]
    var routes: [DraftRoute]
}

/// One live flow instance, as a value: the coordinator's logic runs on these and then syncs the
/// ``FlowInstance`` objects that own each other.
struct InstanceRecord: Hashable {
    var id: FlowInstanceID
    /// Index of the flow in the bundle.
    var flow: Int
    /// Index of the child declaration in the parent's flow; nil for the root flow instance.
    var declaration: Int?
    /// The flow's arguments, aligned with its parameters.
    var values: [Value]
    /// How the instance was shown: `push` for the root, tabs and pushed children.
    var presentation: Presentation = .push
    /// The chain position of the instance whose routes begin the stack this instance's routes go on:
    /// its own for the root, a tab or a presented child; its parent's otherwise.
    var stackDepth = 0
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// What few instances hold (drafts, links, tabs) behind one reference, nil when the instance holds none.
    private var rare: RareFields?

    init(id: FlowInstanceID, flow: Int, declaration: Int?, values: [Value]) {
        self.id = id
        self.flow = flow
        self.declaration = declaration
        self.values = values
    }

    /// Preserved drafts of this instance's children, by declaration index.
    var drafts: [Int: PreservedDraft] {
        get { rare?.fields.drafts ?? [:] }
        _modify { yield &rareFields.drafts }
    }
    /// Deep links held by this instance's `queue` policy, opened when it finishes.
    var queuedLinks: [String] {
        get { rare?.fields.queuedLinks ?? [] }
        _modify { yield &rareFields.queuedLinks }
    }
    /// For an instance of a flow with tabs: which tab is selected and the tabs kept aside.
    var tabs: TabSetRecord? {
        get { rare?.fields.tabs }
        _modify { yield &rareFields.tabs }
    }
    /// A guarded link waiting for this instance (its guarding flow) to finish with an outcome (format 1.1).
    var pendingLink: PendingLink? {
        get { rare?.fields.pendingLink }
        _modify { yield &rareFields.pendingLink }
    }

    /// Whether the instance holds a deep link (queued or pending) that its removal would drop.
    var holdsLinks: Bool { rare.map { !$0.fields.queuedLinks.isEmpty || $0.fields.pendingLink != nil } ?? false }
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Whether the instance parks tabs or holds a deep link.
    var mayHoldLinks: Bool {
        rare.map { $0.fields.tabs != nil || !$0.fields.queuedLinks.isEmpty || $0.fields.pendingLink != nil } ?? false
    }
    /// Whether the instance keeps drafts of its children.
    var hasDrafts: Bool { rare.map { !$0.fields.drafts.isEmpty } ?? false }

    /// The rare fields, changed in place: created on first write, copied first when another record shares
    /// them, and dropped again when the change left them all empty.
    private var rareFields: RareFields.Fields {
        get { rare?.fields ?? RareFields.Fields() }
        _modify {
            if rare == nil {
                rare = RareFields(RareFields.Fields())
            } else if !isKnownUniquelyReferenced(&rare!) {
                rare = RareFields(rare!.fields)
            }
            yield &rare!.fields
            if rare!.fields.isEmpty { rare = nil }
        }
    }

    /// Storage of the rare fields; a record owns it alone whenever it changes it (copy on write).
    private final class RareFields: Hashable {
        struct Fields: Hashable {
            var drafts: [Int: PreservedDraft] = [:]
            var queuedLinks: [String] = []
            var tabs: TabSetRecord?
            var pendingLink: PendingLink?

            var isEmpty: Bool { drafts.isEmpty && queuedLinks.isEmpty && tabs == nil && pendingLink == nil }
        }

        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }

        /// Value equality, like the record's: equal fields, whichever storage holds them (one storage shared by
        /// two copies of a record is equal without comparing).
        static func == (lhs: RareFields, rhs: RareFields) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}

/// The whole navigation state as a value. A step works on a ``StateEdit`` of it and applies that whole,
/// or drops it and leaves the state untouched.
///
/// Live instances form a chain, root first: only the top route's instance can push or start a child,
/// so an instance has at most one live child. The path is the chain's routes in chain order
/// (an instance whose start is a child has no routes of its own).
struct RuntimeState {
    /// The serial number of the coordinator the state belongs to; it marks every route it creates.
    var owner = 0
    var path: [Route] = []
    var chain: [InstanceRecord] = []
    var nextInstance = 1
    var nextToken = 1

    /// The chain position of a live instance.
    func depth(of id: FlowInstanceID) -> Int? { chain.firstIndex { $0.id == id } }

    /// Makes the state the one `edit` describes, in place; `edit` must have started from this state.
    /// - Returns: the edit's emptied storage, for the next edit.
    mutating func apply(_ edit: inout StateEdit) -> EditStorage {
        let storage = EditStorage(routes: edit.path.apply(to: &path), records: edit.chain.apply(to: &chain))
        nextInstance = edit.nextInstance
        nextToken = edit.nextToken
        return storage
    }
}

extension RandomAccessCollection where Element == Route, Index == Int {
    /// The indices of the routes of the instance at chain position `depth` (routes are in chain order).
    func routeRange(ofDepth depth: Int) -> Range<Int> {
        let lower = firstIndex { $0.depth >= depth } ?? endIndex
        let upper = self[lower...].firstIndex { $0.depth > depth } ?? endIndex
        return lower..<upper
    }
}

extension Collection where Element == InstanceRecord {
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Whether some instance holds a deep link or parks tabs (whose instances may hold some).
    var mayHoldLinks: Bool { contains { $0.mayHoldLinks } }
}
