/// A compiled child-flow declaration of a flow.
public struct ChildNode: Hashable, Sendable, Codable {
    /// The declaration's name (what `start:` names in the parent).
    public var name: String
    /// The index, in the bundle's flows, of the flow that runs as the child.
    public var flow: Int
    /// The parent's handler for each outcome of the child flow, aligned with that flow's `outcomes`
    /// (handler `i` answers outcome `i`).
    public var handlers: [ActionNode]
    /// How the child's routes are shown: on the parent's stack, or as a presented layer (since format 1.1).
    public var presentation: Presentation

    public init(name: String, flow: Int, handlers: [ActionNode], presentation: Presentation = .push) {
        self.name = name
        self.flow = flow
        self.handlers = handlers
        self.presentation = presentation
    }
}
