/// What a flow says about its earlier versions (`formerly:` and `aliases:`, since format 1.2): the names its
/// flow, screens, child declarations and outcomes had before, and the old URL patterns of its links.
///
/// A restore of a snapshot from another bundle renames what it names by these lists before its usual checks
/// (docs/RUNNING.md, "Versioned restore"), and a deep link also matches its link's aliases. Each list is
/// aligned with the flow's own array (entry `i` belongs to screen `i`, and so on); an entry with no former
/// names is empty. The validator makes every former name unique among the current and former names of its
/// kind (FC280), so mapping a name is never ambiguous. Read through the accessors, which answer `[]` for an
/// index past a list's end.
public struct FlowRenames: Hashable, Sendable, Codable {
    /// The flow's former names (`formerly:` at the top of its file).
    public var flow: [String]
    /// The former names of each screen, aligned with ``FlowGraph/screens``.
    public var screens: [[String]]
    /// The former names of each child declaration, aligned with ``FlowGraph/children``.
    public var children: [[String]]
    /// The former names of each outcome, aligned with ``FlowGraph/outcomes``.
    public var outcomes: [[String]]
    /// The aliases of each link (its former URL patterns), aligned with ``FlowGraph/links``.
    public var linkAliases: [[LinkAliasNode]]

    public init(
        flow: [String] = [], screens: [[String]] = [], children: [[String]] = [], outcomes: [[String]] = [],
        linkAliases: [[LinkAliasNode]] = []
    ) {
        self.flow = flow
        self.screens = screens
        self.children = children
        self.outcomes = outcomes
        self.linkAliases = linkAliases
    }

    /// Whether nothing is declared (a flow without renames stores nil instead, so its encoding is unchanged).
    public var isEmpty: Bool {
        flow.isEmpty && screens.allSatisfy(\.isEmpty) && children.allSatisfy(\.isEmpty)
            && outcomes.allSatisfy(\.isEmpty) && linkAliases.allSatisfy(\.isEmpty)
    }

    /// The former names of screen `index` (none past the list's end).
    public func formerNames(ofScreen index: Int) -> [String] { screens.indices.contains(index) ? screens[index] : [] }

    /// The former names of child declaration `index`.
    public func formerNames(ofChild index: Int) -> [String] { children.indices.contains(index) ? children[index] : [] }

    /// The former names of outcome `index`.
    public func formerNames(ofOutcome index: Int) -> [String] {
        outcomes.indices.contains(index) ? outcomes[index] : []
    }

    /// The aliases of link `index`.
    public func aliases(ofLink index: Int) -> [LinkAliasNode] {
        linkAliases.indices.contains(index) ? linkAliases[index] : []
    }
}

/// A former URL pattern of a link (`aliases:`, since format 1.2): it has the link's placeholders, with the
/// same names and types, so a URL it matches binds what the link's routes read.
public struct LinkAliasNode: Hashable, Sendable, Codable {
    /// The pattern as written (`/article/{id:int}`).
    public var pattern: String
    /// The pattern's `/`-separated segments.
    public var segments: [LinkPatternSegment]

    public init(pattern: String, segments: [LinkPatternSegment]) {
        self.pattern = pattern
        self.segments = segments
    }
}

extension FlowGraph {
    /// The index of the screen named `name` now, or whose former names include `name`, and whether it was
    /// found by a former name.
    public func screenIndex(namedNowOrFormerly name: String) -> (index: Int, renamed: Bool)? {
        if let index = screens.firstIndex(where: { $0.name == name }) { return (index, false) }
        guard let renames else { return nil }
        return renames.screens.firstIndex { $0.contains(name) }.flatMap {
            screens.indices.contains($0) ? ($0, true) : nil
        }
    }

    /// The index of the child declaration named `name` now or formerly, and whether by a former name.
    public func childIndex(namedNowOrFormerly name: String) -> (index: Int, renamed: Bool)? {
        if let index = children.firstIndex(where: { $0.name == name }) { return (index, false) }
        guard let renames else { return nil }
        return renames.children.firstIndex { $0.contains(name) }.flatMap {
            children.indices.contains($0) ? ($0, true) : nil
        }
    }

    /// The index of the outcome named `name` now or formerly, and whether by a former name.
    public func outcomeIndex(namedNowOrFormerly name: String) -> (index: Int, renamed: Bool)? {
        if let index = outcomes.firstIndex(of: name) { return (index, false) }
        guard let renames else { return nil }
        return renames.outcomes.firstIndex { $0.contains(name) }.flatMap {
            outcomes.indices.contains($0) ? ($0, true) : nil
        }
    }
}
