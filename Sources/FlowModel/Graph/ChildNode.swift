/// A compiled child-flow declaration of a flow.
public struct ChildNode: Hashable, Sendable, Codable {
    /// The declaration's name (what `start:` names in the parent).
    public var name: String
    /// The index, in the bundle's flows, of the flow that runs as the child.
    public var flow: Int
    /// The parent's handler for each outcome of the child flow, aligned with that flow's `outcomes`
    /// (handler `i` answers outcome `i`).
    public var handlers: [CompiledAction]

    public init(name: String, flow: Int, handlers: [CompiledAction]) {
        self.name = name
        self.flow = flow
        self.handlers = handlers
    }
}
