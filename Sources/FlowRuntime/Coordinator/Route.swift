import FlowModel

/// A stable identifier of one route on a coordinator's path, unique for the coordinator's lifetime.
///
/// The host reports events by token; a token whose route is gone is stale forever (tokens are never reused).
/// A token taken from a coordinator's path belongs to that coordinator: another coordinator (a second
/// window on the same bundle numbers its tokens alike) refuses it with ``FlowRuntimeError/foreignToken(_:)``.
/// A token made from a number (``init(_:)``, as `flowc run` scripts write `@3`) belongs to no coordinator
/// and names route 3 of the coordinator it is given to.
public struct RouteToken: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    /// The serial number of the coordinator that made the token; 0 for a token made from a number.
    let owner: Int
    /// A token that names route `rawValue` of whichever coordinator it is given to.
    public init(_ rawValue: Int) { self.init(rawValue, owner: 0) }
    init(_ rawValue: Int, owner: Int) {
        self.rawValue = rawValue
        self.owner = owner
    }
    /// Orders by number, then by coordinator.
    public static func < (lhs: RouteToken, rhs: RouteToken) -> Bool {
        (lhs.rawValue, lhs.owner) < (rhs.rawValue, rhs.owner)
    }
    /// The number, as scripts and JSON traces write it.
    public var description: String { String(rawValue) }
    private enum CodingKeys: String, CodingKey { case rawValue }
    /// A token encodes its number only (`{"rawValue": 3}`); a decoded token belongs to no coordinator.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .rawValue))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawValue, forKey: .rawValue)
    }
    /// Whether the token may name a route of the coordinator with serial number `coordinator`.
    func belongs(to coordinator: Int) -> Bool { owner == 0 || owner == coordinator }
}

/// The identifier of one flow instance (the root flow or a child flow), unique for the coordinator's lifetime.
public struct FlowInstanceID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: FlowInstanceID, rhs: FlowInstanceID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// One entry of the path: a screen of a flow instance with its typed arguments.
///
/// Routes compare whole: two coordinators number their tokens alike, but a route of one never equals a
/// route of the other (each route carries its coordinator's serial number), so
/// `reconcile(to:)` refuses another coordinator's routes.
///
/// A route is one reference to immutable storage.
public struct Route: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The route's fields, shared by every copy of the route.
    private final class Storage: Sendable {
        let token: RouteToken
        let instance: FlowInstanceID
        /// The flow's and screen's names and the screen's parameters, shared by every route of the screen.
        let screen: ScreenIdentity
        let values: [Value]
        let depth: Int

        init(token: RouteToken, instance: FlowInstanceID, screen: ScreenIdentity, values: [Value], depth: Int) {
            self.token = token
            self.instance = instance
            self.screen = screen
            self.values = values
            self.depth = depth
        }
    }

    private let storage: Storage

    /// The route's stable token.
    public var token: RouteToken { storage.token }
    /// The flow instance that owns the route.
    public var instance: FlowInstanceID { storage.instance }
    /// The name of the instance's flow.
    public var flow: String { storage.screen.flow }
    /// The screen's name.
    public var screen: String { storage.screen.screen }
    /// The screen's arguments, typed and checked, one per parameter of the screen in its order.
    var values: [Value] { storage.values }
    /// The screen's parameters, which name `values`.
    var parameters: [ParameterNode] { storage.screen.parameters }
    /// The screen's removal policy.
    var removal: RemovalPolicy { storage.screen.removal }
    /// For a `confirm` screen with `when:` (format 1.2): the index, in its flow's conditions, of the host
    /// condition that must hold for its removal to ask.
    var confirmCondition: Int? { storage.screen.confirmCondition }
    /// Index of the flow in the bundle.
    package var flowIndex: Int { storage.screen.flowIndex }
    /// Index of the screen in its flow.
    package var screenIndex: Int { storage.screen.screenIndex }
    /// Position of the owning instance in the instance chain (0 is the root flow instance).
    var depth: Int { storage.depth }
    /// The serial number of the coordinator whose path holds the route: its token's, not stored twice.
    var owner: Int { storage.token.owner }

    /// A route of the coordinator that made `token` (``StateEdit/makeToken()``).
    init(token: RouteToken, instance: FlowInstanceID, screen: ScreenIdentity, values: [Value], depth: Int) {
        storage = Storage(token: token, instance: instance, screen: screen, values: values, depth: depth)
    }

    public var id: RouteToken { token }

    /// The same route (token, screen, arguments, chain position) owned by instance `instance`: a link that
    /// keeps an instance it shares with what is shown puts its next routes on that instance.
    func owned(by instance: FlowInstanceID) -> Route {
        instance == storage.instance
            ? self
            : Route(token: token, instance: instance, screen: storage.screen, values: values, depth: depth)
    }

    /// The screen's arguments by name, typed and checked, defaults filled in.
    public var arguments: [String: Value] { parameters.named(values) }

    /// Whole-route equality: token (which holds the coordinator), instance, flow, screen and arguments. Within one
    /// coordinator (one bundle) the flow and screen indices fix the parameter names, so the values,
    /// aligned with them, compare the arguments.
    public static func == (lhs: Route, rhs: Route) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.token == rhs.token && lhs.instance == rhs.instance
            && lhs.depth == rhs.depth
            && lhs.flowIndex == rhs.flowIndex && lhs.screenIndex == rhs.screenIndex
            && lhs.flow == rhs.flow && lhs.screen == rhs.screen && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(owner)
        hasher.combine(token)
    }

    /// `flow.screen(name: value, …)`, arguments sorted by name, for messages and tests.
    public var description: String {
        let arguments = self.arguments
        let list = arguments.keys.sorted().map { "\($0): \(arguments[$0]!)" }.joined(separator: ", ")
        return "\(flow).\(screen)" + (list.isEmpty ? "" : "(\(list))")
    }
}
