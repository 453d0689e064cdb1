import FlowDefinitions

/// Where a `$name` is written in a flow, which decides the ``ReferenceScope`` it resolves in.
package enum ReferenceSite: Sendable {
    /// `start`, or a tab's arguments.
    case flow
    /// The action of `flow.screens[screen].events[event]`.
    case event(screen: Int, event: Int)
    /// The action of `flow.children[child].handlers[handler]`.
    case handler(child: Int, handler: Int)
    /// A route of a deep link: its placeholders.
    case link(LinkDefinition)
}

/// `$name` references resolved as validation resolves them (``ReferenceScope``), for tools that show
/// or edit them: the language server's definition, references, rename and completion.
package struct ReferenceResolver: Sendable {
    private let catalog: FlowCatalog
    /// The position of each distinct flow in `catalog.uniqueFlows`, by name.
    private let positions: [String: Int]

    /// Indexes `flows` as one validation run does (the first definition of each name counts).
    package init(flows: [FlowDefinition]) {
        catalog = FlowCatalog(flows)
        var positions: [String: Int] = [:]
        for (position, flow) in catalog.uniqueFlows.enumerated() { positions[flow.name.value] = position }
        self.positions = positions
    }

    /// The first definition of each flow name: the flows validation checks and looks up.
    package var flowsByName: [String: FlowDefinition] { catalog.byName }

    /// The scope of `$name` references at `site` of `flow`; nil for a flow that is a second definition of
    /// its name (validation checks only the first).
    package func scope(in flow: FlowDefinition, at site: ReferenceSite) -> ReferenceScope? {
        guard let position = positions[flow.name.value],
            catalog.uniqueFlows[position].name.location == flow.name.location
        else { return nil }
        let converted: ArgumentPassing.Site
        var link: LinkDefinition?
        switch site {
        case .flow: converted = .flow
        case .event(let screen, let event): converted = .event(screen: Int32(screen), event: Int32(event))
        case .handler(let child, let handler): converted = .handler(child: Int32(child), handler: Int32(handler))
        case .link(let definition):
            converted = .link
            link = definition
        }
        return catalog.scope(at: converted, inFlow: position, link: link, lookups: .max)
    }

    /// Each `$name` validation resolves (at every place arguments are passed to a screen, child or outcome
    /// that exists), with the parameter or placeholder it names; nil when it names none in scope.
    package func validatedReferences() -> [(reference: Located<String>, declaration: ParameterDefinition?)] {
        var found: [(Located<String>, ParameterDefinition?)] = []
        for passing in catalog.argumentPassings {
            let scope = catalog.scope(of: passing)
            for argument in passing.arguments {
                guard case .reference(let name) = argument.expression else { continue }
                found.append((Located(name, at: argument.valueLocation), scope.resolve(name)?.parameter))
            }
        }
        return found
    }
}
