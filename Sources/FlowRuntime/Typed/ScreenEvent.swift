import FlowModel

/// One event of one screen, with its arguments, as generated code describes it: what
/// `send(_:from:)` sends.
///
/// Carrying the flow and screen lets the coordinator refuse an event sent from a route of another screen
/// (which may declare an event of the same name), and carrying the content hash refuses an event generated
/// from other flows than the coordinator runs.
public struct ScreenEvent: Hashable, Sendable, CustomStringConvertible {
    /// The content hash of the bundle the event was generated from (`FlowBundle/contentHash`).
    public var contentHash: String
    /// The name of the flow whose screen reports the event.
    public var flow: String
    /// The name of the screen that reports the event.
    public var screen: String
    /// The event's name.
    public var event: String
    /// The event's arguments, by parameter name.
    public var arguments: [String: Value]

    public init(contentHash: String, flow: String, screen: String, event: String, arguments: [String: Value] = [:]) {
        self.contentHash = contentHash
        self.flow = flow
        self.screen = screen
        self.event = event
        self.arguments = arguments
    }

    /// `flow.screen.event(name: value, …)`, arguments sorted by name.
    public var description: String {
        let list = arguments.keys.sorted().map { "\($0): \(arguments[$0]!)" }.joined(separator: ", ")
        return "\(flow).\(screen).\(event)" + (list.isEmpty ? "" : "(\(list))")
    }
}

/// A typed event (generated code's per-flow and per-screen event enums) that names its ``ScreenEvent``.
public protocol ScreenEventConvertible: Sendable {
    /// The event, its screen and its arguments.
    var screenEvent: ScreenEvent { get }
}
