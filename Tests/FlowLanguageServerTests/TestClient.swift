import Foundation
import Testing

@testable import FlowLanguageServer

/// A client driving a ``LanguageServer`` in memory, as an editor does: each message is framed, read
/// back through ``MessageFraming`` and handled; what the server sends is kept, in order.
final class TestClient {
    let server: LanguageServer
    let folder: String
    private(set) var sent: [JSONValue] = []
    private var nextID = 1

    /// A workspace folder holding `files` (name → text), and an initialized server on it.
    init(files: [String: String], capabilities: JSONValue = [:], initialize: Bool = true) throws {
        folder = NSTemporaryDirectory() + "flowc-lsp-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let box = Box()
        server = LanguageServer(explanationFolder: folder + "/.explain") { box.sent.append($0) }
        self.box = box
        if initialize {
            _ = request(
                "initialize",
                ["processId": nil, "rootUri": .string(DocumentURI.uri(folder)), "capabilities": capabilities])
            notify("initialized", [:])
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private final class Box {
        var sent: [JSONValue] = []
    }
    private let box: Box

    /// Everything the server sent since the last call, and forgets it.
    func take() -> [JSONValue] {
        defer { box.sent = [] }
        return box.sent
    }

    func uri(_ name: String) -> String { DocumentURI.uri(folder + "/" + name) }

    /// Sends framed bytes as they would arrive on standard input, then lets the server check.
    func send(bytes: [UInt8]) {
        var framing = MessageFraming()
        framing.append(bytes)
        while let frame = framing.next() { server.receive(frame) }
        server.checkIfNeeded()
    }

    func send(_ message: JSONValue) { send(bytes: MessageFraming.frame(message.encoded())) }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request; returns its response (the whole message), keeping the rest of what was sent.
    @discardableResult
    func requestMessage(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        let responses = box.sent.filter { $0["id"] == .integer(id) }
        box.sent.removeAll { $0["id"] == .integer(id) }
        return responses.first ?? .null
    }

    /// A request's result (`.null` on an error).
    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> JSONValue { requestMessage(method, params)["result"] }

    func open(_ name: String, version: Int = 1) throws {
        let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        open(name, text: text, version: version)
    }

    func open(_ name: String, text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri(name)), "languageId": "yaml", "version": .integer(version),
                    "text": .string(text),
                ]
            ])
    }

    func change(_ name: String, version: Int, text: String) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri(name)), "version": .integer(version)],
                "contentChanges": [["text": .string(text)]],
            ])
    }

    /// The diagnostics last published for `name` in what was sent, as "line:character-line:character CODE message".
    func diagnostics(_ name: String, in messages: [JSONValue]) -> [String]? {
        let published = messages.last {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == uri(name)
        }
        return published.map { message in
            (message["params"]["diagnostics"].array ?? []).map { diagnostic in
                "\(Self.range(diagnostic["range"])) \(diagnostic["code"].string ?? "") \(diagnostic["message"].string ?? "")"
            }
        }
    }

    static func range(_ range: JSONValue) -> String {
        "\(range["start"]["line"].integer ?? -1):\(range["start"]["character"].integer ?? -1)-\(range["end"]["line"].integer ?? -1):\(range["end"]["character"].integer ?? -1)"
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue {
        ["line": .integer(line), "character": .integer(character)]
    }

    func at(_ name: String, _ line: Int, _ character: Int) -> JSONValue {
        ["textDocument": ["uri": .string(uri(name))], "position": Self.position(line, character)]
    }

    /// A location as "file line:character-line:character", the file relative to the workspace.
    func describe(location: JSONValue) -> String {
        let uri = location["uri"].string ?? ""
        let path = DocumentURI.path(uri) ?? uri
        let name = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
        return "\(name) \(Self.range(location["range"]))"
    }
}
