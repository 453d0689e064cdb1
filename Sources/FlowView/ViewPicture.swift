import FlowCompiler

/// One picture of the page as inline SVG: a flow's diagram (``FlowDiagram/build(flows:diagnostics:root:)``
/// for that flow alone) or the app overview (``FlowDiagram/overview(flows:diagnostics:)``), laid out by
/// ``ViewLayout``. Every node and edge is a focusable `<g>` carrying what it draws as attributes:
/// `data-flow` on all; `data-screen`, `data-child` (with `data-runs`), `data-outcome`, `data-link`,
/// `data-entry` or `data-missing` on a flow's nodes; `data-event` (with `data-screen`, the screen it
/// leaves), `data-outcome` (a child outcome's handler) or `data-link` and `data-to` on its edges;
/// on the overview's edges `data-flow` (always the parent), `data-child-flow` (always the flow it runs),
/// `data-child` (the declaration), `data-presentation` (`push`, `sheet`, `cover` or `tab`) and, on the
/// dotted edge back, `data-outcomes`; `data-codes` where a diagnostic is. Every node and edge has a
/// `<title>`: what it is (`screen details`, `select → details`), then its diagnostics' messages.
struct ViewPicture {
    /// The SVG text; for a picture cut into bands, only its frame (its size, and empty `edges` and
    /// `nodes` layers) with `data-bands` saying how many.
    var svg: String
    /// A banded flow picture's bands, top down, each an `<svg>`
    /// holding an `edges` and a `nodes` layer whose elements the page moves into the frame's; empty
    /// for a picture that is not banded.
    var bands: [String] = []

    /// `flow` is the flow drawn (nil for the overview); `runs` the flow each child runs; `findings` the
    /// diagnostics' `CODE: message` texts by the node they are at (`FLOW|screen/NAME`, `FLOW|child/NAME`, …,
    /// `FLOW|flow/FLOW` for all of a flow's file).
    init(_ diagram: FlowDiagram, flow: String?, runs: [String: String], findings: [String: [String]]) {
        var nodes =
            flow == nil
            ? diagram.nodes
            : diagram.clusters.first.map { cluster in
                let members = Set(cluster.nodes)
                return diagram.nodes.filter { members.contains($0.id) }
            } ?? []
        // Each node's key in `findings`, and its codes: the diagram's own (at its name) and every finding
        // its declaration holds (ViewDiagnosticPlaces).
        func key(_ node: FlowDiagram.Node) -> String {
            (flow ?? node.name) + "|" + (node.kind == .tab ? "child" : node.kind.rawValue) + "/" + node.name
        }
        for position in nodes.indices {
            let codes = Self.codes(findings[key(nodes[position])] ?? [])
            if !codes.isEmpty {
                nodes[position].diagnosed = Array(Set(nodes[position].diagnosed).union(codes)).sorted()
            }
        }
        var index: [String: Int] = [:]
        for (position, node) in nodes.enumerated() { index[node.id] = position }
        var edges = diagram.edges.filter { index[$0.from] != nil && index[$0.to] != nil }
        // A finding at an event's name (the explorer's FC807, FC808) marks the event's edges.
        let name = flow ?? ""
        var titles = [[String]](repeating: [], count: edges.count)
        for position in edges.indices {
            guard let event = edges[position].event else { continue }
            let from = nodes[index[edges[position].from]!]
            titles[position] = findings[name + "|event/" + from.name + "." + event] ?? []
            edges[position].diagnosed = Array(Set(edges[position].diagnosed).union(Self.codes(titles[position])))
                .sorted()
        }
        let labels = edges.map { edge in
            edge.lines + (edge.diagnosed.isEmpty ? [] : ["⚠ " + edge.diagnosed.joined(separator: " ")])
        }
        let boxes = nodes.map { node -> ViewLayout.Box in
            if node.kind == .entry { return .init(width: 16, height: 16) }
            let lines = node.lines + (node.diagnosed.isEmpty ? [] : ["⚠ " + node.diagnosed.joined(separator: " ")])
            let longest = lines.reduce(0) { max($0, $1.count) }
            return .init(width: Double(max(longest * 7 + 20, 48)), height: Double(lines.count * 15 + 12))
        }
        let sources: [Int]
        if flow == nil {
            let entered = Set(edges.filter { $0.style != .dotted }.map(\.to))
            sources = nodes.indices.filter { !entered.contains(nodes[$0].id) }
        } else {
            sources = nodes.indices.filter { nodes[$0].kind == .entry }
        }
        // A label's box: 10px text, at most 6.5px a character (the browser suite measures that labels
        // never overlap), 11px a line.
        let layout = ViewLayout(
            boxes: boxes, edges: edges.map { (index[$0.from]!, index[$0.to]!) },
            labels: labels.map { lines in
                lines.isEmpty
                    ? nil
                    : ViewLayout.Box(
                        width: Double(lines.reduce(0) { max($0, $1.count) }) * 6.5 + 4,
                        height: Double(lines.count) * 11 + 3)
            },
            sources: sources, leaders: nodes.indices.filter { nodes[$0].kind == .link }, leftToRight: flow != nil,
            ranking: edges.map { $0.style != .dotted || flow != nil })
        // A flow's picture of more than `bandedNodes` nodes is cut into bands top down (``bandSize`` units
        // each): each node in the band of its position, each edge in its source's; the page adds a band
        // to the picture when it scrolls near it (or when it holds what is searched or played).
        let banded = flow != nil && nodes.count > Self.bandedNodes
        func band(_ position: Int) -> Int { banded ? max(0, Int(layout.placed[position].y / Self.bandSize)) : 0 }
        let bandCount = banded ? Int(layout.height / Self.bandSize) + 1 : 1
        var edgeParts = [String](repeating: "", count: bandCount)
        var nodeParts = [String](repeating: "", count: bandCount)
        for (number, edge) in edges.enumerated() {
            var out = ""
            defer { edgeParts[min(band(index[edge.from]!), bandCount - 1)] += out }
            let from = nodes[index[edge.from]!]
            let to = nodes[index[edge.to]!]
            var attributes: [(String, String)]
            if flow == nil {
                // Always the parent, then the child flow, whichever way the edge points.
                let back = edge.style == .dotted
                attributes = [
                    ("data-flow", back ? to.name : from.name), ("data-child-flow", back ? from.name : to.name),
                ]
                if let child = edge.child { attributes.append(("data-child", child)) }
                if let presentation = edge.presentation { attributes.append(("data-presentation", presentation)) }
                if back { attributes.append(("data-outcomes", edge.lines.joined(separator: "; "))) }
            } else {
                attributes = [("data-flow", name)]
                if from.kind == .screen { attributes.append(("data-screen", from.name)) }
                if from.kind == .child || from.kind == .tab { attributes.append(("data-child", from.name)) }
                if let event = edge.event { attributes.append(("data-event", event)) }
                if let outcome = edge.outcome { attributes.append(("data-outcome", outcome)) }
                if let link = edge.link { attributes.append(("data-link", link)) }
                attributes.append(("data-to", to.name))
            }
            if !edge.diagnosed.isEmpty { attributes.append(("data-codes", edge.diagnosed.joined(separator: " "))) }
            let route = layout.routes[number]
            let classes = "edge " + edge.style.rawValue + (edge.diagnosed.isEmpty ? "" : " bad")
            let label = labels[number]
            out += "<g class=\"\(classes)\"" + Self.attributes(attributes) + " tabindex=\"-1\">"
            let said =
                (edge.lines.isEmpty ? "" : edge.lines.joined(separator: " ") + " ") + "→ "
                + (to.kind == .entry ? "start" : to.name)
            out += "<title>\(Self.escaped(([said] + titles[number]).joined(separator: "\n")))</title>"
            out += "<path d=\"\(route.d)\" marker-end=\"url(#arrow)\"/>"
            if let box = route.label, !label.isEmpty {
                let x = layout.n(box.x + 2)
                out += "<text x=\"\(x)\" y=\"\(layout.n(box.y + 10))\">"
                for (line, text) in label.enumerated() {
                    out += "<tspan x=\"\(x)\"\(line == 0 ? "" : " dy=\"11\"")>\(Self.escaped(text))</tspan>"
                }
                out += "</text>"
            }
            out += "</g>"
        }
        for (position, node) in nodes.enumerated() {
            var out = ""
            defer { nodeParts[min(band(position), bandCount - 1)] += out }
            let place = layout.placed[position]
            var attributes: [(String, String)] = [("data-flow", flow ?? node.name)]
            switch node.kind {
            case .entry: attributes.append(("data-entry", ""))
            case .screen: attributes.append(("data-screen", node.name))
            case .child, .tab:
                attributes.append(("data-child", node.name))
                if let runs = runs[node.name] { attributes.append(("data-runs", runs)) }
            case .outcome: attributes.append(("data-outcome", node.name))
            case .link: attributes.append(("data-link", node.name))
            case .missing: attributes.append(("data-missing", node.name))
            case .flow: break
            }
            if !node.diagnosed.isEmpty { attributes.append(("data-codes", node.diagnosed.joined(separator: " "))) }
            let bad = !node.diagnosed.isEmpty || node.kind == .missing
            let kind = node.kind.rawValue
            let spoken = node.kind == .entry ? "start of flow \(name)" : "\(kind) \(node.name)"
            out +=
                "<g class=\"node \(kind)\(bad ? " bad" : "")\"" + Self.attributes(attributes)
                + " transform=\"translate(\(layout.n(place.x)),\(layout.n(place.y)))\" tabindex=\"0\" role=\"button\" aria-label=\"\(Self.escaped(spoken))\">"
            out += "<title>\(Self.escaped(([spoken] + (findings[key(node)] ?? [])).joined(separator: "\n")))</title>"
            if node.kind == .entry {
                out += "<circle cx=\"8\" cy=\"8\" r=\"7\"/></g>"
                continue
            }
            out +=
                "<rect width=\"\(layout.n(place.width))\" height=\"\(layout.n(place.height))\" rx=\"\(node.kind == .screen || node.kind == .flow ? 8 : 2)\"/>"
            let lines = node.lines + (node.diagnosed.isEmpty ? [] : ["⚠ " + node.diagnosed.joined(separator: " ")])
            for (number, line) in lines.enumerated() {
                out +=
                    "<text x=\"10\" y=\"\(18 + number * 15)\"\(number == 0 ? " class=\"name\"" : "")>\(Self.escaped(line))</text>"
            }
            out += "</g>"
        }
        let header =
            "<svg class=\"graph\" data-view=\"\(flow == nil ? "overview" : "flow")\"\(flow.map { " data-flow=\"\(Self.escaped($0))\"" } ?? "") width=\"\(layout.n(layout.width))\" height=\"\(layout.n(layout.height))\" viewBox=\"0 0 \(layout.n(layout.width)) \(layout.n(layout.height))\" role=\"group\" aria-label=\"\(flow.map { "flow " + Self.escaped($0) } ?? "overview")\">"
        guard banded else {
            svg = header + edgeParts[0] + nodeParts[0] + "</svg>"
            return
        }
        svg =
            header.dropLast()
            + " data-bands=\"\(bandCount)\" data-band-size=\"\(Int(Self.bandSize))\"><g class=\"edges\"></g><g class=\"nodes\"></g></svg>"
        bands = (0..<bandCount).map {
            "<svg><g class=\"edges\">" + edgeParts[$0] + "</g><g class=\"nodes\">" + nodeParts[$0] + "</g></svg>"
        }
    }

    /// Pictures of more nodes than this are cut into bands (``bands``).
    static let bandedNodes = 1500
    /// How far down a band reaches, in picture units.
    static let bandSize = 2400.0

    /// The codes of `CODE: message` texts.
    static func codes(_ texts: [String]) -> [String] {
        texts.compactMap { $0.split(separator: ":").first.map(String.init) }
    }

    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// Text for XML content or a double-quoted attribute.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else {
            return text
        }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
