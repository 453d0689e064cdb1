import FlowModel
import Foundation

/// Writes the namespace enum (`Flows`): the content hash, the embedded bundle and its loaders, the `Host`
/// protocol with one member per condition and check, its adapter to `FlowHost`, and the name constants
/// (`Condition`, `Prompt`).
struct NamespaceEmitter {
    let context: SwiftGenerationContext

    func write(to out: inout SwiftSourceWriter) {
        let host = HostRequirements(context.bundle)
        let flows = context.bundle.flows.map { "`\($0.name)`" }.joined(separator: ", ")
        out.doc(
            SwiftDocComment(
                "The compiled flows this file was generated from (\(flows)), and what they ask the app.",
                "Start a coordinator with a flow's `coordinator(…)` (such as `\(context.flowTypes.first ?? "ReadingFlow").coordinator(host:)`); type its routes with the flow's `Route` (a stack object's `typedRoutes(_:)`), and send each screen's events from its typed route (`details.send(.edit)`)."
            ))
        out.block("public enum \(context.namespace) {") { out in
            writeBundle(to: &out)
            out.line()
            writeHostProtocol(host, to: &out)
            out.line()
            writeAdapter(host, to: &out)
            NameConstantsEmitter(context: context).write(to: &out)
        }
    }

    private func writeBundle(to out: inout SwiftSourceWriter) {
        out.doc(
            SwiftDocComment(
                "The content hash of the bundle the code was generated from (docs/BUNDLE.md). Typed routes and events check it against the coordinator's bundle."
            ))
        out.line("public static let contentHash = \(SwiftNames.stringLiteral(context.bundle.contentHash))")
        out.line()
        out.doc(SwiftDocComment("The bundle file (docs/BUNDLE.md), embedded as base64."))
        out.line("static let embeddedBundle = \"\"\"")
        out.indented { out in
            for line in Self.base64Lines(BundleCodec.encode(context.bundle)) { out.line(line) }
            out.line("\"\"\"")
        }
        out.line()
        out.doc(SwiftDocComment("The embedded bundle, decoded and checked once."))
        out.line("private static let embedded = Result { () throws(GeneratedFlowError) -> FlowBundle in")
        out.line("    try GeneratedBundle.decode(base64: embeddedBundle, expecting: contentHash)")
        out.line("}")
        out.line()
        var embedded = SwiftDocComment("The embedded bundle, decoded once (its content hash and structure checked).")
        embedded.field("Throws: `GeneratedFlowError.bundle` only if this file was edited by hand.")
        out.doc(embedded)
        out.block("public static func bundle() throws(GeneratedFlowError) -> FlowBundle {") { out in
            out.line("try embedded.get()")
        }
        out.line()
        var loaded = SwiftDocComment(
            "A bundle file shipped beside the code (`flowc compile`), checked to be the one the code was generated from."
        )
        loaded.field(
            "Throws: `GeneratedFlowError.bundle` for a file that is not a readable bundle, `.bundleMismatch` for another bundle."
        )
        out.doc(loaded)
        out.line(
            "public static func bundle<Bytes: Collection>(from bytes: Bytes) throws(GeneratedFlowError) -> FlowBundle")
        out.block("where Bytes.Element == UInt8 {") { out in
            out.line("try GeneratedBundle.decode(bytes, expecting: contentHash)")
        }
    }

    private func writeHostProtocol(_ host: HostRequirements, to out: inout SwiftSourceWriter) {
        out.doc(
            SwiftDocComment(
                "What the flows ask the app: one property per declared host condition and one method per parameter check (and type).",
                "Pass it to a flow's `coordinator(…)`, or make a `FlowHost` of it with `flowHost(_:)`."))
        out.line("@MainActor")
        out.block("public protocol Host {") { out in
            var first = true
            for condition in host.conditions {
                if !first { out.line() }
                first = false
                let flows = condition.flows.map { "`\($0)`" }.joined(separator: ", ")
                out.doc(
                    SwiftDocComment(
                        "Host condition `\(condition.name)` (declared by \(condition.flows.count == 1 ? "flow" : "flows") \(flows))."
                    ))
                out.line("var \(SwiftNames.identifier(condition.name)): Bool { get }")
            }
            for check in host.checks {
                if !first { out.line() }
                first = false
                out.doc(
                    SwiftDocComment(
                        "Host check `\(check.name)` of \(check.type.rawValue) arguments: whether `value` may be shown (for \(check.parameters.joined(separator: "; "))). Asked whenever such a value is bound: root, event, action, outcome, deep-link and restored arguments."
                    ))
                out.line(
                    "func \(SwiftNames.identifier(check.name))(_ value: \(SwiftTypeMapping.swiftType(check.type))) -> Bool"
                )
            }
        }
    }

    private func writeAdapter(_ host: HostRequirements, to out: inout SwiftSourceWriter) {
        out.doc(
            SwiftDocComment(
                "A `FlowHost` that asks `host`: conditions and checks by name (a name the flows do not declare is false)."
            ))
        out.line("@MainActor")
        out.block("public static func flowHost(_ host: some Host) -> FlowHost {") { out in
            out.block("FlowHost(", closing: ")") { out in
                if host.conditions.isEmpty {
                    out.line("condition: { _ in false },")
                } else {
                    out.block("condition: { name in", closing: "},") { out in
                        out.switchBlock("name") { out in
                            for condition in host.conditions {
                                out.line(
                                    "case \(SwiftNames.stringLiteral(condition.name)): host.\(SwiftNames.identifier(condition.name))"
                                )
                            }
                            out.line("default: false")
                        }
                    }
                }
                if host.checks.isEmpty {
                    out.line("check: { _, _ in false }")
                } else {
                    out.block("check: { name, value in", closing: "}") { out in
                        out.switchBlock("name") { out in
                            var index = 0
                            while index < host.checks.count {
                                let name = host.checks[index].name
                                out.line("case \(SwiftNames.stringLiteral(name)):")
                                while index < host.checks.count, host.checks[index].name == name {
                                    let type = SwiftTypeMapping.swiftType(host.checks[index].type)
                                    out.line(
                                        "    if let value = \(type)(flowValue: value) { return host.\(SwiftNames.identifier(name))(value) }"
                                    )
                                    index += 1
                                }
                                out.line("    return false")
                            }
                            out.line("default:")
                            out.line("    return false")
                        }
                    }
                }
            }
        }
    }

    /// `bytes` in base64, in lines of ``base64LineLength`` characters (the last one shorter).
    static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let text = Data(bytes).base64EncodedString()
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(base64LineLength)))
            rest = rest.dropFirst(base64LineLength)
        }
        return lines
    }

    /// The characters of base64 per line of the embedded bundle.
    static let base64LineLength = 100
}
