import FlowCompiler
import Foundation
import Testing

/// `flowc graph`: golden Mermaid and DOT text for the shipped flows and for flows with diagnostics,
/// every DOT file rendered by Graphviz's `dot` (installed by scripts/setup.sh) without a warning, and
/// the committed pictures in docs/graphs/ up to date (scripts/render-graphs.sh writes them).
@Suite struct FlowDiagramTests {
    static let goldenFolder = TestPaths.fixtures + "/graphs"

    /// Golden case name → (fixture path under the package root, root flow or nil for all).
    static let cases: [String: (path: String, root: String?)] = [
        "reading": ("Flows", "reading"),
        "app": ("Flows", "app"),
        "social": ("Flows", "social"),
        "notesApp": ("Flows", "notesApp"),
        "unknown-screen": ("Tests/Fixtures/invalid/unknown-screen", nil),
        "unreachable": ("Tests/Fixtures/invalid/unreachable.yaml", nil),
        "unknown-target": ("Tests/Fixtures/invalid/unknown-target.yaml", nil),
    ]

    static func diagram(_ name: String) throws -> FlowDiagram {
        if name == "overview" {
            let result = FlowValidation.validate(
                sources: try TestPaths.sources(under: "Flows", in: TestPaths.packageRoot))
            return FlowDiagram.overview(flows: result.flows, diagnostics: result.diagnostics)
        }
        let (path, root) = try #require(cases[name])
        let result = FlowValidation.validate(sources: try TestPaths.sources(under: path, in: TestPaths.packageRoot))
        return try #require(FlowDiagram.build(flows: result.flows, diagnostics: result.diagnostics, root: root))
    }

    static func checkGolden(_ actual: String, file: String) throws {
        let path = goldenFolder + "/" + file
        if ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: goldenFolder, withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            actual == expected,
            "Tests/Fixtures/graphs/\(file) differs; after a deliberate change run FLOWC_UPDATE_GOLDEN=1 swift test and read the diff"
        )
    }

    @Test(arguments: cases.keys.sorted())
    func mermaidIsGolden(name: String) throws {
        try Self.checkGolden(MermaidDiagramRenderer.render(try Self.diagram(name)), file: name + ".mmd")
    }

    @Test(arguments: cases.keys.sorted())
    func dotIsGolden(name: String) throws {
        try Self.checkGolden(DOTDiagramRenderer.render(try Self.diagram(name)), file: name + ".dot")
    }

    @Test func readingHasItsEdges() throws {
        let diagram = try Self.diagram("reading")
        func label(_ id: String) -> String { diagram.node(id)?.lines.first ?? "?" }
        let edges = diagram.edges.map { "\(label($0.from)) -[\($0.lines.joined(separator: " "))]-> \(label($0.to))" }
        #expect(diagram.clusters.map(\.title) == ["flow reading", "flow edit"])
        #expect(
            edges == [
                "start -[]-> library",
                "library -[selectBook push]-> details",
                "details -[edit start]-> edit",
                "details -[back pop]-> library",
                "edit -[runs]-> start",
                "finish: saved -[saved ⇒ stay]-> details",
                "finish: discarded -[discarded ⇒ stay]-> details",
                "/books/{bookID:int} -[library › details]-> details",
                "/books/{bookID:int}/edit -[library › details › edit]-> edit",
                "start -[]-> editor",
                "editor -[save finish]-> finish: saved",
                "editor -[cancel finish]-> finish: discarded",
            ])
    }

    @Test func diagnosedDeclarationsAreMarked() throws {
        let diagram = try Self.diagram("unknown-screen")
        let marked = diagram.nodes.filter { !$0.diagnosed.isEmpty || $0.kind == .missing }
            .map { "\($0.lines[0]) \($0.diagnosed)" }
        // `detials` counts as the `details` it suggests, so details and edit are reachable (no FC301 knock-on).
        #expect(marked == ["? detials [\"FC203\"]", "pop: no screen below []"])
        #expect(diagram.edges.filter { !$0.diagnosed.isEmpty }.map(\.diagnosed) == [["FC203"]])
    }

    /// A long flow where every screen pops: each `pop` used to scan every screen and event of the flow once
    /// per level (and each `stay` handler every event again), so drawing was quadratic in the screens
    /// (4,000 screens: over a minute). Pushers and starters are now looked up, so this draws at once.
    @Test func longFlowsOfPopsDrawInLinearTime() throws {
        let count = 10_000
        var yaml = "flow: long\nstart: s0\noutcomes: [done]\nscreens:\n"
        for index in 0..<count {
            yaml += "  s\(index):\n    on:\n"
            if index + 1 < count { yaml += "      next: { push: s\(index + 1) }\n" }
            if index > 0 { yaml += "      back: { pop: \(index == 2 ? count : index % 3 == 0 ? 3 : 1) }\n" }
            if index % 1_000 == 0 { yaml += "      edit: { start: child }\n" }
        }
        yaml += "      done: { finish: done }\nchildren:\n  child: { flow: long, on: { done: stay } }\n"
        let result = FlowValidation.validate(sources: [("long.yaml", Array(yaml.utf8))])
        let diagram = try #require(
            FlowDiagram.build(flows: result.flows, diagnostics: result.diagnostics, root: "long"))
        let labels = Dictionary(uniqueKeysWithValues: diagram.nodes.map { ($0.id, $0.lines.first ?? "?") })
        func label(_ id: String) -> String { labels[id] ?? "?" }
        let pops = diagram.edges.filter { $0.lines.first == "back" }.map {
            "\(label($0.from)) -[\($0.lines.joined(separator: " "))]-> \(label($0.to))"
        }
        #expect(pops.count == count - 1)
        #expect(
            pops.prefix(4) == [
                "s1 -[back pop]-> s0", "s2 -[back pop 10000]-> pop 10000: no screen below", "s3 -[back pop 3]-> s0",
                "s4 -[back pop]-> s3",
            ])
        let stays = diagram.edges.filter { $0.lines.first == "done ⇒ stay" }.map { label($0.to) }
        #expect(stays == (0..<10).map { "s\($0 * 1_000)" })
    }

    /// A confirmed removal shows the condition it asks under (`when:`).
    @Test func confirmedRemovalShowsItsCondition() throws {
        let result = FlowValidation.validate(sources: try TestPaths.sources(under: "Flows", in: TestPaths.packageRoot))
        let diagram = try #require(
            FlowDiagram.build(flows: result.flows, diagnostics: result.diagnostics, root: "review"))
        #expect(
            diagram.nodes.filter { $0.lines.contains { $0.hasPrefix("removal:") } }.map(\.lines) == [
                ["draft", "(episodeID: int)", "removal: confirm [when hasDraft]"]
            ])
    }

    @Test func unknownRootFlowIsNil() throws {
        let result = try FlowValidation.validate(paths: [TestPaths.packageRoot + "/Flows"])
        #expect(FlowDiagram.build(flows: result.flows, root: "nope") == nil)
    }

    // MARK: Graphviz

    @Test(.enabled(if: ExternalTool.dot.shouldRun, "\(ExternalTool.dot.missingNote)"), arguments: cases.keys.sorted())
    func graphvizRendersTheDOT(name: String) throws {
        let dot = DOTDiagramRenderer.render(try Self.diagram(name))
        let output = try ExternalTool.dot.run(["-Tsvg"], in: TestPaths.packageRoot, input: dot)
        #expect(output.status == 0, "dot -Tsvg failed on \(name).dot:\n\(output.standardError)")
        #expect(output.standardError == "", "dot -Tsvg warned on \(name).dot")
        #expect(output.standardOutput.contains("<svg"))
        #expect(output.standardOutput.contains("<title>flows</title>"))
    }

    /// Every shipped set of flows drawn whole (`flowc graph Flows --format dot | dot -Tsvg`, the help
    /// text's example), and its overview, renders without an error or a warning.
    @Test(
        .enabled(if: ExternalTool.dot.shouldRun, "\(ExternalTool.dot.missingNote)"),
        arguments: ["Flows", "Examples/ReadingApp/Sources/ReadingApp/Flows"])
    func graphvizRendersEveryShippedSetWhole(folder: String) throws {
        let result = FlowValidation.validate(sources: try TestPaths.sources(under: folder, in: TestPaths.packageRoot))
        #expect(result.flows.count > 1)
        let whole = try #require(FlowDiagram.build(flows: result.flows, diagnostics: result.diagnostics, root: nil))
        for (what, diagram) in [
            ("whole", whole), ("overview", FlowDiagram.overview(flows: result.flows, diagnostics: result.diagnostics)),
        ] {
            let output = try ExternalTool.dot.run(
                ["-Tsvg"], in: TestPaths.packageRoot, input: DOTDiagramRenderer.render(diagram))
            #expect(output.status == 0, "dot -Tsvg failed on \(folder) (\(what)):\n\(output.standardError)")
            #expect(output.standardError == "", "dot -Tsvg warned on \(folder) (\(what))")
            #expect(output.standardOutput.contains("<svg"))
        }
    }

    /// The pictures README and docs/FORMAT.md show: docs/graphs/NAME.dot is what `flowc graph Flows
    /// --flow NAME --format dot` prints, and NAME.svg is what `dot -Tsvg` makes of it (exactly, when
    /// the Graphviz version is the one that wrote it; otherwise the same texts).
    @Test(
        .enabled(if: ExternalTool.dot.shouldRun, "\(ExternalTool.dot.missingNote)"),
        arguments: ["reading", "app", "social", "overview"])
    func committedPicturesAreUpToDate(name: String) throws {
        let folder = TestPaths.packageRoot + "/docs/graphs/"
        let hint = "docs/graphs/\(name) is out of date; run scripts/render-graphs.sh"
        let dot = DOTDiagramRenderer.render(try Self.diagram(name))
        #expect(try String(contentsOfFile: folder + name + ".dot", encoding: .utf8) == dot, "\(hint)")
        let committed = try String(contentsOfFile: folder + name + ".svg", encoding: .utf8)
        let rendered = try ExternalTool.dot.run(["-Tsvg"], in: TestPaths.packageRoot, input: dot).standardOutput
        func version(_ svg: String) -> Substring? {
            svg.firstMatch(of: /Generated by graphviz version ([^\n]*) -->/)?.output.1
        }
        func texts(_ svg: String) -> [Substring] { svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map(\.output.1) }
        if version(committed) == version(rendered) {
            #expect(committed == rendered, "\(hint)")
        } else {
            #expect(texts(committed) == texts(rendered), "\(hint)")
        }
    }

    /// The app overview of the shipped flows: one node per flow, child flows by how they are shown, and
    /// outcomes back to the parent with what its handler does.
    @Test func overviewOfTheShippedFlows() throws {
        let overview = try Self.diagram("overview")
        #expect(overview.clusters.isEmpty)
        #expect(overview.nodes.count == 40)
        #expect(overview.nodes.allSatisfy { $0.kind == .flow && $0.diagnosed.isEmpty })
        #expect(
            overview.nodes.first { $0.lines[0] == "flow app" }?.lines == [
                "flow app", "0 screens, 3 child flows", "root",
            ])
        let labels = overview.edges.map { edge in
            "\(overview.node(edge.from)?.lines[0] ?? "") -> \(overview.node(edge.to)?.lines[0] ?? ""): \(edge.lines.joined(separator: "; ")) (\(edge.style.rawValue))"
        }
        #expect(labels.contains("flow feed -> flow createPost: sheet compose (dashed)"))
        #expect(labels.contains("flow social (tabs) -> flow feed: tab feed (solid)"))
        // A child only ever shown as the stack's root says how (before: "push auth").
        #expect(labels.contains("flow app -> flow auth: start / replaceRoot auth (solid)"))
        #expect(labels.contains("flow app -> flow onboarding: start onboarding (solid)"))
        #expect(labels.contains("flow notebook -> flow newNote: push newNote (solid)"))
        #expect(
            labels.contains(
                "flow onboarding -> flow app: completed → if isLoggedIn: replaceRoot main else replaceRoot auth (dotted)"
            ))
        #expect(labels.count == 62)  // 38 child declarations, 24 with handlers
        let dot = DOTDiagramRenderer.render(overview)
        #expect(dot.contains("rankdir=TB"))
        #expect(
            MermaidDiagramRenderer.render(overview).hasPrefix(
                "flowchart TB\n  n1[\"flow account<br/>2 screens, 1 child flow\"]\n"))
    }

    @Test func overviewMarksAMissingChildFlowAndDiagnosedFiles() {
        let result = FlowValidation.validate(sources: [
            ("a.yaml", Array("flow: a\nstart: b\nchildren:\n  b: { flow: nowhere }\n".utf8))
        ])
        let overview = FlowDiagram.overview(flows: result.flows, diagnostics: result.diagnostics)
        #expect(overview.nodes.map(\.lines) == [["flow a", "0 screens, 1 child flow", "root"], ["? nowhere"]])
        #expect(overview.nodes.first?.diagnosed == ["FC206"])
        #expect(overview.nodes.last?.kind == .missing)
    }
}
