/// What `flowc generate swift` may be told about the file it writes.
public struct SwiftGenerationOptions: Hashable, Sendable {
    /// The name of the enum that holds the embedded bundle, its content hash and the `Host` protocol
    /// (`Flows` by default): `Flows.Host`, `Flows.bundle()`.
    public var namespace: String

    public init(namespace: String = "Flows") {
        self.namespace = namespace
    }

    /// Names the generated code refers to unqualified or as module names, which the namespace would hide.
    static let reservedNamespaces: Set<String> = [
        "FlowModel", "FlowRuntime", "FlowBundle", "FlowCoordinator", "FlowHost", "FlowOutcome", "GeneratedBundle",
        "GeneratedFlowError", "RouteAddress", "ScreenEvent", "ScreenEventConvertible", "Route", "Result", "String",
        "Int", "Double", "Bool", "UInt8", "Collection", "Hashable", "Sendable", "CaseIterable",
    ]

    /// Whether `name` can be the namespace: an identifier that Swift does not reserve and that does not hide
    /// a name the generated code uses (``reservedNamespaces``).
    public static func isValidNamespace(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !SwiftNames.keywords.contains(name),
            !reservedNamespaces.contains(name)
        else { return false }
        let isLetter = { (scalar: Unicode.Scalar) in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
