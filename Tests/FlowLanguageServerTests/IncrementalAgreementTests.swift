import FlowCompiler
import Foundation
import Testing

@testable import FlowLanguageServer

/// The server checks each edit incrementally (files re-read only when their bytes changed, the analysis
/// of the last check reused); what it publishes must be exactly what `flowc validate` reports for the same
/// texts. A sequence of edits across the files of `Flows/` (the reading app: 40 files, flows that run each
/// other as children), each compared, after it is checked, with a whole validation of the texts written out
/// to a folder of their own.
@Suite struct IncrementalAgreementTests {
    /// The texts of `Flows/`, by file name.
    static func flowsFiles() throws -> [String: String] {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let folder = url.path + "/Flows"
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".yaml") {
            files[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return files
    }

    /// One diagnostic as "file line:column severity CODE message", with its notes after " | ": every
    /// workspace path shown relative to its folder, so the server's and validate's compare.
    static func render(_ diagnostic: Diagnostic, folder: String) -> String {
        func relative(_ text: String) -> String { text.replacingOccurrences(of: folder + "/", with: "") }
        let notes = diagnostic.notes.map {
            " | \(relative($0.location.file)) \($0.location.line):\($0.location.column) \(relative($0.message))"
        }
        return "\(relative(diagnostic.location.file)) \(diagnostic.location.line):\(diagnostic.location.column) "
            + "\(diagnostic.severity) \(diagnostic.code) \(relative(diagnostic.message))" + notes.joined()
    }

    /// What `validate` reports for `texts` (name → text) written to a folder of their own, rendered.
    static func validated(_ texts: [String: String]) throws -> [String] {
        let folder = NSTemporaryDirectory() + "flowc-lsp-agreement-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in texts { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let result = try FlowValidation.validate(paths: [folder])
        return result.diagnostics.map { render($0, folder: folder) }
    }

    /// The diagnostics last published for each open file, as "file line:character severity CODE message"
    /// (the positions from 1, as validate's; the texts are ASCII, so characters are columns).
    static func published(_ client: TestClient, messages: [JSONValue], open: Set<String>) -> [String] {
        var byName: [String: [String]] = [:]
        for message in messages where message["method"] == "textDocument/publishDiagnostics" {
            let uri = message["params"]["uri"].string ?? ""
            guard let name = open.first(where: { client.uri($0) == uri }) else { continue }
            byName[name] = (message["params"]["diagnostics"].array ?? []).map { diagnostic in
                let start = diagnostic["range"]["start"]
                let severity =
                    switch diagnostic["severity"].integer {
                    case 1: "error"
                    case 2: "warning"
                    default: "note"
                    }
                let position = "\((start["line"].integer ?? -1) + 1):\((start["character"].integer ?? -1) + 1)"
                let text = "\(diagnostic["code"].string ?? "") \(diagnostic["message"].string ?? "")"
                return "\(name) \(position) \(severity) \(text)"
            }
        }
        return byName.keys.sorted().flatMap { byName[$0]! }
    }

    @Test func editsAcrossFilesPublishWhatValidateReportsForTheSameTexts() throws {
        let disk = try Self.flowsFiles()
        let client = try TestClient(files: disk)
        var texts = disk
        var open: Set<String> = []
        var messages: [JSONValue] = []
        var version = 1

        /// Checks the server's whole analysis and what it published for the open files against validate.
        func agree(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            messages += client.take()
            let expected = try Self.validated(texts)
            let analysis = try #require(client.server.analysis, sourceLocation: sourceLocation)
            let actual = analysis.result.diagnostics.map { Self.render($0, folder: client.folder) }
            #expect(actual == expected, "\(step): the server's analysis", sourceLocation: sourceLocation)
            let expectedOpen = expected.filter { line in open.contains { line.hasPrefix($0 + " ") } }
                .map { $0.components(separatedBy: " | ")[0] }
            #expect(
                Self.published(client, messages: messages, open: open) == expectedOpen,
                "\(step): what was published", sourceLocation: sourceLocation)
        }
        func edit(_ name: String, _ old: String, _ new: String) {
            let text = texts[name]!
            let range = text.range(of: old)!
            let before = text[..<range.lowerBound]
            let line = before.filter { $0 == "\n" }.count
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let column = before.distance(from: lineStart, to: before.endIndex)
            let lines = old.split(separator: "\n", omittingEmptySubsequences: false)
            let endLine = line + lines.count - 1
            let endColumn = lines.count == 1 ? column + old.count : lines.last!.count
            texts[name] = text.replacingCharacters(in: range, with: new)
            let end = TestClient.position(endLine, endColumn)
            version += 1
            client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(client.uri(name)), "version": .integer(version)],
                    "contentChanges": [
                        [
                            "range": ["start": TestClient.position(line, column), "end": end],
                            "text": .string(new),
                        ]
                    ],
                ])
        }

        for name in ["auth.yaml", "app.yaml", "main.yaml"] {
            try client.open(name)
            open.insert(name)
        }
        try agree("opened")
        #expect(!messages.isEmpty)

        // An outcome renamed in the child: the parent's handler names one it no longer has.
        edit("auth.yaml", "outcomes: [signedIn]", "outcomes: [loggedIn]")
        try agree("auth's outcome renamed")
        edit("auth.yaml", "finish: signedIn", "finish: loggedIn")
        try agree("auth finishes with the new outcome")
        // A child naming a flow that does not exist, in another file.
        edit("app.yaml", "flow: main\n", "flow: mian\n")
        try agree("app runs a flow that does not exist")
        // A flow renamed to the name of another file's flow: a duplicate, and `main` gone.
        edit("main.yaml", "flow: main\n", "flow: auth\n")
        try agree("main renamed to auth")
        // A syntax error: the file does not load, so what names its flows is not checked against it.
        edit("auth.yaml", "screens:\n", "screens: [\n")
        try agree("auth does not parse")
        edit("auth.yaml", "screens: [\n", "screens:\n")
        try agree("auth parses again")
        // Put back, one file after the other; then a file closed goes back to its text on disk.
        edit("main.yaml", "flow: auth\n", "flow: main\n")
        try agree("main named main again")
        edit("app.yaml", "flow: mian\n", "flow: main\n")
        try agree("app runs main again")

        // Edits that change what other flows' rules read (the rules that check each flow alone keep their
        // findings about the flows whose inputs did not change: `RuleResultMemo`).
        for name in ["market.yaml", "listings.yaml", "listingEditor.yaml"] {
            try client.open(name)
            open.insert(name)
        }
        try agree("the market's files opened")
        // A child's outcome renamed: the handler of the tab bar's item names one it no longer has.
        edit("listingEditor.yaml", "  published:\n", "  posted:\n")
        try agree("listingEditor's outcome renamed")
        edit("listingEditor.yaml", "finish: published", "finish: posted")
        try agree("listingEditor finishes with the new outcome")
        // A screen's parameter type changed: the market's link and handler pass it an int.
        edit(
            "listings.yaml", "  listing:\n    params:\n      listingID: { type: int",
            "  listing:\n    params:\n      listingID: { type: string")
        try agree("the listing screen takes a string")
        // The flow the market's links and tab target renamed away: it no longer exists.
        edit("listings.yaml", "flow: listings\n", "flow: listingz\n")
        try agree("the listings flow gone")
        // A tab added: first one the market does not declare, then its child.
        edit("market.yaml", "tabs: [listings, search,", "tabs: [listings, search, discover,")
        try agree("a tab without its child")
        edit(
            "market.yaml", "  search: { flow: search }\n",
            "  search: { flow: search }\n  discover: { flow: discover }\n")
        try agree("the tab's child declared")
        // The child's outcomes emptied: it becomes long-lived, which changes its parent's navigation.
        let outcomes = "outcomes:\n  posted:\n    params: { listingID: { type: int, min: 1 } }\n  discarded:\n"
        edit("listingEditor.yaml", outcomes, "")
        try agree("listingEditor declares no outcomes")
        // Put back, in another order.
        edit("listingEditor.yaml", "start: draft\n", "start: draft\n" + outcomes)
        edit("listingEditor.yaml", "  posted:\n", "  published:\n")
        edit("listingEditor.yaml", "finish: posted", "finish: published")
        try agree("listingEditor as it was")
        edit(
            "market.yaml", "  search: { flow: search }\n  discover: { flow: discover }\n",
            "  search: { flow: search }\n")
        edit("market.yaml", "tabs: [listings, search, discover,", "tabs: [listings, search,")
        try agree("the market as it was")
        edit("listings.yaml", "flow: listingz\n", "flow: listings\n")
        try agree("the listings flow back")
        edit(
            "listings.yaml", "  listing:\n    params:\n      listingID: { type: string",
            "  listing:\n    params:\n      listingID: { type: int")
        try agree("the listing screen takes an int again")
        // What an argument passing reads of another flow (the argument rules keep their findings per flow too):
        // a child flow's parameter renamed, which `listen`'s start of `player` passes by its old name; a
        // child's parameter typed differently from what `listen` passes it; the parameter of the outcome
        // whose value `market`'s handler passes on, renamed.
        for name in ["listen.yaml", "player.yaml", "review.yaml"] {
            try client.open(name)
            open.insert(name)
        }
        try agree("the listen tab's files opened")
        edit("player.yaml", "params:\n  episodeID: { type: int", "params:\n  episodeId: { type: int")
        try agree("player's parameter renamed")
        edit("review.yaml", "params:\n  episodeID: { type: int, min: 1 }", "params:\n  episodeID: { type: string }")
        try agree("review's parameter a string")
        edit(
            "listingEditor.yaml", "  published:\n    params: { listingID: { type: int",
            "  published:\n    params: { listingId: { type: int")
        try agree("the outcome's parameter renamed")
        edit(
            "listingEditor.yaml", "  published:\n    params: { listingId: { type: int",
            "  published:\n    params: { listingID: { type: int")
        edit("review.yaml", "params:\n  episodeID: { type: string }", "params:\n  episodeID: { type: int, min: 1 }")
        edit("player.yaml", "params:\n  episodeId: { type: int", "params:\n  episodeID: { type: int")
        try agree("the passings' receivers as they were")
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("auth.yaml"))]])
        open.remove("auth.yaml")
        texts["auth.yaml"] = disk["auth.yaml"]
        try agree("auth closed: its text on disk")
        // The final texts are the files on disk: what validate reports for Flows/ as it is.
        #expect(texts == disk)
    }
}
