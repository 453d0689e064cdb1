import FlowModel

/// Writes a flow's `Route` enum: one case per screen (typed associated values from its parameters,
/// defaults as default arguments) and one per child declaration (holding the child flow's `Route`), and
/// its conversion from a runtime `Route` on a coordinator's path.
struct RouteEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }
    private var type: String { context.flowTypes[index] }

    func write(to out: inout SwiftSourceWriter) {
        out.doc(
            SwiftDocComment(
                "A route of `\(graph.name)` as seen from a coordinator whose root flow is `\(graph.name)`: one of its screens, or a route of a child flow it started.",
                "Build it from a route of the coordinator's path with `init(_:in:)`."))
        let indirect = graph.children.isEmpty ? "" : "indirect "
        out.block("public \(indirect)enum Route: Hashable, Sendable {") { out in
            for screen in graph.screens {
                var doc = SwiftDocComment("Screen `\(screen.name)`.")
                if !screen.parameters.isEmpty {
                    doc.add(
                        "Parameters: " + screen.parameters.map(SwiftTypeMapping.summary).joined(separator: "; ") + ".")
                }
                out.doc(doc)
                Self.writeCase(screen.name, screen.parameters, to: &out)
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
            writeConversion(to: &out)
            out.line()
            writeAddressConversion(to: &out)
        }
    }

    private func writeConversion(to out: inout SwiftSourceWriter) {
        var doc = SwiftDocComment(
            "The typed form of `route`, a route on the path of `coordinator`, whose root flow is `\(graph.name)`.")
        doc.field(
            "Throws: `GeneratedFlowError.bundleMismatch` when the coordinator runs another bundle, `.otherRootFlow` another root flow, `.routeNotOnPath` when the route is not on its path."
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
                                    out.line("case \(name): self = .\(SwiftNames.identifier(screen.name))")
                                } else {
                                    let arguments = screen.parameters.map {
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

    /// `case details(bookID: Int)`, or `case library` for a screen without parameters.
    static func writeCase(_ name: String, _ parameters: [ParameterNode], to out: inout SwiftSourceWriter) {
        let identifier = SwiftNames.identifier(name)
        guard !parameters.isEmpty else { return out.line("case \(identifier)") }
        out.call("case \(identifier)", parameters.map(SwiftTypeMapping.declaration))
    }
}
