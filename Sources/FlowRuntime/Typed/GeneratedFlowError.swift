import FlowModel

/// Why generated typed code could not load its bundle, make a coordinator or type a route.
public enum GeneratedFlowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bundle could not be read (see `BundleError`).
    case bundle(BundleError)
    /// The bundle's content hash is not the one the code was generated from: regenerate the code, or ship
    /// the bundle it was generated from.
    case bundleMismatch(expected: String, found: String)
    /// The coordinator runs another root flow than the typed route's.
    case otherRootFlow(expected: String, found: String)
    /// No stack of the coordinator's tree (shown, or in a kept tab) holds the route (as ``Route/description``
    /// writes it): it was removed, or it is another coordinator's.
    case routeNotOnPath(String)
    /// The route is not one of the flows the code was generated from (a bundle edited by hand).
    case unknownRoute(String)
    /// The finished flow's outcome is not one the typed `Outcome` knows (another flow's, or another bundle's).
    case unknownOutcome(String)
    /// The coordinator refused to be created (an unknown flow, or root arguments that break a constraint).
    case coordinator(FlowRuntimeError)

    public var description: String {
        switch self {
        case .bundle(let error): return "\(error)"
        case .bundleMismatch(let expected, let found):
            return
                "the typed code was generated from the bundle with content hash \(expected), not \(found); generate it again from the flows you ship, or ship the bundle it was generated from"
        case .otherRootFlow(let expected, let found):
            return
                "the coordinator runs flow '\(found)', not '\(expected)'; type its routes with the route enum of '\(found)'"
        case .routeNotOnPath(let route):
            return "route \(route) is in no stack of the coordinator's tree (shown or kept in a tab)"
        case .unknownRoute(let reason): return "the typed code does not know this route: \(reason)"
        case .unknownOutcome(let reason): return "the typed code does not know this outcome: \(reason)"
        case .coordinator(let error): return "\(error)"
        }
    }
}
