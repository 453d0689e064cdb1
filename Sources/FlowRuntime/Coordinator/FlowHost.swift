import FlowModel

/// What the coordinator asks the app: host conditions and argument checks.
///
/// The coordinator stores nothing domain-specific; the answers come from these closures at the moment
/// they are needed. Confirmation answers come back through ``FlowCoordinator/confirmRemoval()`` and
/// ``FlowCoordinator/keepEditing()``.
public struct FlowHost {
    /// Answers a declared host condition by name (`isLoggedIn`).
    public var condition: @MainActor (_ name: String) -> Bool
    /// Answers a parameter's host check (`check: bookExists`) for a value; called whenever a value is bound
    /// to a parameter that names a check (root, event, action, outcome, deep-link and restored arguments;
    /// docs/RUNNING.md, "When conditions and checks run").
    public var check: @MainActor (_ name: String, _ value: Value) -> Bool

    /// A host; by default every condition is false and every check passes.
    public init(
        condition: @escaping @MainActor (_ name: String) -> Bool = { _ in false },
        check: @escaping @MainActor (_ name: String, _ value: Value) -> Bool = { _, _ in true }
    ) {
        self.condition = condition
        self.check = check
    }
}
