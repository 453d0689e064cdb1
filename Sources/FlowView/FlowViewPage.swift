import FlowCompiler
import FlowDefinitions
import FlowModel
import Foundation

/// `flowc view`'s page: one self-contained HTML file (inline style, script and SVG; nothing fetched)
/// showing the app overview first, each flow's picture on demand, details of every declaration, search,
/// the diagnostics on their nodes, and played evidence (a `flowc run` trace, `flowc check`'s witnesses).
///
/// Size and speed: the overview is in the page as SVG and painted first; each flow's picture is laid out
/// here (``ViewLayout``, linear) but kept in an inert `<template>` that the browser parses and never
/// renders until the flow is opened, so a 20,000-screen app paints its overview as fast as a small one.
public struct FlowViewPage {
    /// One step of played evidence: a `flowc run` trace line's JSON object (docs/RUNNING.md, "Trace lines").
    public typealias Step = String

    /// Evidence played step by step: a trace or a finding's witness.
    public struct Play: Sendable, Equatable {
        /// What it is: `trace docs/examples/social.trace.jsonl`, `FC801 …`.
        public var title: String
        /// Each step's trace line (a JSON object, as `flowc run` prints it).
        public var steps: [Step]

        public init(title: String, steps: [Step]) {
            self.title = title
            self.steps = steps
        }
    }

    public var flows: [FlowDefinition]
    public var diagnostics: [Diagnostic]
    public var plays: [Play] = []
    /// `flowc check`'s line per root flow explored (extent, states, steps, what broke), shown above the overview.
    public var coverage: [String] = []
    /// Makes relative file names absolute in editor URLs.
    public var base: String
    /// The flow files' bytes by path (``ValidationResult/sourcesByPath``): with them, a diagnostic inside a
    /// declaration the flows could not read is not put on the declaration before it (``ViewDiagnosticPlaces``).
    public var sources: [String: [UInt8]] = [:]
    /// The editor the `file:line` links open.
    public var editor: ViewEditor = .vscode

    public init(flows: [FlowDefinition], diagnostics: [Diagnostic], base: String) {
        self.flows = flows
        self.diagnostics = diagnostics
        self.base = base
    }

    private struct Data: Encodable {
        var flows: [ViewFlowDetails]
        var problems: [ViewFlowDetails.Finding]
        var coverage: [String]
    }

    /// The page's HTML.
    public func html() -> String {
        var seen = Set<String>()
        let unique = flows.filter { seen.insert($0.name.value).inserted }
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
        let flowFiles = Set(unique.map(\.file))
        // Each diagnostic's text on the node (or event edge) whose declaration holds it, and all of a
        // flow file's diagnostics on the flow's node of the overview.
        var findings = ViewDiagnosticPlaces.findings(flows: unique, diagnostics: diagnostics, sources: sources)
        for flow in unique {
            findings[flow.name.value + "|flow/" + flow.name.value] = (byFile[flow.file] ?? []).map(
                ViewDiagnosticPlaces.text(of:))
        }
        let details = unique.map {
            ViewFlowDetails($0, diagnostics: byFile[$0.file] ?? [], base: base, editor: editor)
        }
        let problems = diagnostics.filter { !flowFiles.contains($0.location.file) }.map {
            ViewFlowDetails.finding($0, base: base, editor: editor)
        }
        let data = Data(
            flows: details, problems: problems,
            coverage: coverage)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let overview = ViewPicture(
            FlowDiagram.overview(flows: unique, diagnostics: diagnostics), flow: nil, runs: [:], findings: findings)
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="flowc view">
            <title>flowc view</title>
            <style>\(ViewAssets.style)</style>
            </head>
            <body>
            <header>
            <nav id="crumbs" aria-label="Breadcrumbs"></nav>
            <input id="search" type="search" placeholder="Search flows, screens, events, links  ( / )" aria-label="Search flows, screens, events and links" autocomplete="off">
            <ul id="results" role="listbox" aria-label="Search results" hidden></ul>
            </header>
            <p id="summary">\(Self.counted(unique.count, "flow")), \(Self.counted(unique.reduce(0) { $0 + $1.screens.count }, "screen")), \(Self.counted(diagnostics.count, "diagnostic"))</p>
            \(coverage.isEmpty ? "" : "<ul id=\"coverage\" aria-label=\"flowc check\">" + coverage.map { "<li>check: \(ViewPicture.escaped($0))</li>" }.joined() + "</ul>")
            <main>
            <section id="stage" aria-label="Picture">
            <div id="overview">\(overview.svg)</div>
            <div id="flowview" hidden></div>
            </section>
            <aside id="details" aria-label="Details" aria-live="polite"></aside>
            </main>
            <section id="plays" aria-label="Evidence">
            """
        for (number, play) in plays.enumerated() {
            out +=
                "<div class=\"play\" data-play=\"\(number)\"><span class=\"title\">\(ViewPicture.escaped(play.title))</span> <button type=\"button\" data-step=\"-1\">◀ back</button> <button type=\"button\" data-step=\"1\">step ▶</button> <span class=\"where\"></span><pre class=\"state\"></pre></div>"
        }
        out +=
            "</section>\n<svg width=\"0\" height=\"0\" aria-hidden=\"true\" style=\"position:absolute\"><defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\"/></marker></defs></svg>\n"
        for (number, flow) in unique.enumerated() {
            let own = byFile[flow.file] ?? []
            var runs: [String: String] = [:]
            for child in flow.children where runs[child.name.value] == nil { runs[child.name.value] = child.flow.value }
            out += "<template id=\"flow-\(number)\">"
            // Drawn alone (root nil always draws): its own nodes and edges, and its diagnostics.
            var bands: [String] = []
            if let diagram = FlowDiagram.build(flows: [flow], diagnostics: own) {
                let picture = ViewPicture(diagram, flow: flow.name.value, runs: runs, findings: findings)
                out += picture.svg
                bands = picture.bands
            }
            out += "</template>\n"
            for (band, text) in bands.enumerated() {
                out += "<template id=\"flow-\(number)-band-\(band)\">" + text + "</template>\n"
            }
        }
        out += "<script type=\"application/json\" id=\"data\">" + Self.scriptSafe(json) + "</script>\n"
        out += "<script type=\"application/json\" id=\"plays-data\">["
        out += plays.map { "[" + Self.scriptSafe($0.steps.joined(separator: ",")) + "]" }.joined(separator: ",")
        out += "]</script>\n"
        out += "<script>\(ViewAssets.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// `1 flow`, `2 flows`.
    static func counted(_ count: Int, _ noun: String) -> String { MessageText.counted(count, noun) }

    /// JSON that cannot end its `<script>` element: `</` written `<\/` (the same string to JSON).
    static func scriptSafe(_ json: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count)
        var afterLess = false
        for byte in json.utf8 {
            if afterLess, byte == UInt8(ascii: "/") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
            afterLess = byte == UInt8(ascii: "<")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
