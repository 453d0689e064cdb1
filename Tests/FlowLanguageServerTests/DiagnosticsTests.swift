import Testing

@testable import FlowLanguageServer

/// Diagnostics pushed on open, change, save and close: flowc validate's codes and messages at exact
/// ranges, in the negotiated encoding, coalesced, and cleared when fixed or closed.
@Suite struct DiagnosticsTests {
    static let shopDiagnostics = [
        "9:14-9:20 FC203 unknown screen 'detial' in flow 'shop'; did you mean 'detail'?",
        "19:2-19:9 FC301 screen 'archive' is unreachable from the start of flow 'shop'; push it from a reachable screen or remove it",
        "22:2-22:10 FC402 child 'checkout' does not handle outcome 'cancelled' of flow 'checkout'; add 'cancelled: stay' or another action under its 'on'",
    ]

    @Test func publishedOnOpenAsFlowcValidateReportsThem() throws {
        let client = try TestClient(files: try ShopWorkspace.files())
        _ = client.take()
        try client.open("shop.yaml")
        let sent = client.take()
        #expect(client.diagnostics("shop.yaml", in: sent) == Self.shopDiagnostics)
        let published = sent.last { $0["method"] == "textDocument/publishDiagnostics" }!["params"]
        #expect(published["version"] == 1)
        let diagnostics = published["diagnostics"].array!
        #expect(diagnostics[0]["severity"] == 1)
        #expect(diagnostics[0]["source"] == "flowc")
        #expect(
            diagnostics[0]["codeDescription"]["href"].string == DocumentURI.uri(client.folder + "/.explain/FC203.txt"))
        #expect(diagnostics[1]["tags"] == [1])
        #expect(diagnostics[0]["tags"] == nil)
        #expect(
            diagnostics[2]["relatedInformation"] == [
                [
                    "location": [
                        "uri": .string(client.uri("checkout.yaml")),
                        "range": ["start": ["line": 2, "character": 17], "end": ["line": 2, "character": 26]],
                    ],
                    "message": "outcome 'cancelled' declared here",
                ]
            ])
        // The link's target is the explanation flowc explain prints.
        let explanation = try String(contentsOfFile: client.folder + "/.explain/FC203.txt", encoding: .utf8)
        #expect(explanation.hasPrefix("FC203 unknown-screen"))
    }

    @Test func anIncrementalChangeRechecksAndClearsWhatItFixed() throws {
        let client = try ShopWorkspace.client()
        _ = client.take()
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(client.uri("shop.yaml")), "version": 2],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 9, "character": 17], "end": ["line": 9, "character": 20]],
                        "text": "ail",
                    ]
                ],
            ])
        #expect(client.diagnostics("shop.yaml", in: client.take()) == Array(Self.shopDiagnostics.dropFirst()))
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("shop.yaml"))]])
        #expect(client.diagnostics("shop.yaml", in: client.take()) == [])
    }

    @Test func changesThatArriveTogetherAreCheckedOnceNewestFirst() throws {
        let client = try ShopWorkspace.client()
        _ = client.take()
        let text = try ShopWorkspace.files()["shop.yaml"]!
        // Three versions in one batch, as the loop applies them: one check, of version 4.
        for (version, replacement) in [(2, "detial2"), (3, "detail"), (4, "detial3")] {
            client.server.receive(
                .message(
                    .notification(
                        method: "textDocument/didChange",
                        params: [
                            "textDocument": ["uri": .string(client.uri("shop.yaml")), "version": .integer(version)],
                            "contentChanges": [
                                ["text": .string(text.replacingOccurrences(of: "detial", with: replacement))]
                            ],
                        ])))
        }
        client.server.checkIfNeeded()
        let published = client.take().filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.count == 1)
        #expect(published.first?["params"]["version"] == 4)
        #expect(
            client.diagnostics("shop.yaml", in: published)?.first
                == "9:14-9:21 FC203 unknown screen 'detial3' in flow 'shop'; did you mean 'detail'?")
    }

    @Test func rangesCountInTheNegotiatedEncoding() throws {
        // The invalid name "é😀x" with its quotes: 'é' is 2 UTF-8 bytes and 1 UTF-16 unit; '😀' is 4 UTF-8
        // bytes, 2 UTF-16 units and 1 scalar.
        let text = "flow: wide\nstart: home\nscreens:\n  home:\n    on:\n      go: { push: \"é😀x\" }\n"
        let expected: [(JSONValue, String)] = [
            (["utf-16"], "5:18-5:24"), (["utf-8", "utf-16"], "5:18-5:27"), (["utf-32"], "5:18-5:23"), ([], "5:18-5:24"),
        ]
        for (offered, range) in expected {
            let client = try TestClient(files: [:], capabilities: ["general": ["positionEncodings": offered]])
            client.open("wide.yaml", text: text)
            let shown = client.diagnostics("wide.yaml", in: client.take()) ?? []
            #expect(
                shown.contains(
                    "\(range) FC106 'é😀x' is not a valid screen name; use ASCII letters, digits and '_', starting with a letter or '_'"
                ), "\(offered): \(shown)")
        }
    }

    /// The `.flowc.yml` nearest a flow file governs it, as `flowc validate` applies it: one beside the flows,
    /// below the workspace root, turns the rule off there.
    @Test func theConfigurationNearestTheFlowsGovernsThem() throws {
        var files: [String: String] = [:]
        for (name, text) in try ShopWorkspace.files() { files["app/" + name] = text }
        files["app/.flowc.yml"] = "rules:\n  FC301: off\n"
        let client = try TestClient(files: files)
        try client.open("app/shop.yaml")
        #expect(
            client.diagnostics("app/shop.yaml", in: client.take())
                == [Self.shopDiagnostics[0], Self.shopDiagnostics[2]])
    }

    @Test func aConfigurationTurnsARuleOff() throws {
        var files = try ShopWorkspace.files()
        files[".flowc.yml"] = "rules:\n  FC301: off\n"
        let client = try TestClient(files: files)
        try client.open("shop.yaml")
        #expect(
            client.diagnostics("shop.yaml", in: client.take()) == [Self.shopDiagnostics[0], Self.shopDiagnostics[2]])
    }
}
