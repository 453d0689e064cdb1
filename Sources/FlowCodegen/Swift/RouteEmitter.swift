import FlowModel

/// Writes a flow's `Route` enum: one case per screen (its `ScreenRoute`, which carries the runtime route and
/// sends that screen's events, then typed associated values from its parameters) and one per child
/// declaration (holding the child flow's `Route`), and its conversion from a runtime `Route` of a
/// coordinator's tree (`TypedRoute`: stack objects offer their routes typed).
struct RouteEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }
    private var type: String { context.flowTypes[index] }

    func write(to out: inout SwiftSourceWriter) {
        out.doc(
            SwiftDocComment(
                "A route of `\(graph.name)` as seen from a coordinator whose root flow is `\(graph.name)`: one of its screens, or a route of a child flow it started.",
                "Stack objects offer them: `stack.typedRoutes(\(type).Route.self)`, `stack.typed(route, as: \(type).Route.self)`. A screen's case carries its `ScreenRoute`, whose `send` takes that screen's events only."
            ))
        let indirect = graph.children.isEmpty ? "" : "indirect "
        out.block("public \(indirect)enum Route: TypedRoute {") { out in
            for (position, screen) in graph.screens.enumerated() {
                let events = context.screenEventTypes[index][position]
                var doc = SwiftDocComment(
                    "Screen `\(screen.name)`"
                        + (events.map { ": its route sends `\($0)`." } ?? " (it reports no events)."))
                if !screen.parameters.isEmpty {
                    doc.add(
                        "Parameters: " + screen.parameters.map(SwiftTypeMapping.summary).joined(separator: "; ") + ".")
                }
                out.doc(doc)
                Self.writeCase(
                    screen.name, screen.parameters, first: "FlowRuntime.ScreenRoute<\(events ?? "Never")>", to: &out)
            }
            for (position, child) in graph.children.enumerated() {
                let flow = context.bundle.flows[child.flow].name
                let shown =
                    graph.tabIndex(ofChild: position) != nil
                    ? "the tab" : child.presentation == .push ? "child" : "the \(child.presentation.rawValue)"
                out.doc(SwiftDocComment("A route of \(shown) `\(child.name)`, which runs flow `\(flow)`."))
                out.line("case \(SwiftNames.identifier(child.name))(\(context.flowTypes[child.flow]).Route)")
            }
            out.line()
            out.doc(SwiftDocComment("The content hash of the bundle the type was generated from."))
            out.line("public static var contentHash: String { \(context.namespace).contentHash }")
            out.line()
            out.doc(SwiftDocComment("The root flow whose routes the type types."))
            out.line("public static var rootFlow: String { \(type).name }")
            out.line()
            writeRouteAccessor(to: &out)
            out.line()
            writeConversion(to: &out)
            out.line()
            writeAddressConversion(to: &out)
        }
    }

    private func writeRouteAccessor(to out: inout SwiftSourceWriter) {
        out.doc(SwiftDocComment("The runtime route."))
        out.block("public var route: FlowRuntime.Route {") { out in
            out.switchBlock("self") { out in
                for screen in graph.screens {
                    let rest = String(repeating: ", _", count: screen.parameters.count)
                    out.line("case .\(SwiftNames.identifier(screen.name))(let screen\(rest)): screen.route")
                }
                for child in graph.children {
                    out.line("case .\(SwiftNames.identifier(child.name))(let child): child.route")
                }
            }
        }
    }

    private func writeConversion(to out: inout SwiftSourceWriter) {
        var doc = SwiftDocComment(
            "The typed form of `route`, a route of a stack of `coordinator`'s tree (shown, or in a kept tab), whose root flow is `\(graph.name)`. A stack object's `typedRoutes(_:)` caches them."
        )
        doc.field(
            "Throws: `GeneratedFlowError.bundleMismatch` when the coordinator runs another bundle, `.otherRootFlow` another root flow, `.routeNotOnPath` when no stack of its tree holds the route."
        )
        out.doc(doc)
        out.line("@MainActor")
        out.block(
            "public init(_ route: FlowRuntime.Route, in coordinator: FlowCoordinator) throws(GeneratedFlowError) {"
        ) { out in
            out.line(
                "let address = try RouteAddress(route, in: coordinator, contentHash: \(context.namespace).contentHash, rootFlow: \(type).name)"
            )
            out.line("try self.init(address, at: 0)")
        }
    }

    private func writeAddressConversion(to out: inout SwiftSourceWriter) {
        var doc = SwiftDocComment(
            "The typed route at `address`, for the flow instance `depth` child declarations below the root.")
        doc.field(
            "Throws: `GeneratedFlowError.unknownRoute` for a route of other flows than this code was generated from.")
        out.doc(doc)
        out.block("public init(_ address: RouteAddress, at depth: Int) throws(GeneratedFlowError) {") { out in
            out.switchBlock("address.child(at: depth)") { out in
                if !graph.screens.isEmpty {
                    out.line("case nil where address.flow == \(type).name:")
                    out.indented { out in
                        out.switchBlock("address.screen") { out in
                            for screen in graph.screens {
                                let name = SwiftNames.stringLiteral(screen.name)
                                if screen.parameters.isEmpty {
                                    out.line(
                                        "case \(name): self = try .\(SwiftNames.identifier(screen.name))(FlowRuntime.ScreenRoute(address))"
                                    )
                                } else {
                                    let arguments =
                                        ["FlowRuntime.ScreenRoute(address)"]
                                        + screen.parameters.map {
                                            "\(SwiftNames.argumentLabel($0.name)): address.argument(\(SwiftNames.stringLiteral($0.name)))"
                                        }
                                    out.line("case \(name):")
                                    out.indented { out in
                                        out.call("self = try .\(SwiftNames.identifier(screen.name))", arguments)
                                    }
                                }
                            }
                            out.line("default: throw address.unknown(at: depth, in: \(type).name)")
                        }
                    }
                }
                for child in graph.children {
                    let childType = context.flowTypes[child.flow]
                    out.line(
                        "case \(SwiftNames.stringLiteral(child.name)): self = try .\(SwiftNames.identifier(child.name))(\(childType).Route(address, at: depth + 1))"
                    )
                }
                out.line("default: throw address.unknown(at: depth, in: \(type).name)")
            }
        }
    }

    /// `case details(bookID: Int)`, or `case library` for a case without parameters; `first`, when given,
    /// is an unlabelled first associated value (`case details(FlowRuntime.ScreenRoute<DetailsEvent>, bookID: Int)`).
    static func writeCase(
        _ name: String, _ parameters: [ParameterNode], first: String? = nil, to out: inout SwiftSourceWriter
    ) {
        let identifier = SwiftNames.identifier(name)
        let values = (first.map { [$0] } ?? []) + parameters.map(SwiftTypeMapping.declaration)
        guard !values.isEmpty else { return out.line("case \(identifier)") }
        out.call("case \(identifier)", values)
    }
}
