import FlowCompiler
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
        return (FlowViewPage(flows: result.flows, diagnostics: result.diagnostics, base: "/work"), result)
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
                #"edge solid data-flow="reading" data-child-flow="edit" data-presentation="push" data-child="edit""#,
                #"edge dotted data-flow="edit" data-child-flow="reading" data-outcomes="saved → stay; discarded → stay""#,
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
        // Each node's title holds its own diagnostics' messages, not those of the same code elsewhere.
        let archive = try #require(result.diagnostics.first).message
        #expect(html.contains("<title>FC301: \(ViewPicture.escaped(archive))</title>"))
        let edit = result.diagnostics.dropFirst().map { "\($0.code): \(ViewPicture.escaped($0.message))" }
        #expect(html.contains("<title>" + edit.joined(separator: "\n") + "</title>"))
        #expect(html.contains(#""code":"FC301","message":"#))
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
