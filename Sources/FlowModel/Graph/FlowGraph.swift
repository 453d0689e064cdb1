/// One compiled flow: its screens, child declarations and deep links, referenced by index.
///
/// Names are kept for display, snapshots and scripts; the runtime follows indices.
public struct FlowGraph: Hashable, Sendable, Codable {
    /// The flow's name (`flow: NAME`).
    public var name: String
    /// The flow's input parameters, passed by the parent that starts it.
    public var parameters: [ParameterNode]
    /// The host conditions the flow declares; ``ActionNode/conditional(condition:then:else:)``
    /// refers to them by index.
    public var conditions: [String]
    /// What starting the flow shows: an ``ActionNode/show(target:arguments:)`` or a conditional
    /// choice between shows.
    public var start: ActionNode
    /// The outcomes the flow can finish with; ``ActionNode/finish(outcome:)`` refers to them by index.
    public var outcomes: [String]
    /// The parameters of each outcome, aligned with ``outcomes``; nil when no outcome declares any (so flows
    /// of format 1.0 encode as before). What a `finish` passes and a parent's handler reads as `$name`.
    public var outcomeParameters: [[ParameterNode]]?
    public var screens: [ScreenNode]
    public var children: [ChildNode]
    public var links: [LinkNode]
    /// What happens to a deep link that arrives while this flow's instance is the active (top) one.
    public var linkPolicy: LinkPolicy
    /// Whether the flow declares its `linkPolicy` (true) or has the default `allow` (nil). A declared
    /// policy protects the flow while any descendant without a declared policy of its own is shown.
    public var linkPolicyDeclared: Bool?
    /// For ``LinkPolicy/redirect``: the index of the screen links go to instead.
    public var linkRedirect: Int?
    /// The index of the screen a failed deep link shows instead, if declared.
    public var linkFallback: Int?
    /// The flow's tab set, in display order (since format 1.1); empty for a flow without tabs.
    public var tabs: [TabNode]
    /// Former names and link aliases (`formerly:`, `aliases:`, since format 1.2, bundle format 5); nil when
    /// the flow declares none, so such a flow encodes as in bundle format 4.
    public var renames: FlowRenames?
    /// For a tab flow, `backAtTabRoot:` (format 1.2): what back at the first route of a tab other than the
    /// first does; nil is ``TabBackPolicy/refuse``.
    public var backAtTabRoot: TabBackPolicy?

    /// The parameters of the outcome at `index` (none when the flow declares no outcome parameters).
    public func parameters(ofOutcome index: Int) -> [ParameterNode] {
        guard let outcomeParameters, outcomeParameters.indices.contains(index) else { return [] }
        return outcomeParameters[index]
    }

    public init(
        name: String, parameters: [ParameterNode] = [], conditions: [String] = [], start: ActionNode,
        outcomes: [String] = [], screens: [ScreenNode] = [], children: [ChildNode] = [], links: [LinkNode] = [],
        linkPolicy: LinkPolicy = .allow, linkRedirect: Int? = nil, linkFallback: Int? = nil, tabs: [TabNode] = []
    ) {
        self.name = name
        self.parameters = parameters
        self.conditions = conditions
        self.start = start
        self.outcomes = outcomes
        self.screens = screens
        self.children = children
        self.links = links
        self.linkPolicy = linkPolicy
        self.linkRedirect = linkRedirect
        self.linkFallback = linkFallback
        self.tabs = tabs
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// The position in ``tabs`` of the tab named `name` (a tab is named by its child declaration), if any.
    public func tabIndex(named name: String) -> Int? { Self.tabIndex(named: name, tabs: tabs, children: children) }

    /// ``tabIndex(named:)`` over the two fields it reads, for a caller in another module that reads a bundle's
    /// graph in place: calling a graph's method from another module copies the whole graph first (a retain of
    /// each of its fields). Speed: PERFORMANCE.md, "Round 16, rtcommit".
    public static func tabIndex(named name: String, tabs: [TabNode], children: [ChildNode]) -> Int? {
        tabs.firstIndex { children[$0.child].name == name }
    }

    /// The position in ``tabs`` of the tab that runs child declaration `child`, if it is a tab.
    public func tabIndex(ofChild child: Int) -> Int? { tabs.index(ofChild: child) }

    /// Whether tab-bar item `tab` (a position in ``tabs``) presents its child over the whole tab set instead of
    /// being a tab with a stack of its own: its child declaration is presented as a sheet or cover (since
    /// format 1.3; docs/FORMAT.md, "Tabs"). Selecting it presents the child; the selection stays.
    public func tabPresents(_ tab: Int) -> Bool { Self.tabPresents(tab, tabs: tabs, children: children) }

    /// ``tabPresents(_:)`` over the two fields it reads, for the same callers as
    /// ``tabIndex(named:tabs:children:)``.
    public static func tabPresents(_ tab: Int, tabs: [TabNode], children: [ChildNode]) -> Bool {
        children[tabs[tab].child].presentation.isPresented
    }

    /// The position in ``tabs`` of the tab with a stack of its own named `name`; nil when no tab has that name
    /// or it is a tab-bar item that presents (``tabPresents(_:)``).
    public func stackTabIndex(named name: String) -> Int? {
        guard let tab = tabIndex(named: name), !tabPresents(tab) else { return nil }
        return tab
    }

    /// The position in ``tabs`` of the tab with a stack of its own that runs child declaration `child`; nil
    /// when `child` is no tab or is a tab-bar item that presents (``tabPresents(_:)``).
    public func stackTabIndex(ofChild child: Int) -> Int? {
        guard let tab = tabs.index(ofChild: child), !tabPresents(tab) else { return nil }
        return tab
    }
}

/// One tab of a compiled tab set: the child declaration it runs and the arguments it starts with.
public struct TabNode: Hashable, Sendable, Codable {
    /// The index of the child declaration (in the tab flow's `children`); its name is the tab's name.
    public var child: Int
    /// The arguments of the child flow, resolved in the tab flow's parameters.
    public var arguments: [ArgumentNode]

    public init(child: Int, arguments: [ArgumentNode] = []) {
        self.child = child
        self.arguments = arguments
    }
}

extension Array where Element == TabNode {
    /// The position of the tab that runs child declaration `child`, if any. Called on a graph's `tabs`
    /// (`bundle.flows[i].tabs.index(ofChild:)`), it reads the tab list alone, not the whole graph.
    public func index(ofChild child: Int) -> Int? {
        for index in indices where self[index].child == child { return index }
        return nil
    }
}
