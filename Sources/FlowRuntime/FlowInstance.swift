import FlowModel

/// A live flow instance (the root flow or a child flow) as an object a host may hold.
///
/// Ownership follows the coordinator contract: the coordinator owns the root instance, every instance
/// owns its children strongly in one dictionary, and a child refers to its parent weakly. The completion
/// closure refers to the coordinator weakly, is cleared before it runs, and is cleared when the instance
/// is removed, so a second ``finish(_:)``, a finish after removal, or a finish after the coordinator is
/// gone does nothing and reports ``StepStatus/stale``.
@MainActor
public final class FlowInstance {
    /// The instance's identifier.
    public let id: FlowInstanceID
    /// The name of the flow it runs.
    public let flow: String
    /// The child declaration it was started as; nil for the root flow instance.
    public let declaration: String?
    /// The flow's arguments.
    public let arguments: [String: Value]
    /// The parent instance (weak); nil for the root, or once the parent is gone.
    public private(set) weak var parent: FlowInstance?
    /// The live child instances, owned by this instance (at most one at a time; see docs/RUNNING.md).
    public private(set) var children: [FlowInstanceID: FlowInstance] = [:]
    /// Whether the instance is still part of its coordinator's state: false once it finished or was
    /// removed, and once its coordinator is gone.
    public var isAlive: Bool { !isCancelled && coordinator != nil }
    private var isCancelled = false
    private weak var coordinator: FlowCoordinator?

    var completion: ((String) -> StepResult)?

    init(id: FlowInstanceID, flow: String, declaration: String?, arguments: [String: Value], parent: FlowInstance?,
         coordinator: FlowCoordinator) {
        self.id = id
        self.coordinator = coordinator
        self.flow = flow
        self.declaration = declaration
        self.arguments = arguments
        self.parent = parent
        parent?.children[id] = self
    }

    /// Finishes the flow with `outcome`, as its `finish:` action would: its routes and descendants' are
    /// removed and the parent's handler runs (or, for the root, the coordinator records the outcome).
    ///
    /// The completion is cleared before it runs; if the coordinator rejects the step (for example the
    /// handler's action is refused, or `outcome` is not declared) it is re-armed and the state is unchanged.
    @discardableResult
    public func finish(_ outcome: String) -> StepResult {
        guard let completion else { return .stale(.instanceNotAlive(id)) }
        self.completion = nil
        return completion(outcome)
    }

    /// Removes the instance from its parent and makes it inert, with every descendant.
    func cancel() {
        for child in children.values { child.cancel() }
        children.removeAll()
        completion = nil
        isCancelled = true
        parent?.children[id] = nil
    }
}
