/// The keys each kind of mapping in a flow file may have (docs/FORMAT.md lists them).
protocol SchemaKey: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

enum FlowKeys: String, SchemaKey {
    case flow, description, params, conditions, start, outcomes, screens, children, links, linkPolicy, linkFallback, tabs
}

enum ScreenKeys: String, SchemaKey {
    case params, on, removal
}

enum ActionKeys: String, SchemaKey {
    case params, push, start, pop, popTo, replaceRoot, finish, select, `if`, then, `else`, with, to

    /// The keys that name an action; an action mapping has exactly one of them.
    static let actionKeys: [ActionKeys] = [.push, .start, .pop, .popTo, .replaceRoot, .finish, .select, .if]
}

enum RemovalKeys: String, SchemaKey {
    case policy, ask, outcome
}

enum ChildKeys: String, SchemaKey {
    case flow, on, presentation
}

enum ParameterKeys: String, SchemaKey {
    case type, min, max, values, check, `default`, minLength, maxLength, pattern
}

/// The keys of an outcome written as a mapping (`created: { params: { postID: int } }`, since format 1.1).
enum OutcomeKeys: String, SchemaKey {
    case params
}

/// The keys of a guarded link (since format 1.1).
enum LinkKeys: String, SchemaKey {
    case routes, when, otherwise
}

/// The keys of a guarded link's `otherwise` written as a mapping (since format 1.1).
enum LinkOtherwiseKeys: String, SchemaKey {
    case routes, continueOn
}

enum LinkPolicyKeys: String, SchemaKey {
    case redirect
}
