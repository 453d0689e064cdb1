import FlowCompiler
import FlowDefinitions
import FlowModel
import Foundation
import Testing

@testable import FlowView

/// `flowc view`'s page: the exact addressable attributes of a fixture's pictures, diagnostics on their
/// nodes, a screen's details, traces, and that the page fetches nothing.
@Suite struct FlowViewPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func page(_ paths: [String]) throws -> (FlowViewPage, ValidationResult) {
        let sources = try paths.map { path in
            (path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))))
        }
        let result = FlowValidation.validate(sources: sources)
        var page = FlowViewPage(flows: result.flows, diagnostics: result.diagnostics, base: "/work")
        page.sources = result.sourcesByPath
        return (page, result)
    }

    /// Each `<g>` of the page: its class and its `data-` attributes, in order.
    static func addressed(_ html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<g class=\"") {
            let tail = rest[start.lowerBound...]
            guard let end = tail.firstIndex(of: ">") else { break }
            let tag = tail[..<end]
            let classEnd = tag.dropFirst(10).firstIndex(of: "\"")!
            var text = String(tag[tag.index(tag.startIndex, offsetBy: 10)..<classEnd])
            var scan = tag[...]
            while let data = scan.range(of: " data-") {
                let after = scan[data.lowerBound...].dropFirst()
                let quote = after.firstIndex(of: "\"")!
                let close = after[after.index(after: quote)...].firstIndex(of: "\"")!
                text += " " + after[..<after.index(after: close)]
                scan = after[after.index(after: close)...]
            }
            found.append(text)
            rest = tail[end...]
        }
        return found
    }

    @Test func everyNodeAndEdgeIsAddressable() throws {
        let (page, result) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        #expect(result.diagnostics.isEmpty)
        #expect(
            Self.addressed(page.html()) == [
                #"edge solid data-flow="reading" data-child-flow="edit" data-child="edit" data-presentation="push""#,
                #"edge dotted data-flow="reading" data-child-flow="edit" data-child="edit" data-presentation="push" data-outcomes="saved → stay; discarded → stay""#,
                #"node flow data-flow="reading""#,
                #"node flow data-flow="edit""#,
                #"edge solid data-flow="reading" data-to="library""#,
                #"edge solid data-flow="reading" data-screen="library" data-event="selectBook" data-to="details""#,
                #"edge solid data-flow="reading" data-screen="details" data-event="edit" data-to="edit""#,
                #"edge dotted data-flow="reading" data-screen="details" data-event="back" data-to="library""#,
                #"edge dashed data-flow="reading" data-child="edit" data-outcome="saved" data-to="details""#,
                #"edge dashed data-flow="reading" data-child="edit" data-outcome="discarded" data-to="details""#,
                #"edge dashed data-flow="reading" data-link="/books/{bookID:int}" data-to="details""#,
                #"edge dashed data-flow="reading" data-link="/books/{bookID:int}/edit" data-to="edit""#,
                #"node entry data-flow="reading" data-entry="""#,
                #"node screen data-flow="reading" data-screen="library""#,
                #"node screen data-flow="reading" data-screen="details""#,
                #"node child data-flow="reading" data-child="edit" data-runs="edit""#,
                #"node link data-flow="reading" data-link="/books/{bookID:int}""#,
                #"node link data-flow="reading" data-link="/books/{bookID:int}/edit""#,
                #"edge solid data-flow="edit" data-to="editor""#,
                #"edge solid data-flow="edit" data-screen="editor" data-event="save" data-to="saved""#,
                #"edge solid data-flow="edit" data-screen="editor" data-event="cancel" data-to="discarded""#,
                #"node entry data-flow="edit" data-entry="""#,
                #"node screen data-flow="edit" data-screen="editor""#,
                #"node outcome data-flow="edit" data-outcome="saved""#,
                #"node outcome data-flow="edit" data-outcome="discarded""#,
            ])
    }

    /// A valid app draws no `? name`: a link's routes into a child's flow end at the child when that
    /// flow is drawn on its own, and a tab flow's `select` of its parent's tab names that tab.
    @Test func aValidAppHasNoMissingNodes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Flows")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "Flows/" + $0 }
        let (page, result) = try Self.page(files)
        #expect(result.diagnostics.isEmpty)
        let html = page.html()
        #expect(!html.contains("data-missing="))
        #expect(html.contains(#"<g class="node tab" data-flow="feed" data-child="profile""#))
        #expect(html.contains("tab profile (a parent&#39;s)") || html.contains("tab profile (a parent's)"))
        #expect(html.contains(#"data-flow="social" data-link="/feed/new" data-to="feed""#))
    }

    @Test func diagnosticsAreMarkedOnTheirNodes() throws {
        let (page, result) = try Self.page(["Tests/Fixtures/invalid/unreachable.yaml"])
        let html = page.html()
        #expect(result.diagnostics.map { "\($0.code) \($0.location.line)" } == ["FC301 8", "FC301 12", "FC405 12"])
        #expect(
            Self.addressed(html).filter { $0.contains("data-codes") } == [
                #"node flow bad data-flow="reading" data-codes="FC301 FC405""#,
                #"node screen bad data-flow="reading" data-screen="archive" data-codes="FC301""#,
                #"node child bad data-flow="reading" data-child="edit" data-runs="reading" data-codes="FC301 FC405""#,
            ])
        // Each node's title says what it is, then its own diagnostics' messages with their file:line:col, not
        // those of the same code elsewhere.
        let archive = try #require(result.diagnostics.first).message
        #expect(
            html.contains(
                "<title>screen archive\nFC301: \(ViewPicture.escaped(archive)) (at Tests/Fixtures/invalid/unreachable.yaml:8:3)</title>"
            ))
        let edit = result.diagnostics.dropFirst().map {
            "\($0.code): \(ViewPicture.escaped($0.message)) (at Tests/Fixtures/invalid/unreachable.yaml:12:3)"
        }
        #expect(html.contains("<title>child edit\n" + edit.joined(separator: "\n") + "</title>"))
        #expect(html.contains(#""code":"FC301","message":"#))
    }

    /// A diagnostic's notes are in the page's data, each with where it points (what `flowc check`'s findings
    /// reproduce with, where a duplicate was first defined), so the details list them under it; a diagnostic
    /// with none has no `notes` key.
    @Test func diagnosticsKeepTheirNotes() throws {
        var (page, result) = try Self.page(["Tests/Fixtures/invalid/unreachable.yaml"])
        let at = SourceLocation(file: "Tests/Fixtures/invalid/unreachable.yaml", line: 8, column: 3, offset: 0)
        page.diagnostics = [
            Diagnostic(
                .warning, code: "FC808", "event 'x' is taken in some explored states and refused in others", at: at,
                notes: [DiagnosticNote("reproduce with: printf '%s\\n' 'start' | flowc run 'a b.yaml'", at: at)]),
            result.diagnostics[0],
        ]
        let html = page.html()
        let place =
            #"{"column":3,"file":"Tests\/Fixtures\/invalid\/unreachable.yaml","line":8,"url":"vscode:\/\/file\/work\/Tests\/Fixtures\/invalid\/unreachable.yaml:8:3"}"#
        #expect(
            html.contains(
                #"{"at":"# + place + #","code":"FC808","#
                    + #""message":"event 'x' is taken in some explored states and refused in others","#
                    + #""notes":[{"at":"# + place + #","message":"reproduce with: printf '%s\\n' 'start' | "#
                    + #"flowc run 'a b.yaml'"}],"severity":"warning"}"#
            ))
        #expect(
            html.contains(
                #"{"at":"# + place + #","code":"FC301","#
                    + #""message":"\#(result.diagnostics[0].message)","severity":"error"}"#
            ))
    }

    /// A diagnostic inside a link's routes, `otherwise` or guard (FC602, FC603, FC650, FC652, FC653,
    /// FC504) marks the link's node; one inside a link the flows could not read (`/other`, FC101 and
    /// FC102 at its keys) is not put on the link before it but on the flow; every one is somewhere.
    @Test func diagnosticsInsideALinkMarkItsNode() throws {
        let guarded = ["app", "signIn", "tour"].map { "Tests/Fixtures/invalid/guarded-links/\($0).yaml" }
        let sets = [
            guarded, ["Tests/Fixtures/invalid/link-parameter-unbound.yaml"],
            ["Tests/Fixtures/invalid/link-placeholder-unused.yaml"],
        ]
        for files in sets {
            let file = files[0]
            let (page, result) = try Self.page(files)
            let placed = ViewDiagnosticPlaces.findings(
                flows: result.flows, diagnostics: result.diagnostics, sources: result.sourcesByPath)
            let codes = placed.flatMap { key, texts in texts.map { "\(key) \(ViewPicture.codes([$0])[0])" } }.sorted()
            let expected: [String: [String]] = [
                "Tests/Fixtures/invalid/guarded-links/app.yaml": [
                    "app|flow/app FC101", "app|flow/app FC102", "app|link//home FC650", "app|link//home FC653",
                    "app|link//notes/{id:int} FC504", "app|link//notes/{id:int} FC650", "app|link//tour FC102",
                    "app|link//tour FC652", "signIn|link//form FC651",
                ],
                "Tests/Fixtures/invalid/link-parameter-unbound.yaml": [
                    "reading|link//books FC602", "reading|link//books/{bookID:int} FC602",
                ],
                "Tests/Fixtures/invalid/link-placeholder-unused.yaml": [
                    "reading|link//books/{bookID:int}/{page:int} FC603", "reading|link//shelves/{shelf} FC603",
                ],
            ]
            #expect(codes == expected[file], "\(file)")
            #expect(codes.count == result.diagnostics.count, "\(file): every diagnostic is placed once")
            // The link's node carries the codes and their messages in its title.
            let html = page.html()
            for diagnostic in result.diagnostics
            where codes.contains(where: { $0.contains("|link/") && $0.hasSuffix(diagnostic.code) }) {
                #expect(html.contains("\(diagnostic.code): \(ViewPicture.escaped(diagnostic.message))"))
            }
        }
        let (page, _) = try Self.page(guarded)
        #expect(
            Self.addressed(page.html()).filter { $0.hasPrefix("node link") } == [
                #"node link bad data-flow="app" data-link="/notes/{id:int}" data-codes="FC504 FC650""#,
                #"node link bad data-flow="app" data-link="/home" data-codes="FC650 FC653""#,
                #"node link bad data-flow="app" data-link="/tour" data-codes="FC102 FC652""#,
                #"node link bad data-flow="signIn" data-link="/form" data-codes="FC651""#,
            ])
    }

    /// Without the file's text, spans end only at a later position indented no deeper (the diagnostics'
    /// own columns): a diagnostic in a flow's start, a screen's parameter, an event's action and a child's
    /// handler lands on the start, the screen, the event's edge and the child.
    @Test func diagnosticsLandOnTheDeclarationThatHoldsThem() throws {
        let (_, result) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        let reading = try #require(result.flows.first)
        func at(_ line: Int, _ column: Int, _ code: String) -> Diagnostic {
            var location = reading.name.location
            location.line = line
            location.column = column
            return Diagnostic(.error, code: code, "m", at: location)
        }
        let placed = ViewDiagnosticPlaces.findings(
            flows: result.flows,
            diagnostics: [
                at(1, 1, "FC001"), at(3, 8, "FC002"), at(15, 7, "FC003"), at(10, 30, "FC004"), at(27, 7, "FC005"),
            ])
        #expect(
            placed.mapValues { $0.map { String($0.prefix(5)) } } == [
                "reading|flow/reading": ["FC001"], "reading|entry/": ["FC002"], "reading|screen/details": ["FC003"],
                "reading|event/library.selectBook": ["FC004"], "reading|child/edit": ["FC005"],
            ])
    }

    /// Every node and edge has a `<title>`: what it is, then its diagnostics.
    @Test func everyNodeAndEdgeHasATitle() throws {
        let (page, _) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        let html = page.html()
        let groups = html.components(separatedBy: "<g class=\"").dropFirst()
        #expect(groups.count == 25)
        #expect(groups.allSatisfy { $0.split(separator: ">", maxSplits: 1)[1].hasPrefix("<title>") })
        #expect(
            html.contains(
                #"tabindex="0" role="button" aria-label="start of flow reading"><title>start of flow reading</title>"#))
        #expect(html.contains("<title>selectBook push → details</title>"))
        #expect(html.contains("<title>push edit → edit</title>"))
        #expect(html.contains(#"<p id="summary">2 flows, 3 screens, 0 diagnostics</p>"#))
        let (one, _) = try Self.page(["Flows/edit.yaml"])
        #expect(one.html().contains(#"<p id="summary">1 flow, 1 screen, 0 diagnostics</p>"#))
    }

    /// The start and each outcome have details: the start's action, and who finishes with each outcome.
    @Test func startAndOutcomeDetails() throws {
        let (_, result) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        let edit = ViewFlowDetails(try #require(result.flows.last), diagnostics: [], base: "/work")
        #expect("\(edit.start.action) \(edit.start.at.line)" == "editor 6")
        #expect(
            edit.outcomes.map { o in
                "\(o.name) \(o.at.line): " + o.reachedBy.map { "\($0.by) \($0.at.line)" }.joined(separator: ", ")
            }
                == ["saved 8: editor.save (finish) 20", "discarded 8: editor.cancel (finish) 22"])
    }

    /// Values read back as written: a string that would read blank or split a list is quoted.
    @Test func valuesReadBackAsWritten() throws {
        #expect(
            [
                Value.string(""), .string(" a"), .string("a, b"), .string("say \"hi\""), .string("Dune"), .int(7),
                .bool(true),
            ]
            .map(ViewFlowDetails.shown) == [#""""#, #"" a""#, #""a, b""#, #""say \"hi\"""#, "Dune", "7", "true"])
        let yaml = """
            flow: f
            start: s
            screens:
              s:
                params:
                  title: { type: string, default: "" }
                  mode: { type: string, default: full, values: [full, "", "a, b"] }
            """
        let result = FlowValidation.validate(sources: [(path: "f.yaml", bytes: Array(yaml.utf8))])
        let details = ViewFlowDetails(try #require(result.flows.first), diagnostics: [], base: "/work")
        #expect(
            details.screens.first?.parameters.map(\.constraints) == [
                #"default """#, #"one of full, "", "a, b", default full"#,
            ])
    }

    /// The editor links: VS Code by default, JetBrains' `idea://`, or none (plain `file:line`).
    @Test func editorLinks() throws {
        let (_, result) = try Self.page(["Flows/reading.yaml"])
        let flow = try #require(result.flows.first)
        #expect(
            ViewFlowDetails(flow, diagnostics: [], base: "/my work").at.url
                == "vscode://file/my%20work/Flows/reading.yaml:2:7")
        #expect(
            ViewFlowDetails(flow, diagnostics: [], base: "/w", editor: .idea).at.url
                == "idea://open?file=/w/Flows/reading.yaml&line=2&column=7")
        #expect(ViewFlowDetails(flow, diagnostics: [], base: "/w", editor: .none).at.url == "")
    }

    /// A flow of more than 1,500 nodes is written as a frame and bands of 2,400 units top down, each node
    /// and edge in exactly one band (its own position's; an edge its source's), so the page adds only
    /// what is near the view.
    @Test func aHugeFlowComesInBands() throws {
        var yaml = "flow: chain\nstart: s0\nscreens:\n"
        for number in 0..<2000 { yaml += "  s\(number):\n    on: { next: { push: s\((number + 1) % 2000) } }\n" }
        let result = FlowValidation.validate(sources: [(path: "chain.yaml", bytes: Array(yaml.utf8))])
        let html = FlowViewPage(flows: result.flows, diagnostics: result.diagnostics, base: "/w").html()
        let frame = try #require(
            html.components(separatedBy: #"<template id="flow-0">"#).last?.components(separatedBy: "</template>").first)
        #expect(frame.hasSuffix(#"data-band-size="2400"><g class="edges"></g><g class="nodes"></g></svg>"#))
        let count = try #require(
            Int(frame.components(separatedBy: #"data-bands=""#)[1].prefix { $0 != "\"" }))
        let bands = (0..<count).map { band in
            html.components(separatedBy: "<template id=\"flow-0-band-\(band)\">")[1].components(
                separatedBy: "</template>")[0]
        }
        #expect(count > 3)
        #expect(!html.contains("<template id=\"flow-0-band-\(count)\">"))
        let screens = bands.flatMap { band in
            band.components(separatedBy: #"<g class="node screen" data-flow="chain" data-screen=""#).dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
        }
        #expect(screens.count == 2000 && Set(screens).count == 2000)
        let edges = bands.map { $0.components(separatedBy: #"<g class="edge "#).count - 1 }.reduce(0, +)
        #expect(edges == 2001)
        #expect(bands.allSatisfy { $0.hasPrefix(#"<svg><g class="edges">"#) && $0.hasSuffix("</g></svg>") })
    }

    @Test func aScreensDetails() throws {
        let (_, result) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        let details = ViewFlowDetails(try #require(result.flows.first), diagnostics: [], base: "/work")
        let screen = try #require(details.screens.first { $0.name == "details" })
        #expect(
            screen.parameters.map { "\($0.name): \($0.type) (\($0.constraints)) \($0.at.file):\($0.at.line)" } == [
                "bookID: int (min 1, check bookExists) Flows/reading.yaml:15"
            ])
        #expect(
            screen.reachedBy.map { "\($0.by) \($0.at.line)" } == [
                "library.selectBook (push) 10", "link /books/{bookID:int} 31", "link /books/{bookID:int}/edit 32",
            ])
        #expect(screen.events.map { "\($0.name) → \($0.action)" } == ["edit → start edit", "back → pop 1"])
        #expect(screen.at.url == "vscode://file/work/Flows/reading.yaml:13:3")
        #expect(details.children.map { "\($0.name) \($0.flow) \($0.presentation)" } == ["edit edit push"])
        #expect(details.links.map(\.routes) == ["library › details", "library › details › edit"])
    }

    @Test func traceLinesMustBeJSONObjects() {
        #expect(
            FlowViewPage.Play.trace("{\"line\":1}\n\n[1]\n", named: "t.jsonl")
                == .failure(
                    .init(
                        text:
                            "t.jsonl:3: not a trace line (a JSON object, as 'flowc run' prints); write the trace with 'flowc run … > FILE.jsonl'"
                    )))
        #expect(
            FlowViewPage.Play.trace("\n", named: "t.jsonl") == .failure(.init(text: "t.jsonl: the trace has no lines")))
        #expect(
            FlowViewPage.Play.trace("{\"a\":\"</script>\"}\n{}", named: "t.jsonl")
                == .success(.init(title: "trace t.jsonl", steps: ["{\"a\":\"</script>\"}", "{}"])))
    }

    /// A trace made with other flows is refused at its first line naming a flow or screen the page lacks.
    @Test func aTraceOfOtherFlowsIsRefused() throws {
        let (_, result) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        let tail = ", which the flows viewed do not declare; it was made with other flows: view the flows it was run on"
        #expect(
            FlowViewPage.Play.trace(
                #"{"path":[{"flow":"reading","screen":"library"}]}"# + "\n\n"
                    + #"{"path":[{"flow":"reading","screen":"library"},{"flow":"feed","screen":"timeline"}]}"#,
                named: "t.jsonl", flows: result.flows)
                == .failure(.init(text: "t.jsonl:3: the trace names flow 'feed' (on the path)" + tail)))
        #expect(
            FlowViewPage.Play.trace(
                #"{"path":[{"flow":"reading","screen":"shelf"}]}"#, named: "t.jsonl", flows: result.flows)
                == .failure(
                    .init(text: "t.jsonl:1: the trace names screen 'shelf' of flow 'reading' (on the path)" + tail)))
        #expect(
            FlowViewPage.Play.trace(
                #"{"instances":{"flow":"reading","children":[{"flow":"edit","children":[{"flow":"x"}]}]}}"#,
                named: "t.jsonl", flows: result.flows)
                == .failure(.init(text: "t.jsonl:1: the trace names flow 'x' (an instance)" + tail)))
        #expect(
            FlowViewPage.Play.trace(#"{"tabs":[{"flow":"social"}]}"#, named: "t.jsonl", flows: result.flows)
                == .failure(.init(text: "t.jsonl:1: the trace names flow 'social' (a tab set)" + tail)))
        let reading = try String(contentsOfFile: Self.root + "/docs/examples/reading.trace.jsonl", encoding: .utf8)
        #expect((try? FlowViewPage.Play.trace(reading, named: "r", flows: result.flows).get()) != nil)
    }

    @Test func thePageFetchesNothingAndCannotBeCutShort() throws {
        var (page, _) = try Self.page(["Flows/reading.yaml", "Flows/edit.yaml"])
        page.plays = [.init(title: "trace", steps: ["{\"command\":\"</script><b>\"}"])]
        let html = page.html()
        #expect(!html.contains(" src="))
        #expect(!html.contains("<link"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.components(separatedBy: "</script>").count == 4)
        #expect(html.contains(#"[[{"command":"<\/script><b>"}]]"#))
    }
}
