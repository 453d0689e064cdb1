import FlowDefinitions
import FlowModel

/// A guarded link with `continueOn`, its `otherwise` routes resolved: what FC650 (`link-continuation`) and
/// FC655 (`continuation-refused`) judge.
struct ContinuedLink {
    /// The flow that declares the link.
    let flow: FlowDefinition
    let link: LinkDefinition
    /// The `continueOn` outcome, as written.
    let outcome: Located<String>
    /// The `otherwise` routes, resolved in order.
    let routes: [ResolvedRoute]

    /// The position in `routes` of the guarding route, the last one naming a child; nil when none does.
    var guardingIndex: Int? {
        routes.lastIndex { if case .child = $0.target { true } else { false } }
    }

    /// The guarded links with `continueOn` of the distinct flows, in file order, each whose `otherwise` routes
    /// all resolve (unknown route names are FC205's, so the guarding flow is judged only then).
    static func all(in catalog: FlowCatalog) -> [ContinuedLink] {
        var found: [ContinuedLink] = []
        for flow in catalog.uniqueFlows {
            for link in flow.links {
                guard let otherwise = link.otherwise, let outcome = otherwise.continueOn else { continue }
                let routes = catalog.resolvedRoutes(
                    of: LinkDefinition(pattern: link.pattern, segments: link.segments, routes: otherwise.routes),
                    in: flow)
                guard routes.count == otherwise.routes.count else { continue }
                found.append(ContinuedLink(flow: flow, link: link, outcome: outcome, routes: routes))
            }
        }
        return found
    }
}
