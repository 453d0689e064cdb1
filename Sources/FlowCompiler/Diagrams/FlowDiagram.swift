import FlowDefinitions
import FlowModel

/// A picture of a set of flows, independent of the drawing language (`DOTDiagramRenderer`,
/// `MermaidDiagramRenderer` write it out).
///
/// Each flow is a cluster holding an entry point, its screens, its child-flow declarations (tabs
/// marked), the outcomes it finishes with and its deep links. Events are labelled edges (`push`,
/// `start`, `pop`, `popTo`, `replaceRoot`, `finish`, `select`), with the host condition of a conditional
/// branch; a child declaration points at its flow's cluster, and each outcome of a child flow points
/// back at what the parent's handler does. `pop` points at the screens that push the popped one (N
/// levels up). Declarations and actions that a diagnostic points at are marked with its codes, and a
/// name that resolves to nothing becomes a marked placeholder. Node ids (`n1`, `n2`, …) and the order
/// of everything follow the flows' file order and declaration order, so the same flows always give
/// the same diagram.
public struct FlowDiagram: Hashable, Sendable {
    public enum NodeKind: String, Hashable, Sendable {
        /// Where a flow starts.
        case entry
        case screen
        /// A child-flow declaration (with its presentation).
        case child
        /// A child-flow declaration listed in the flow's `tabs`.
        case tab
        /// An outcome the flow finishes with.
        case outcome
        /// A deep-link pattern.
        case link
        /// A name that resolves to nothing (always marked).
        case missing
        /// A whole flow, in the app overview (``FlowDiagram/overview(flows:diagnostics:)``).
        case flow
    }

    /// Which way the picture runs: flows' insides left to right, the app overview top down.
    public enum Direction: String, Hashable, Sendable {
        case leftToRight, topDown
    }

    public struct Node: Hashable, Sendable {
        public var id: String
        public var kind: NodeKind
        /// Lines of text; the first is the name.
        public var lines: [String]
        /// The codes of the diagnostics at this declaration, sorted.
        public var diagnosed: [String]
        /// The name it draws: the screen, child, outcome or flow name, or the link's pattern (empty for an entry).
        public var name = ""
    }

    public enum EdgeStyle: String, Hashable, Sendable {
        /// push, start, select and a flow's start.
        case solid
        /// replaceRoot, a deep link, a child outcome's handler.
        case dashed
        /// pop, popTo, and a child declaration to the flow it runs.
        case dotted
    }

    public struct Edge: Hashable, Sendable {
        public var from: String
        public var to: String
        /// Lines of text (event, action, condition); may be empty.
        public var lines: [String]
        public var style: EdgeStyle
        public var diagnosed: [String]
        /// The event it draws (on the screen it leaves), if it is one.
        public var event: String?
        /// The child outcome whose handler it draws, if it is one.
        public var outcome: String?
        /// The pattern of the deep link it draws, if it is one.
        public var link: String?
        /// In the overview: the child declaration it draws (its start, or its outcomes handled on the way back).
        public var child: String?
        /// In the overview: how that child is presented (`push`, `sheet`, `cover` or `tab`).
        public var presentation: String?
    }

    public struct Cluster: Hashable, Sendable {
        public var id: String
        public var flow: String
        public var title: String
        public var nodes: [String]
        public var diagnosed: [String]
    }

    public var direction = Direction.leftToRight
    /// Nodes drawn outside every cluster (the overview's flows); a flow diagram has none.
    public var freeNodes: [String] = []
    public var clusters: [Cluster] = []
    public var nodes: [Node] = []
    public var edges: [Edge] = []

    /// The node with `id`.
    public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }

    /// Draws `flows` (all of them, or `root` and the flows it runs as children, transitively),
    /// marking what `diagnostics` point at.
    /// - Returns: nil when `root` names no flow in `flows`.
    public static func build(flows: [FlowDefinition], diagnostics: [Diagnostic] = [], root: String? = nil)
        -> FlowDiagram?
    {
        var builder = FlowDiagramBuilder(flows: flows, diagnostics: diagnostics)
        guard let selected = builder.select(root: root) else { return nil }
        return builder.build(selected)
    }
}
