/// A JSON-RPC 2.0 message as the server receives it (LSP 3.17, "Base Protocol").
package enum JSONRPCMessage: Equatable, Sendable {
    /// A request: answered with a result or an error under the same id.
    case request(id: RequestID, method: String, params: JSONValue)
    /// A notification: never answered.
    case notification(method: String, params: JSONValue)
    /// A response to a request the server sent (the server sends none that need an answer; ignored).
    case response(id: RequestID)
    /// Not a message: answered with this error (id null when none could be read).
    case invalid(id: RequestID?, error: ResponseError)

    /// The message a decoded JSON body is.
    package init(_ value: JSONValue) {
        guard case .object(let members) = value else {
            self = .invalid(id: nil, error: ResponseError(.invalidRequest, "a message must be a JSON object"))
            return
        }
        let id = RequestID(members["id"] ?? .null)
        guard let method = members["method"] else {
            if let id, members["result"] != nil || members["error"] != nil {
                self = .response(id: id)
            } else {
                self = .invalid(id: id, error: ResponseError(.invalidRequest, "a message without 'method'"))
            }
            return
        }
        guard let name = method.string else {
            self = .invalid(id: id, error: ResponseError(.invalidRequest, "'method' must be a string"))
            return
        }
        let params = members["params"] ?? .null
        switch params {
        case .null, .object, .array: break
        default:
            self = .invalid(id: id, error: ResponseError(.invalidRequest, "'params' must be an object or an array"))
            return
        }
        if members["id"] == nil {
            self = .notification(method: name, params: params)
        } else if let id {
            self = .request(id: id, method: name, params: params)
        } else {
            self = .invalid(id: nil, error: ResponseError(.invalidRequest, "'id' must be a number or a string"))
        }
    }
}

/// A request's id: a number or a string.
package enum RequestID: Hashable, Sendable {
    case integer(Int)
    case string(String)

    init?(_ value: JSONValue) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        }
    }
}

/// An error answer (`ResponseError` in LSP 3.17), with the codes this server uses.
package struct ResponseError: Error, Equatable, Sendable {
    package enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        /// A request before `initialize` was answered (LSP 3.17).
        case serverNotInitialized = -32002
        /// The client cancelled the request (`$/cancelRequest`) before it was answered.
        case requestCancelled = -32800
        /// The request is refused as asked (a rename that would not validate).
        case requestFailed = -32803
        /// The document changed since the request was made.
        case contentModified = -32801
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var json: JSONValue { ["code": .integer(code.rawValue), "message": .string(message)] }
}
