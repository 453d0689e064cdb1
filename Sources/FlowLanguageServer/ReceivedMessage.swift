/// A frame from the client, decoded: a message, a frame that was skipped (with why, for the log), or a
/// body that is not a JSON-RPC message (answered with this error, id null).
package enum ReceivedMessage: Equatable, Sendable {
    case message(JSONRPCMessage)
    case skipped(String)
    case undecodable(ResponseError)

    package init(_ frame: MessageFraming.Frame) {
        switch frame {
        case .skipped(let reason):
            self = .skipped(reason)
        case .message(let body):
            do {
                self = .message(JSONRPCMessage(try JSONValue.decode(body)))
            } catch .tooDeep {
                self = .undecodable(
                    ResponseError(.invalidRequest, "message nested deeper than \(JSONValue.maximumDepth)"))
            } catch {
                self = .undecodable(ResponseError(.parseError, "message is not JSON"))
            }
        }
    }

    /// The id a `$/cancelRequest` notification cancels.
    var cancelledID: RequestID? {
        guard case .message(.notification("$/cancelRequest", let params)) = self else { return nil }
        return RequestID(params["id"])
    }
}
