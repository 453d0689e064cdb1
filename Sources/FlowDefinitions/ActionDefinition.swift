import FlowModel

/// What the coordinator does in answer to an event, a flow start or a child's outcome, as written.
///
/// See docs/FORMAT.md, "Actions", for the YAML forms.
// Speed: PERFORMANCE.md, "Shapes kept for speed".
public enum ActionKind: Hashable, Sendable {
    /// `push: SCREEN` (with `with:`): push one of this flow's screens.
    case push(screen: Located<String>, arguments: [ArgumentDefinition])
    /// `start: CHILD` (with `with:`): start the child flow declared as CHILD in this flow.
    case startChild(child: Located<String>, arguments: [ArgumentDefinition])
    /// `pop: N`: remove this flow's top N routes.
    case pop(count: Located<Int>)
    /// `popTo: SCREEN`: remove this flow's routes above the topmost SCREEN route.
    case popTo(screen: Located<String>)
    /// `replaceRoot: TARGET` (with `with:`): remove all of this flow's routes and children, then show TARGET.
    case replaceRoot(target: Located<String>, arguments: [ArgumentDefinition])
    /// `finish: OUTCOME` (with `with:` since format 1.1): finish this flow; its parent handles OUTCOME,
    /// with the arguments bound to the outcome's parameters.
    case finish(outcome: Located<String>, arguments: [ArgumentDefinition])
    /// `if: CONDITION`, `then: ACTION`, `else: ACTION`: choose on a declared host condition.
    indirect case conditional(condition: Located<String>, then: ActionDefinition, else: ActionDefinition)
    /// A bare name in `start:` or a conditional branch of it: show a screen or start a child.
    case show(target: Located<String>, arguments: [ArgumentDefinition])
    /// `stay`: in a child's outcome handler, do nothing beyond removing the child.
    case stay
    /// `select: TAB` (since format 1.1): select a tab of the tab set the flow runs in (its own, or the one
    /// it is a tab of); the other tabs keep their stacks.
    case select(tab: Located<String>)
    /// `select: TAB` with `routes: [...]` (since format 1.3): select a tab of the flow's own tab set and show
    /// the routes in it, as a deep link's routes after a tab address the tab's flow after its implied start.
    case selectShowing(tab: Located<String>, routes: [LinkRouteDefinition])
}

/// An action together with the location of its key (`push:`, `if:`, …) or bare name.
public struct ActionDefinition: Hashable, Sendable {
    public var kind: ActionKind
    public var location: SourceLocation

    public init(_ kind: ActionKind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// This action and every action nested in its conditional branches, depth first.
    public var alternatives: [ActionDefinition] {
        if case .conditional(_, let then, let otherwise) = kind {
            return [self] + then.alternatives + otherwise.alternatives
        }
        return [self]
    }
}
