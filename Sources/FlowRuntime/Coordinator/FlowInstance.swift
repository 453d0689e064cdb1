import FlowModel

/// A live flow instance (the root flow or a child flow) as an object a host may hold.
///
/// Ownership follows the coordinator contract: the coordinator owns the root instance, every instance
/// owns its children strongly in one dictionary, and a child refers to its parent weakly. The coordinator
/// creates an instance's object when the host first reaches it (see `InstanceObjects`). The instance
/// refers to its coordinator weakly; its completion is disarmed before it runs and when the instance is
/// removed, so a second ``finish(_:)``, a finish after removal, or a finish after the coordinator is gone
/// does nothing and reports ``StepStatus/stale``.
@MainActor
public final class FlowInstance {
    /// The instance's identifier.
    public let id: FlowInstanceID
    /// The name of the flow it runs.
    public let flow: String
    /// The child declaration it was started as; nil for the root flow instance.
    public let declaration: String?
    /// The flow's arguments, by parameter name.
    public var arguments: [String: Value] { parameters.named(values) }
    /// The parent instance (weak); nil for the root, or once the parent is gone.
    public private(set) weak var parent: FlowInstance?
    /// The live child instances, owned by this instance (at most one at a time; see docs/RUNNING.md).
    public var children: [FlowInstanceID: FlowInstance] {
        if life != .cancelled { coordinator?.createChildObject(of: self) }
        return ownedChildren
    }
    /// Storage of ``children``: the child objects created so far.
    private var ownedChildren: [FlowInstanceID: FlowInstance] = [:]
    /// Whether the instance is still part of its coordinator's state: false once it finished or was
    /// removed, and once its coordinator is gone.
    public var isAlive: Bool { life != .cancelled && coordinator != nil }
    private weak var coordinator: FlowCoordinator?
    /// The flow's parameters and the instance's arguments, aligned.
    private let parameters: [ParameterNode]
    private let values: [Value]

    /// Where the instance is in its life.
    private enum Life {
        /// ``finish(_:)`` reaches the coordinator.
        case armed
        /// ``finish(_:)`` ran and is inert, unless the coordinator rejects its step and re-arms it.
        case finishing
        /// Removed from the coordinator's state: inert for good.
        case cancelled
    }

    private var life = Life.armed

    init(
        id: FlowInstanceID, flow: String, declaration: String?, parameters: [ParameterNode], values: [Value],
        parent: FlowInstance?, coordinator: FlowCoordinator
    ) {
        self.id = id
        self.coordinator = coordinator
        self.flow = flow
        self.declaration = declaration
        self.parameters = parameters
        self.values = values
        self.parent = parent
        parent?.ownedChildren[id] = self
    }

    /// Finishes the flow with `outcome`, as its `finish:` action would: its routes and descendants' are
    /// removed and the parent's handler runs (or, for the root, the coordinator records the outcome).
    /// `arguments` are checked against the outcome's parameters (types, constraints, host checks; defaults
    /// fill the rest) and are what the parent's handler reads as `$name`.
    ///
    /// The completion is disarmed before it runs; if the coordinator rejects the step (for example the
    /// handler's action is refused, `outcome` is not declared or an argument is invalid) it is re-armed and
    /// the state is unchanged.
    @discardableResult
    public func finish(_ outcome: String, arguments: [String: Value] = [:]) -> StepResult {
        guard life == .armed else { return .stale(.instanceNotAlive(id)) }
        life = .finishing
        guard let coordinator else { return .stale(.instanceNotAlive(id)) }
        return coordinator.complete(id, outcome: outcome, arguments: arguments)
    }

    /// Makes ``finish(_:)`` reach the coordinator again, after the coordinator rejected its step.
    func rearm() {
        if life == .finishing { life = .armed }
    }

    /// Removes the instance from its parent and makes it inert, with every descendant.
    func cancel() {
        if !ownedChildren.isEmpty {
            for child in ownedChildren.values { child.cancel() }
            ownedChildren.removeAll()
        }
        life = .cancelled
        if let parent { parent.ownedChildren[id] = nil }
    }
}
