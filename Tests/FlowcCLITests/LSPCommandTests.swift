import Foundation
import Testing

/// `flowc lsp` as a process: the base protocol on standard input and output, its lifecycle errors,
/// malformed framing and a client that goes away.
@Suite struct LSPCommandTests {
    static func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    /// The bodies of the frames in `output`, in order.
    static func bodies(_ output: String) -> [String] {
        var bodies: [String] = []
        var rest = Substring(output)
        while let header = rest.range(of: "\r\n\r\n") {
            let head = rest[..<header.lowerBound]
            guard let length = Int(head.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            let bytes = Array(rest[header.upperBound...].utf8)
            let body = String(decoding: bytes.prefix(length), as: UTF8.self)
            bodies.append(body)
            rest = Substring(String(decoding: bytes.dropFirst(length), as: UTF8.self))
        }
        return bodies
    }

    @Test func lifecycleErrorsAndMalformedInput() throws {
        let home = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let input =
            Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#)
            + "Content-Length: nope\r\n\r\n"
            + Self.frame("{not json")
            + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"flowc/unknown","params":{}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let output = try FlowcProcess.run(["lsp"], environment: ["XDG_CACHE_HOME": home.path], input: input)
        #expect(output.status == 0)
        #expect(output.standardError == "")
        let bodies = Self.bodies(output.standardOutput)
        #expect(bodies.count == 7, "\(output.standardOutput)")
        guard bodies.count == 7 else { return }
        #expect(
            bodies[0] == #"{"error":{"code":-32002,"message":"the server is not initialized"},"id":1,"jsonrpc":"2.0"}"#)
        #expect(
            bodies[1]
                == #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"flowc: skipped a Content-Length that is not a number","type":2}}"#
        )
        #expect(bodies[2] == #"{"error":{"code":-32700,"message":"message is not JSON"},"id":null,"jsonrpc":"2.0"}"#)
        #expect(bodies[3].hasPrefix(#"{"id":2,"jsonrpc":"2.0","result":{"capabilities":{"#))
        #expect(bodies[4] == #"{"error":{"code":-32601,"message":"no method 'flowc/unknown'"},"id":3,"jsonrpc":"2.0"}"#)
        #expect(bodies[5] == #"{"id":4,"jsonrpc":"2.0","result":null}"#)
        #expect(
            bodies[6]
                == #"{"error":{"code":-32600,"message":"the server is shut down; send 'exit'"},"id":5,"jsonrpc":"2.0"}"#
        )
    }

    @Test func endOfInputWithoutExitEndsTheServerWithOne() throws {
        let home = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let input = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let output = try FlowcProcess.run(["lsp"], environment: ["XDG_CACHE_HOME": home.path], input: input)
        #expect(output.status == 1)
        #expect(Self.bodies(output.standardOutput).count == 1)
    }

    @Test func refusesArguments() throws {
        let output = try FlowcProcess.run(["lsp", "--tcp"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("flowc: error: 'lsp' takes no arguments"))
        #expect(try FlowcProcess.run(["lsp", "--help"]).standardOutput.hasPrefix("USAGE: flowc lsp"))
    }
}
