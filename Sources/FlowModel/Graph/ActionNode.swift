/// What a screen, a child flow or a flow instance is referred to as, by index in the flow that owns it.
public enum TargetNode: Hashable, Sendable, Codable {
    /// A screen of the flow (index into `screens`).
    case screen(Int)
    /// A child declaration of the flow (index into `children`).
    case child(Int)
}

/// Where an argument's value comes from.
public enum ArgumentSource: Hashable, Sendable, Codable {
    /// A literal, already typed against the receiving parameter.
    case literal(Value)
    /// `$name`: a parameter in scope at run time (see docs/RUNNING.md, "Arguments").
    case parameter(String)
}

/// One argument passed to a screen or a child flow.
public struct ArgumentNode: Hashable, Sendable, Codable {
    /// The receiving parameter's name.
    public var name: String
    public var source: ArgumentSource

    public init(name: String, source: ArgumentSource) {
        self.name = name
        self.source = source
    }
}

/// A compiled action. Indices refer to the flow that runs the action.
public indirect enum ActionNode: Hashable, Sendable, Codable {
    /// Push a screen of this flow.
    case push(screen: Int, arguments: [ArgumentNode])
    /// Start a declared child flow; arguments go to the child flow's parameters.
    case startChild(child: Int, arguments: [ArgumentNode])
    /// Remove this flow instance's top `count` routes (never its first route).
    case pop(count: Int)
    /// Remove this flow instance's routes above its topmost route of the screen.
    case popTo(screen: Int)
    /// Remove all of this flow instance's routes and children, then show the target as its first route.
    case replaceRoot(target: TargetNode, arguments: [ArgumentNode])
    /// Finish this flow instance with the outcome (index into the flow's outcomes), passing `arguments` to the
    /// outcome's parameters (``FlowGraph/outcomeParameters``); nil when the outcome has none (format 1.1).
    case finish(outcome: Int, arguments: [ArgumentNode]? = nil)
    /// Ask the host the condition (index into the flow's conditions) and run one branch.
    case conditional(condition: Int, then: ActionNode, else: ActionNode)
    /// Show a screen or start a child as the instance's first route (in `start:` only).
    case show(target: TargetNode, arguments: [ArgumentNode])
    /// Do nothing more (in outcome handlers).
    case stay
    /// Select the tab with this name in the nearest tab set: the instance's own, or the one its instance
    /// is a tab of (since format 1.1). By name: one flow may be a tab of several tab sets.
    case select(tab: String)
    /// Select a tab of the instance's own tab set and show `routes` in it (since format 1.3): `routes[0]` names
    /// the tab (a child of this flow, no arguments), the routes after it address the tab's flow after its
    /// implied start, as a deep link's routes after a tab do. The tab's stack is replaced (a kept one is
    /// dropped and reported), the other tabs keep theirs; `$name` arguments resolve where the action runs (in
    /// a handler: the child's outcome values first).
    case selectShowing(routes: [LinkRouteNode])
}
