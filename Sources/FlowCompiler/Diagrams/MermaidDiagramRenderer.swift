import Foundation

/// Writes a `FlowDiagram` as a Mermaid flowchart (https://mermaid.js.org/syntax/flowchart.html), which
/// GitHub, GitLab and many editors draw in Markdown: one `subgraph` per flow, left to right; marked
/// declarations in the `diagnosed` class and marked edges red through `linkStyle`.
public enum MermaidDiagramRenderer {
    public static func render(_ diagram: FlowDiagram) -> String {
        var out = "flowchart \(diagram.direction == .topDown ? "TB" : "LR")\n"
        let nodesByID = Dictionary(diagram.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for cluster in diagram.clusters {
            let title =
                cluster.title + (cluster.diagnosed.isEmpty ? "" : " ⚠ " + cluster.diagnosed.joined(separator: " "))
            out += "  subgraph \(cluster.id) [\(quoted(title))]\n"
            out += "    direction LR\n"
            for id in cluster.nodes { if let node = nodesByID[id] { out += "    " + line(for: node) + "\n" } }
            out += "  end\n"
        }
        for id in diagram.freeNodes { if let node = nodesByID[id] { out += "  " + line(for: node) + "\n" } }
        var markedEdges: [Int] = []
        for (index, edge) in diagram.edges.enumerated() {
            let text = (edge.lines + (edge.diagnosed.isEmpty ? [] : ["⚠ " + edge.diagnosed.joined(separator: " ")]))
                .joined(separator: "<br/>")
            let arrow =
                switch edge.style {
                case .solid: "-->"
                case .dashed, .dotted: "-.->"
                }
            out += "  \(edge.from) \(arrow)" + (text.isEmpty ? "" : "|\(quoted(text))|") + " \(edge.to)\n"
            if !edge.diagnosed.isEmpty { markedEdges.append(index) }
        }
        let marked = diagram.nodes.filter { !$0.diagnosed.isEmpty || $0.kind == .missing }.map(\.id)
        if !marked.isEmpty || !markedEdges.isEmpty {
            out += "  classDef diagnosed stroke:#d00,stroke-width:2px,color:#d00\n"
        }
        if !marked.isEmpty { out += "  class \(marked.joined(separator: ",")) diagnosed\n" }
        if !markedEdges.isEmpty {
            out += "  linkStyle \(markedEdges.map(String.init).joined(separator: ",")) stroke:#d00,color:#d00\n"
        }
        return out
    }

    private static func line(for node: FlowDiagram.Node) -> String {
        let text = quoted(
            (node.lines + (node.diagnosed.isEmpty ? [] : ["⚠ " + node.diagnosed.joined(separator: " ")]))
                .joined(separator: "<br/>"))
        switch node.kind {
        case .entry: return "\(node.id)((\"start\"))"
        case .screen: return "\(node.id)(\(text))"
        case .child, .tab: return "\(node.id)[[\(text)]]"
        case .outcome: return "\(node.id)([\(text)])"
        case .link: return "\(node.id)>\(text)]"
        case .missing, .flow: return "\(node.id)[\(text)]"
        }
    }

    /// A Mermaid string in double quotes: `"` as `#quot;`, `<` and `>` as entities (`<br/>` separators
    /// are added after quoting the parts). Names are identifiers, and link patterns cannot hold quotes.
    static func quoted(_ text: String) -> String {
        let parts = text.components(separatedBy: "<br/>").map { part in
            part.replacingOccurrences(of: "\"", with: "#quot;")
                .replacingOccurrences(of: "<", with: "#lt;")
                .replacingOccurrences(of: ">", with: "#gt;")
        }
        return "\"" + parts.joined(separator: "<br/>") + "\""
    }
}
