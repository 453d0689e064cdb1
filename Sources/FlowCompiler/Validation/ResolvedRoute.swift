import FlowDefinitions

/// A deep-link route resolved against the flow it addresses (the link's flow, or after a child
/// route that child's flow).
struct ResolvedRoute: Sendable {
    let route: LinkRouteDefinition
    /// The flow whose screen or child the route names.
    let flow: FlowDefinition
    /// The screen, or the child declaration and (when it exists) the flow it runs.
    let target: Target

    enum Target: Sendable {
        case screen(ScreenDefinition)
        case child(ChildDefinition, flow: FlowDefinition?)
    }
}

extension FlowCatalog {
    /// The routes of `link` (declared in `flow`) resolved in order, up to the first route that names
    /// neither a screen nor a child (FC205 reports it) or that follows a child whose flow is unknown.
    func resolvedRoutes(of link: LinkDefinition, in flow: FlowDefinition) -> [ResolvedRoute] {
        resolvedRoutes(of: link.routes, in: flow)
    }

    /// A route list (a deep link's, or a tab's and the routes a `select` shows in it, format 1.3) resolved as
    /// `resolvedRoutes(of:in:)` resolves a link's.
    func resolvedRoutes(of routes: [LinkRouteDefinition], in flow: FlowDefinition) -> [ResolvedRoute] {
        var resolved: [ResolvedRoute] = []
        var current: FlowDefinition? = flow
        for route in routes {
            guard let addressed = current else { break }
            let navigation = navigation(of: addressed)
            if let screen = navigation.screensByName[route.name.value] {
                resolved.append(ResolvedRoute(route: route, flow: addressed, target: .screen(screen)))
            } else if let child = navigation.childrenByName[route.name.value] {
                let childFlow = self.flow(of: child)
                resolved.append(ResolvedRoute(route: route, flow: addressed, target: .child(child, flow: childFlow)))
                current = childFlow
            } else {
                break
            }
        }
        return resolved
    }
}
