import Foundation

@testable import FlowLanguageServer

/// The shop workspace of the editor suites (Tests/Fixtures/lsp/shop): `shop.yaml` with a typo in
/// `push: detial` (FC203), an unreachable `archive` (FC301) and a child without a handler for
/// `cancelled` (FC402); `checkout.yaml`, the child flow.
enum ShopWorkspace {
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/Tests/Fixtures/lsp/shop"
    }()

    static func files() throws -> [String: String] {
        [
            "shop.yaml": try String(contentsOfFile: folder + "/shop.yaml", encoding: .utf8),
            "checkout.yaml": try String(contentsOfFile: folder + "/checkout.yaml", encoding: .utf8),
        ]
    }

    /// An initialized client on a copy of the workspace with shop.yaml open.
    static func client(capabilities: JSONValue = [:]) throws -> TestClient {
        let client = try TestClient(files: try files(), capabilities: capabilities)
        try client.open("shop.yaml")
        return client
    }
}
