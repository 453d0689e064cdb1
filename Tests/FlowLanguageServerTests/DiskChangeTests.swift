import Foundation
import Testing

@testable import FlowLanguageServer

/// Files that change on disk while the server runs (astral-sh/ty#925): a closed file rewritten by a
/// `git checkout` or a generator reaches the open files' diagnostics at the next check, with or without
/// the client's `workspace/didChangeWatchedFiles`; the server registers file watchers when the client
/// can register them dynamically.
@Suite struct DiskChangeTests {
    /// checkout.yaml with outcome `paid` renamed to `settled`, as another tool would write it.
    static func rewriteCheckout(in client: TestClient) throws {
        let path = client.folder + "/checkout.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "paid", with: "settled")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let afterRewrite = [
        "9:14-9:20 FC203 unknown screen 'detial' in flow 'shop'; did you mean 'detail'?",
        "19:2-19:9 FC301 screen 'archive' is unreachable from the start of flow 'shop'; push it from a reachable screen or remove it",
        "22:2-22:10 FC402 child 'checkout' does not handle outcome 'cancelled' of flow 'checkout'; add 'cancelled: stay' or another action under its 'on'",
        "22:2-22:10 FC402 child 'checkout' does not handle outcome 'settled' of flow 'checkout'; add 'settled: stay' or another action under its 'on'",
        "26:6-26:10 FC403 child 'checkout' handles outcome 'paid', which flow 'checkout' does not declare; remove the handler or declare the outcome",
    ]

    /// No watcher events: an edit in the open file sees the closed file's new text.
    @Test func aClosedFilesChangeOnDiskReachesAnOpenFilesDiagnostics() throws {
        let client = try ShopWorkspace.client()
        #expect(client.diagnostics("shop.yaml", in: client.take()) == DiagnosticsTests.shopDiagnostics)
        try Self.rewriteCheckout(in: client)
        let text = try ShopWorkspace.files()["shop.yaml"]! + "# edited\n"
        client.change("shop.yaml", version: 2, text: text)
        #expect(client.diagnostics("shop.yaml", in: client.take()) == Self.afterRewrite)
    }

    /// The next check after the change (here, the one after any message) publishes it, no edit needed.
    @Test func aChangeOnDiskIsSeenAtTheNextCheck() throws {
        let client = try ShopWorkspace.client()
        _ = client.take()
        try Self.rewriteCheckout(in: client)
        client.notify("$/setTrace", ["value": "off"])
        #expect(client.diagnostics("shop.yaml", in: client.take()) == Self.afterRewrite)
    }

    @Test func theClientsWatchedFilesEventRechecks() throws {
        let client = try ShopWorkspace.client()
        _ = client.take()
        try Self.rewriteCheckout(in: client)
        client.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("checkout.yaml")), "type": 2]]])
        #expect(client.diagnostics("shop.yaml", in: client.take()) == Self.afterRewrite)
    }

    @Test func watchersAreRegisteredWhenTheClientCanRegisterThem() throws {
        let dynamic: JSONValue = ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]
        let client = try TestClient(files: try ShopWorkspace.files(), capabilities: dynamic)
        let registrations = client.take().filter { $0["method"] == "client/registerCapability" }
        #expect(
            registrations == [
                [
                    "jsonrpc": "2.0", "id": "flowc-watch-files", "method": "client/registerCapability",
                    "params": [
                        "registrations": [
                            [
                                "id": "flowc-watch-files", "method": "workspace/didChangeWatchedFiles",
                                "registerOptions": [
                                    "watchers": [["globPattern": "**/*.{yaml,yml}"], ["globPattern": "**/.flowc.yml"]]
                                ],
                            ]
                        ]
                    ],
                ]
            ])
        // The client's answer is a response the server expects and ignores.
        client.send(["jsonrpc": "2.0", "id": "flowc-watch-files", "result": nil])
        #expect(client.take().isEmpty)
        let plain = try TestClient(files: try ShopWorkspace.files())
        #expect(!plain.take().contains { $0["method"] == "client/registerCapability" })
    }

    /// An edit to one open file that fixes another open file's error publishes an empty list for it.
    @Test func anEditToAnotherFileThatFixesAnOpenFilePublishesAnEmptyList() throws {
        let files = [
            "shop.yaml": """
            flow: shop
            start: catalog
            screens:
              catalog:
                on:
                  buy: { start: checkout }
            children:
              checkout:
                flow: checkout
                on:
                  paid: stay
            """,
            "checkout.yaml": """
            flow: checkout
            start: cart
            outcomes: [settled]
            screens:
              cart:
                on:
                  pay: { finish: settled }
            """,
        ]
        let client = try TestClient(files: files)
        try client.open("shop.yaml")
        try client.open("checkout.yaml")
        #expect(
            client.diagnostics("shop.yaml", in: client.take())?.map { String($0.prefix(16)) } == [
                "7:2-7:10 FC402 c", "10:6-10:10 FC403",
            ])
        client.change(
            "checkout.yaml", version: 2, text: files["checkout.yaml"]!.replacingOccurrences(of: "settled", with: "paid")
        )
        #expect(client.diagnostics("shop.yaml", in: client.take()) == [])
    }
}
