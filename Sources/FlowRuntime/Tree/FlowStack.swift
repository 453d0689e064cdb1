import FlowModel

/// One navigation stack of the coordinator's tree as a value, for `flowc run`'s traces and the tests
/// (``FlowCoordinator/stacks``); a host binds the stack's object instead (``FlowStackModel``).
///
/// A stack is identified by the flow instance whose routes begin it (the root instance, a tab's instance,
/// or a presented child's instance); its routes are those of that instance and of the instances it pushed.
package struct FlowStack: Hashable, Sendable, Identifiable {
    /// What the stack is in the tree (the kind its object has, ``FlowStackModel/Kind``).
    package typealias Kind = FlowStackModel.Kind

    /// The instance whose routes begin the stack.
    package let id: FlowInstanceID
    package let kind: Kind
    /// The stack's routes, bottom to top.
    package let routes: [Route]

    package init(id: FlowInstanceID, kind: Kind, routes: [Route]) {
        self.id = id
        self.kind = kind
        self.routes = routes
    }

    /// Whether the stack is a sheet or a cover.
    package var isPresented: Bool {
        switch kind {
        case .sheet, .cover: true
        case .root, .tab: false
        }
    }
}

/// One tab set of the coordinator's tree as a value, for `flowc run`'s traces and the tests
/// (``FlowCoordinator/tabSets``); a host binds the tab set's object instead (``FlowTabSetModel``).
package struct FlowTabSet: Hashable, Sendable, Identifiable {
    /// The tab flow instance.
    package let id: FlowInstanceID
    /// The tab flow's name.
    package let flow: String
    /// The tab names, in display order.
    package let tabs: [String]
    /// The selected tab.
    package let selected: String
    /// The bottom stack of each started tab that is not selected, by tab name (a tab not yet started has
    /// none: it starts when selected). The selected tab's stack is among `stacks`.
    package let keptStacks: [String: FlowStack]

    package init(id: FlowInstanceID, flow: String, tabs: [String], selected: String, keptStacks: [String: FlowStack]) {
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
