/// Writes a `FlowDiagram` in Graphviz's DOT language (https://graphviz.org/doc/info/lang.html), for
/// `dot -Tsvg`: one `subgraph cluster_N` per flow, left to right; marked declarations and edges in red
/// with their diagnostic codes.
///
/// Ranks are assigned over the whole graph at once (`newrank=true`): with Graphviz's default per-cluster
/// ranking, edges between flows' clusters (a child's outcome handler back into its parent, a link into a
/// nested flow) make Graphviz 2.42/2.43 (Debian 12, Ubuntu 22.04/24.04) fail on a whole app with
/// "trouble in init_rank" and "lost … edge".
public enum DOTDiagramRenderer {
    /// The DOT text of `diagram`.
    public static func render(_ diagram: FlowDiagram) -> String {
        var out = """
            digraph flows {
              graph [newrank=true, rankdir=\(diagram.direction == .topDown ? "TB" : "LR"), fontname="Helvetica", fontsize=12, nodesep=0.3, ranksep=0.5];
              node [fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9];

            """
        let nodesByID = Dictionary(diagram.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for cluster in diagram.clusters {
            let title = cluster.title + marks(cluster.diagnosed, separator: " ")
            out += "  subgraph \(cluster.id) {\n"
            out +=
                "    label=\(quoted(title)); labeljust=l; style=rounded; color=\(cluster.diagnosed.isEmpty ? "gray60" : "red");\n"
            for id in cluster.nodes { if let node = nodesByID[id] { out += "    " + line(for: node) + "\n" } }
            out += "  }\n"
        }
        for id in diagram.freeNodes { if let node = nodesByID[id] { out += "  " + line(for: node) + "\n" } }
        for edge in diagram.edges {
            var attributes: [String] = []
            let text =
                edge.lines.joined(separator: "\n") + marks(edge.diagnosed, separator: edge.lines.isEmpty ? "" : "\n")
            if !text.isEmpty { attributes.append("label=\(quoted(text))") }
            if edge.style != .solid { attributes.append("style=\(edge.style.rawValue)") }
            // In the top-down overview, outcomes lead back up: they do not rank the flows.
            if diagram.direction == .topDown, edge.style == .dotted { attributes.append("constraint=false") }
            if !edge.diagnosed.isEmpty { attributes.append("color=red, fontcolor=red") }
            out +=
                "  \(edge.from) -> \(edge.to)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]")
                + ";\n"
        }
        return out + "}\n"
    }

    private static func line(for node: FlowDiagram.Node) -> String {
        let shape: String
        switch node.kind {
        case .entry: return "\(node.id) [label=\"\", shape=circle, style=filled, fillcolor=black, width=0.15];"
        case .screen: shape = "shape=box, style=rounded"
        case .child: shape = "shape=component"
        case .tab: shape = "shape=tab"
        case .outcome: shape = "shape=oval, peripheries=2"
        case .link: shape = "shape=note"
        case .missing: shape = "shape=box, style=dashed"
        case .flow: shape = "shape=box, style=\"rounded,bold\""
        }
        let marked = !node.diagnosed.isEmpty || node.kind == .missing
        let label = node.lines.joined(separator: "\n") + marks(node.diagnosed, separator: "\n")
        return "\(node.id) [label=\(quoted(label)), \(shape)\(marked ? ", color=red, fontcolor=red" : "")];"
    }

    private static func marks(_ codes: [String], separator: String) -> String {
        codes.isEmpty ? "" : separator + "⚠ " + codes.joined(separator: " ")
    }

    /// A DOT string: `"` and `\` escaped, new lines as `\n` (centred lines).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
