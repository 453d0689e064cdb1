import FlowModel

/// One navigation stack of the coordinator's tree, as a host binds it: one `NavigationStack(path:)` per
/// stack, one `.sheet` or `.fullScreenCover` per presented stack.
///
/// A stack is identified by the flow instance whose routes begin it (the root instance, a tab's instance,
/// or a presented child's instance); its routes are those of that instance and of the instances it pushed.
public struct FlowStack: Hashable, Sendable, Identifiable {
    /// What the stack is in the tree.
    public enum Kind: Hashable, Sendable {
        /// The root flow's stack.
        case root
        /// The stack of tab `name` of the tab set run by instance `tabSet`.
        case tab(name: String, tabSet: FlowInstanceID)
        /// A sheet presented over the stack below it.
        case sheet
        /// A full-screen cover presented over the stack below it.
        case cover
    }

    /// The instance whose routes begin the stack.
    public let id: FlowInstanceID
    public let kind: Kind
    /// The stack's routes, bottom to top.
    public let routes: [Route]

    public init(id: FlowInstanceID, kind: Kind, routes: [Route]) {
        self.id = id
        self.kind = kind
        self.routes = routes
    }

    /// Whether the stack is a sheet or a cover.
    public var isPresented: Bool {
        switch kind {
        case .sheet, .cover: true
        case .root, .tab: false
        }
    }
}

/// One tab set of the coordinator's tree, as a host binds it: one `TabView(selection:)`.
public struct FlowTabSet: Hashable, Sendable, Identifiable {
    /// The tab flow instance.
    public let id: FlowInstanceID
    /// The tab flow's name.
    public let flow: String
    /// The tab names, in display order.
    public let tabs: [String]
    /// The selected tab.
    public let selected: String
    /// The bottom stack of each started tab that is not selected, by tab name (a tab not yet started has
    /// none: it starts when selected). The selected tab's stack is among `stacks`.
    public let keptStacks: [String: FlowStack]

    public init(id: FlowInstanceID, flow: String, tabs: [String], selected: String, keptStacks: [String: FlowStack]) {
        self.id = id
        self.flow = flow
        self.tabs = tabs
        self.selected = selected
        self.keptStacks = keptStacks
    }
}

extension FlowStack.Kind {
    /// Whether the kind is a sheet or a cover.
    var isPresentedLayer: Bool {
        switch self {
        case .sheet, .cover: true
        case .root, .tab: false
        }
    }
}
