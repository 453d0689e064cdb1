import FlowLanguageServer

/// The checks of fuzz target (c), shared by the libFuzzer entry point (Fuzz/LanguageServerFuzz.swift,
/// built by scripts/fuzz.sh) and `LanguageServerFuzzRegressionTests`, which replays the inputs in
/// Tests/Fixtures/fuzz/lsp.
///
/// The input is a flow file, a NUL byte, then raw bytes for the server's standard input. The server is
/// initialized (no workspace folder: nothing is read from disk), the flow file is opened as
/// `file:///fuzz/a.yaml`, the raw bytes go through the message reader and every message they frame is
/// handled; then every request the server answers is sent at positions taken from the input. Uses
/// only public API.
public enum LanguageServerFuzzHarness {
    /// The methods sent after the raw bytes, each at every position.
    static let methods = [
        "textDocument/definition", "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
        "textDocument/completion", "textDocument/hover", "textDocument/codeAction", "textDocument/documentSymbol",
        "workspace/symbol", "workspace/executeCommand",
    ]

    /// Runs `bytes` through the server; returns what went wrong: a request answered other than once, an
    /// answer without `result` or `error`, or a message that is not JSON-RPC 2.0.
    public static func problems(_ bytes: [UInt8]) -> [String] {
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let text = String(decoding: bytes[..<split], as: UTF8.self)
        let stream = split < bytes.count ? Array(bytes[(split + 1)...]) : []
        final class Sent {
            var messages: [JSONValue] = []
        }
        let sent = Sent()
        let server = LanguageServer(explanationFolder: nil) { sent.messages.append($0) }
        func frame(_ message: JSONValue) -> [UInt8] { MessageFraming.frame(message.encoded()) }
        var framing = MessageFraming()
        framing.append(
            frame(["jsonrpc": "2.0", "id": "init", "method": "initialize", "params": ["capabilities": [:]]])
                + frame([
                    "jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": [
                        "textDocument": [
                            "uri": "file:///fuzz/a.yaml", "languageId": "yaml", "version": 1, "text": .string(text),
                        ]
                    ],
                ]))
        framing.append(stream)
        while let next = framing.next() {
            server.receive(next)
            if server.exitCode != nil { break }
        }
        server.checkIfNeeded()
        guard server.exitCode == nil else { return check(sent.messages, expecting: []) }
        // Positions from the input: its first bytes as line and character pairs, and the origin.
        var positions: [(Int, Int)] = [(0, 0)]
        for index in stride(from: 0, to: min(stream.count, 8), by: 2) where index + 1 < stream.count {
            positions.append((Int(stream[index] % 16), Int(stream[index + 1] % 40)))
        }
        var expected: [String] = []
        var number = 0
        for (line, character) in positions {
            for method in methods {
                number += 1
                let id = "fuzz-\(number)"
                expected.append(id)
                let position: JSONValue = ["line": .integer(line), "character": .integer(character)]
                let params: JSONValue = [
                    "textDocument": ["uri": "file:///fuzz/a.yaml"], "position": position, "newName": "renamed",
                    "range": ["start": position, "end": position],
                    "context": ["diagnostics": [], "includeDeclaration": true],
                    "query": "a", "command": "flowc.graph", "arguments": ["file:///fuzz/a.yaml", position, "dot"],
                ]
                let request: JSONValue = [
                    "jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params,
                ]
                server.receive(.message(request.encoded()))
            }
        }
        return check(sent.messages, expecting: expected)
    }

    /// What is wrong with `messages`, the server's output, when it should answer each of `expected` once.
    static func check(_ messages: [JSONValue], expecting expected: [String]) -> [String] {
        var problems: [String] = []
        var answers: [String: Int] = [:]
        for message in messages {
            if message["jsonrpc"] != "2.0" {
                problems.append("a message without jsonrpc 2.0: \(String(decoding: message.encoded(), as: UTF8.self))")
            }
            if message["method"].isNull {
                if message["result"].isNull, message["error"].isNull, message.object?["result"] == nil {
                    problems.append(
                        "an answer without result or error: \(String(decoding: message.encoded(), as: UTF8.self))")
                }
                if let id = message["id"].string { answers[id, default: 0] += 1 }
            }
        }
        for id in expected where answers[id] != 1 {
            problems.append("request \(id) answered \(answers[id] ?? 0) times")
        }
        return problems
    }
}
