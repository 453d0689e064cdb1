import Testing

@testable import FlowLanguageServer

/// Rename, completion, hover and code actions, with exact ranges and texts.
@Suite struct EditingFeatureTests {
    static func rename(_ client: TestClient, _ name: String, _ line: Int, _ character: Int, to newName: String)
        -> JSONValue
    {
        var params = client.at(name, line, character)
        if case .object(var members) = params {
            members["newName"] = .string(newName)
            params = .object(members)
        }
        return client.requestMessage("textDocument/rename", params)
    }

    /// A workspace edit as "file line:character-line:character → text", sorted.
    static func edits(_ client: TestClient, _ edit: JSONValue) -> [String] {
        (edit["changes"].object ?? [:]).flatMap { uri, edits in
            (edits.array ?? []).map { edit in
                client.describe(location: ["uri": .string(uri), "range": edit["range"]]) + " → "
                    + (edit["newText"].string ?? "")
            }
        }.sorted()
    }

    @Test func renameAScreenAcrossItsUses() throws {
        let client = try ShopWorkspace.client()
        let prepared = client.request("textDocument/prepareRename", client.at("shop.yaml", 5, 3))
        #expect(TestClient.range(prepared["range"]) == "5:2-5:9")
        #expect(prepared["placeholder"] == "catalog")
        let answer = Self.rename(client, "shop.yaml", 5, 3, to: "shelf")
        #expect(
            Self.edits(client, answer["result"]) == [
                "shop.yaml 18:29-18:36 → shelf", "shop.yaml 1:7-1:14 → shelf", "shop.yaml 5:2-5:9 → shelf",
            ])
    }

    @Test func renameIsRefusedWithAReason() throws {
        let client = try ShopWorkspace.client()
        #expect(
            Self.rename(client, "shop.yaml", 5, 3, to: "detail")["error"]
                == ["code": -32803, "message": "cannot rename to 'detail': flow 'shop' has a screen 'detail'"])
        #expect(
            Self.rename(client, "shop.yaml", 5, 3, to: "checkout")["error"]
                == ["code": -32803, "message": "cannot rename to 'checkout': flow 'shop' has a child flow 'checkout'"])
        #expect(
            Self.rename(client, "checkout.yaml", 0, 7, to: "shop")["error"]["message"]
                == .string("cannot rename to 'shop': flow 'shop' is declared in \(client.folder)/shop.yaml"))
        #expect(Self.rename(client, "shop.yaml", 5, 3, to: "9lives")["error"]["code"] == -32803)
        #expect(Self.rename(client, "shop.yaml", 5, 3, to: "true")["error"]["code"] == -32803)
        // Renaming a condition to a name no `if:` declares: the set would not validate.
        #expect(
            Self.rename(client, "shop.yaml", 2, 14, to: "isGuest")["result"].object?.isEmpty == false)
        #expect(client.request("textDocument/prepareRename", client.at("shop.yaml", 3, 0)) == nil)
    }

    @Test func renameAParameterAndTheArgumentKeysThatPassIt() throws {
        let files = [
            "a.yaml":
                "flow: a\nstart: one\nscreens:\n  one:\n    on:\n      go: { push: two, with: { id: 5 } }\n  two:\n    params: { id: { type: int, max: 9 } }\n    on:\n      back: { pop: 1 }\n"
        ]
        let client = try TestClient(files: files)
        client.open("a.yaml", text: files["a.yaml"]!)
        let answer = Self.rename(client, "a.yaml", 7, 15, to: "number")
        #expect(
            Self.edits(client, answer["result"]) == ["a.yaml 5:31-5:33 → number", "a.yaml 7:14-7:16 → number"])
    }

    @Test func editsThatWouldNotValidateAreRefused() throws {
        let client = try ShopWorkspace.client()
        let analysis = client.server.currentAnalysis()
        let path = client.folder + "/shop.yaml"
        // Renaming `start: catalog` alone (not the screen) makes the start name nothing (FC205).
        #expect(
            throws: ResponseError(
                .requestFailed,
                "renaming to 'shelf' would not validate: \(path):2:8: 'shelf' is neither a screen nor a child of flow 'shop' [FC205]"
            )
        ) {
            try client.server.checkStillValidates([path: [18..<25]], newName: "shelf", analysis: analysis)
        }
        #expect(throws: Never.self) {
            try client.server.checkStillValidates([path: [18..<25]], newName: "catalog", analysis: analysis)
        }
    }

    @Test func completionByContext() throws {
        let client = try ShopWorkspace.client()
        func labels(_ line: Int, _ character: Int) -> [String] {
            (client.request("textDocument/completion", client.at("shop.yaml", line, character))["items"].array ?? [])
                .compactMap { $0["label"].string }
        }
        #expect(labels(9, 14) == ["catalog", "detail", "archive"])
        #expect(labels(17, 23) == ["checkout"])
        #expect(labels(18, 29) == ["catalog", "detail", "archive", "checkout"])
        #expect(labels(1, 7) == ["catalog", "detail", "archive", "checkout"])
        #expect(labels(16, 12) == ["isMember"])
        #expect(labels(23, 10) == ["checkout", "shop"])
        #expect(labels(10, 25) == ["itemID"])
        #expect(labels(10, 16) == [])
        // A new handler line under the child's `on:` offers the outcome it lacks.
        let text = try ShopWorkspace.files()["shop.yaml"]! + "      "
        client.change("shop.yaml", version: 2, text: text)
        #expect(labels(27, 6) == ["cancelled"])
    }

    @Test func hoverShowsAScreenAChildAndAnExplanation() throws {
        let client = try ShopWorkspace.client()
        let screen = client.request("textDocument/hover", client.at("shop.yaml", 11, 4))
        #expect(screen["contents"]["kind"] == "markdown")
        #expect(TestClient.range(screen["range"]) == "11:2-11:8")
        #expect(
            screen["contents"]["value"].string == """
                **screen `detail`** of flow `shop`

                Parameters:
                - `itemID: int` (min 1)

                Nothing reaches it.

                Events: `buy`
                """)
        let child =
            client.request("textDocument/hover", client.at("shop.yaml", 17, 25))["contents"]["value"].string ?? ""
        #expect(
            child.hasPrefix(
                """
                **child flow `checkout`** of flow `shop`

                Runs flow `checkout`, presented as sheet.

                Outcomes: `paid`, `cancelled` (not handled)
                """))
        let typo = client.request("textDocument/hover", client.at("shop.yaml", 9, 16))["contents"]["value"].string ?? ""
        #expect(typo.contains("**FC203 unknown-screen** (error)"))
    }

    @Test func codeActionsForEachFix() throws {
        let client = try ShopWorkspace.client()
        func actions(_ line: Int, _ character: Int) -> [(String, [String])] {
            let position = TestClient.position(line, character)
            let answer = client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(client.uri("shop.yaml"))],
                    "range": ["start": position, "end": position],
                    "context": ["diagnostics": []],
                ])
            return (answer.array ?? []).map { ($0["title"].string ?? "", Self.edits(client, $0["edit"])) }
        }
        let typo = actions(9, 15)
        #expect(
            typo.map(\.0) == ["Change to 'detail'", "Declare screen 'detial'", "Suppress FC203 here (# flowc:disable)"])
        #expect(
            typo.map(\.1) == [
                ["shop.yaml 9:14-9:20 → detail"], ["shop.yaml 5:0-5:0 →   detial: {}\n"],
                ["shop.yaml 9:0-9:0 →         # flowc:disable FC203 -- REASON\n"],
            ])
        let handler = actions(22, 3)
        #expect(handler.first?.0 == "Add 'cancelled: stay' to child 'checkout'")
        #expect(handler.first?.1 == ["shop.yaml 26:0-26:0 →       cancelled: stay\n"])
        #expect(actions(3, 0).isEmpty)
    }

    @Test func removeAnUnusedSuppression() throws {
        let text =
            "flow: s\nstart: home\nscreens:\n  # flowc:disable FC301 -- kept\n  home: {}\n  other: {}  # flowc:disable FC301, FC505 -- kept\n"
        let client = try TestClient(files: [:])
        client.open("s.yaml", text: text)
        let shown = client.diagnostics("s.yaml", in: client.take()) ?? []
        #expect(shown.count == 2, "\(shown)")
        func titles(_ line: Int) -> [String] {
            let position = TestClient.position(line, line == 5 ? 16 : 4)
            return
                (client.request(
                    "textDocument/codeAction",
                    [
                        "textDocument": ["uri": .string(client.uri("s.yaml"))],
                        "range": ["start": position, "end": position], "context": ["diagnostics": []],
                    ]
                ).array ?? []).map { ($0["title"].string ?? "") + " " + Self.edits(client, $0["edit"]).joined() }
        }
        #expect(titles(3) == ["Remove the suppression s.yaml 3:0-4:0 → "])
        #expect(titles(5) == ["Remove FC505 from the suppression s.yaml 5:28-5:42 →  FC301 "])
    }

    @Test func symbolsAndTheGraphCommand() throws {
        let client = try ShopWorkspace.client(capabilities: [
            "textDocument": ["documentSymbol": ["hierarchicalDocumentSymbolSupport": true]]
        ])
        let symbols = client.request(
            "textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("shop.yaml"))]])
        let flow = symbols.array?.first ?? .null
        #expect(flow["name"] == "shop")
        #expect(TestClient.range(flow["selectionRange"]) == "0:6-0:10")
        #expect(
            (flow["children"].array ?? []).map { "\($0["name"].string ?? "") \(TestClient.range($0["range"]))" } == [
                "catalog 5:2-7:10", "detail 11:2-15:9", "archive 19:2-19:9", "checkout 22:2-22:10",
            ])
        let found = client.request("workspace/symbol", ["query": "ctlg"]).array ?? []
        #expect(found.map { client.describe(location: $0["location"]) } == ["shop.yaml 5:2-5:9"])
        let graph = client.request(
            "workspace/executeCommand",
            ["command": "flowc.graph", "arguments": [["uri": .string(client.uri("shop.yaml")), "format": "mermaid"]]])
        #expect(graph["flow"] == "shop")
        #expect(graph["text"].string?.hasPrefix("flowchart LR") == true)
        let refused = client.requestMessage(
            "workspace/executeCommand",
            ["command": "flowc.graph", "arguments": [.string(client.uri("shop.yaml")), nil, "png"]])
        #expect(
            refused["error"] == ["code": -32602, "message": "unknown graph format 'png'; expected dot, mermaid or svg"])
    }
}
