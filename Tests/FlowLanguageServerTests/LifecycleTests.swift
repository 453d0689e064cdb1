import Testing

@testable import FlowLanguageServer

/// Initialize, shutdown and exit; the errors for requests out of turn, unknown methods, cancellation
/// and messages that are not JSON-RPC.
@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() throws {
        let client = try TestClient(files: [:], initialize: false)
        client.open("a.yaml", text: "flow: a\nstart: x\n")
        let answer = client.requestMessage("textDocument/hover", client.at("a.yaml", 0, 0))
        #expect(answer["error"] == ["code": -32002, "message": "the server is not initialized"])
        #expect(client.take().isEmpty)
    }

    @Test func initializeChoosesThePositionEncodingAndAnswersCapabilities() throws {
        let utf8 = try TestClient(files: [:], initialize: false)
        let answer = utf8.request(
            "initialize", ["capabilities": ["general": ["positionEncodings": ["utf-32", "utf-8", "utf-16"]]]])
        #expect(answer["capabilities"]["positionEncoding"] == "utf-32")
        #expect(
            answer["capabilities"]["textDocumentSync"] == [
                "openClose": true, "change": 2, "save": ["includeText": false],
            ])
        #expect(answer["capabilities"]["executeCommandProvider"] == ["commands": ["flowc.graph"]])
        let again = utf8.requestMessage("initialize", ["capabilities": [:]])
        #expect(again["error"]["code"] == -32600)
        let plain = try TestClient(files: [:], initialize: false)
        #expect(plain.request("initialize", ["capabilities": [:]])["capabilities"]["positionEncoding"] == "utf-16")
        let bare = try TestClient(files: [:], initialize: false)
        #expect(
            bare.requestMessage("initialize", .null)["error"] == [
                "code": -32602, "message": "initialize needs its parameters",
            ])
    }

    @Test func unknownMethodsAndInvalidMessages() throws {
        let client = try TestClient(files: [:])
        _ = client.take()
        #expect(
            client.requestMessage("flowc/none", [:])["error"] == ["code": -32601, "message": "no method 'flowc/none'"])
        client.send(bytes: MessageFraming.frame(Array("[1,2]".utf8)))
        client.send(bytes: MessageFraming.frame(Array(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#.utf8)))
        client.send(bytes: MessageFraming.frame(Array(#"{"jsonrpc":"2.0","id":9,"method":"x","params":3}"#.utf8)))
        client.send(bytes: MessageFraming.frame(Array("{\"a\":".utf8)))
        #expect(
            client.take() == [
                [
                    "jsonrpc": "2.0", "id": nil,
                    "error": ["code": -32600, "message": "a message must be a JSON object"],
                ],
                [
                    "jsonrpc": "2.0", "id": nil,
                    "error": ["code": -32600, "message": "'id' must be a number or a string"],
                ],
                [
                    "jsonrpc": "2.0", "id": 9,
                    "error": ["code": -32600, "message": "'params' must be an object or an array"],
                ],
                ["jsonrpc": "2.0", "id": nil, "error": ["code": -32700, "message": "message is not JSON"]],
            ])
    }

    @Test func aRequestCancelledBeforeItIsHandledIsAnsweredRequestCancelled() throws {
        let client = try TestClient(files: try ShopWorkspace.files())
        _ = client.take()
        // As the loop does: cancellations of a batch first, then its messages in order.
        client.server.cancel([.integer(41)])
        client.server.handle(
            .request(id: .integer(41), method: "textDocument/hover", params: client.at("shop.yaml", 0, 0)))
        client.server.handle(.notification(method: "$/cancelRequest", params: ["id": 41]))
        #expect(
            client.take() == [["jsonrpc": "2.0", "id": 41, "error": ["code": -32800, "message": "request cancelled"]]])
        let received = ReceivedMessage(
            .message(Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"x"}}"#.utf8)))
        #expect(received.cancelledID == .string("x"))
    }

    @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() throws {
        let client = try TestClient(files: [:])
        #expect(client.requestMessage("shutdown", .null) == ["jsonrpc": "2.0", "id": 2, "result": nil])
        #expect(client.requestMessage("textDocument/hover", [:])["error"]["code"] == -32600)
        client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
        let abrupt = try TestClient(files: [:])
        abrupt.notify("exit", .null)
        #expect(abrupt.server.exitCode == 1)
    }
}
