import FlowModel

/// The step a restore takes before its checks when a snapshot comes from another bundle (another version of
/// the app): every flow, child declaration (a tab is one), screen and outcome the snapshot names that the
/// bundle no longer has is renamed to the declaration that lists the name among its former names
/// (`formerly:`, since format 1.2; `FlowRenames`). Names the bundle neither has nor had are left as they
/// are and listed in ``refused``; the checks that follow then refuse the snapshot with what is wrong.
///
/// Renaming only maps names: it adds, removes and reorders nothing, so every check of
/// ``FlowCoordinator/restore(_:)`` applies to the renamed snapshot as to any other. The validator keeps
/// former names apart from current ones (FC280), so a current name is never renamed and no name maps two ways.
/// Kept tabs are walked at most ``FlowCoordinator/maximumSnapshotTabNesting`` deep (the checks refuse
/// deeper ones), so nothing recurses to a depth the snapshot chooses. See docs/RUNNING.md, "Versioned restore".
public struct SnapshotRenaming: Hashable, Sendable, CustomStringConvertible {
    /// One name the step changed.
    public struct Rename: Hashable, Sendable, CustomStringConvertible {
        /// What kind of declaration the name is of.
        public enum Kind: String, Hashable, Sendable {
            case flow, child, tab, screen, outcome
        }

        public var kind: Kind
        /// The name in the snapshot (a former name).
        public var from: String
        /// The name it has now.
        public var to: String
        /// The flow (its current name) that declares the renamed child, tab, screen or outcome; nil for a flow.
        public var flow: String?

        public init(_ kind: Kind, from: String, to: String, in flow: String? = nil) {
            self.kind = kind
            self.from = from
            self.to = to
            self.flow = flow
        }

        /// `screen 'article' → 'post' in flow 'feed'`, `flow 'home' → 'app'`.
        public var description: String {
            "\(kind.rawValue) '\(from)' → '\(to)'" + (flow.map { " in flow '\($0)'" } ?? "")
        }
    }

    /// The names changed, in the snapshot's order (instances root first, each instance's child and flow, then
    /// its routes, selected tab, kept tabs and pending link's outcome).
    public var renamed: [Rename] = []
    /// The names the bundle neither has nor had, in the same order, each saying what and where:
    /// `screen 'gone' in flow 'feed' is no screen's name, now or formerly`.
    public var refused: [String] = []

    public init(renamed: [Rename] = [], refused: [String] = []) {
        self.renamed = renamed
        self.refused = refused
    }

    /// Whether the step changed nothing and found every name.
    public var isEmpty: Bool { renamed.isEmpty && refused.isEmpty }

    /// `renamed screen 'article' → 'post' in flow 'feed'; refused: …`.
    public var description: String {
        var parts: [String] = []
        if !renamed.isEmpty { parts.append("renamed " + renamed.map(\.description).joined(separator: ", ")) }
        if !refused.isEmpty { parts.append("refused: " + refused.joined(separator: "; ")) }
        return parts.joined(separator: "; ")
    }

    /// `snapshot` with its former names replaced by the names `bundle` has now, and what was done.
    /// - Parameters:
    ///   - snapshot: the snapshot as read, from any bundle.
    ///   - bundle: the bundle restoring it; its flows' `renames` say what each name was before.
    ///   - rootFlow: the index of the coordinator's root flow, which the first instance runs.
    public static func rename(_ snapshot: FlowSnapshot, into bundle: FlowBundle, rootFlow: Int) -> (
        FlowSnapshot, SnapshotRenaming
    ) {
        var walk = Walk(bundle: bundle)
        var renamed = snapshot
        walk.rename(&renamed.instances, parentFlow: nil, rootFlow: rootFlow, nesting: 0)
        return (renamed, walk.renaming)
    }

    /// One walk over a snapshot's instances.
    private struct Walk {
        let bundle: FlowBundle
        var renaming = SnapshotRenaming()

        /// Renames the run of instances `entries`: the first is the root (when `parentFlow` is nil) or a child
        /// of flow `parentFlow`, each next one a child of the one before it. Stops at the first instance whose
        /// flow cannot be told: what follows it cannot be named in any flow.
        mutating func rename(
            _ entries: inout [FlowSnapshot.Instance], parentFlow: Int?, rootFlow: Int, nesting: Int
        ) {
            var parent = parentFlow
            for offset in entries.indices {
                var entry = entries[offset]
                let flow: Int?
                if let parent {
                    flow = renameChild(of: &entry, in: parent)
                } else if offset == 0 {
                    flow = renameFlow(of: &entry, to: rootFlow)
                } else {
                    flow = nil
                }
                guard let flow else { break }
                let graph = bundle.flows[flow]
                for index in entry.routes.indices {
                    let name = entry.routes[index].screen
                    if let (screen, renamed) = graph.screenIndex(namedNowOrFormerly: name) {
                        if renamed {
                            entry.routes[index].screen = graph.screens[screen].name
                            renaming.renamed.append(
                                Rename(.screen, from: name, to: graph.screens[screen].name, in: graph.name))
                        }
                    } else {
                        renaming.refused.append(
                            "screen '\(name)' in flow '\(graph.name)' is no screen's name, now or formerly")
                    }
                }
                if let selected = entry.selectedTab {
                    entry.selectedTab = childName(selected, in: flow, as: .tab)
                }
                if let others = entry.otherTabs, nesting < FlowCoordinator.maximumSnapshotTabNesting {
                    var renamedTabs: [String: [FlowSnapshot.Instance]] = [:]
                    for (name, segment) in others.sorted(by: { $0.key < $1.key }) {
                        var segment = segment
                        rename(&segment, parentFlow: flow, rootFlow: rootFlow, nesting: nesting + 1)
                        let current = childName(name, in: flow, as: .tab)
                        // Two keys that map to one tab are left apart for the checks to refuse.
                        renamedTabs[renamedTabs[current] == nil ? current : name] = segment
                    }
                    entry.otherTabs = renamedTabs
                }
                if let pending = entry.pendingLink {
                    if let (outcome, renamed) = graph.outcomeIndex(namedNowOrFormerly: pending.continueOn) {
                        if renamed {
                            entry.pendingLink?.continueOn = graph.outcomes[outcome]
                            renaming.renamed.append(
                                Rename(.outcome, from: pending.continueOn, to: graph.outcomes[outcome], in: graph.name))
                        }
                    } else {
                        renaming.refused.append(
                            "outcome '\(pending.continueOn)' in flow '\(graph.name)' is no outcome's name, now or formerly"
                        )
                    }
                }
                entries[offset] = entry
                parent = flow
            }
        }

        /// Renames the root instance's flow to the root flow's name when the snapshot names it by a former
        /// name; nil when it names another flow.
        private mutating func renameFlow(of entry: inout FlowSnapshot.Instance, to flow: Int) -> Int? {
            guard renameFlowName(of: &entry, to: flow) else {
                renaming.refused.append(
                    "flow '\(entry.flow)' is not root flow '\(bundle.flows[flow].name)', now or formerly")
                return nil
            }
            return flow
        }

        /// Renames a child instance's declaration and flow; the index of the flow it runs, or nil when the
        /// declaration is no child of `parent`, now or formerly, or runs another flow.
        private mutating func renameChild(of entry: inout FlowSnapshot.Instance, in parent: Int) -> Int? {
            let graph = bundle.flows[parent]
            guard let child = entry.child else { return nil }
            guard let (index, _) = graph.childIndex(namedNowOrFormerly: child) else {
                renaming.refused.append("child '\(child)' in flow '\(graph.name)' is no child's name, now or formerly")
                return nil
            }
            entry.child = childName(child, in: parent, as: graph.tabIndex(ofChild: index) == nil ? .child : .tab)
            let flow = graph.children[index].flow
            guard renameFlowName(of: &entry, to: flow) else {
                renaming.refused.append(
                    "flow '\(entry.flow)' is not flow '\(bundle.flows[flow].name)' that child '\(graph.children[index].name)' of flow '\(graph.name)' runs, now or formerly"
                )
                return nil
            }
            return flow
        }

        /// Whether the instance's flow is `flow` now or formerly; renames it in the second case.
        private mutating func renameFlowName(of entry: inout FlowSnapshot.Instance, to flow: Int) -> Bool {
            let graph = bundle.flows[flow]
            if entry.flow == graph.name { return true }
            guard graph.renames?.flow.contains(entry.flow) == true else { return false }
            renaming.renamed.append(Rename(.flow, from: entry.flow, to: graph.name))
            entry.flow = graph.name
            return true
        }

        /// The current name of the child declaration (or tab) `name` of flow `flow`, recording a rename; the
        /// name itself when it is current, or when no declaration has or had it (recorded as refused).
        private mutating func childName(_ name: String, in flow: Int, as kind: Rename.Kind) -> String {
            let graph = bundle.flows[flow]
            guard let (index, renamed) = graph.childIndex(namedNowOrFormerly: name) else {
                renaming.refused.append(
                    "\(kind.rawValue) '\(name)' in flow '\(graph.name)' is no \(kind.rawValue)'s name, now or formerly")
                return name
            }
            guard renamed else { return name }
            let current = graph.children[index].name
            renaming.renamed.append(Rename(kind, from: name, to: current, in: graph.name))
            return current
        }
    }
}
