/// The keys each kind of mapping in a flow file may have (docs/FORMAT.md lists them).
protocol SchemaKey: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// Every key with its name's bytes, made once per kind of mapping.
    static var names: SchemaKeyNames<Self> { get }
}

extension SchemaKey {
    /// The key whose name is `bytes` (compared as bytes, no `String` made), or nil.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? { names.key(named: bytes) }
}

/// The keys of one kind of mapping and their names as UTF-8 bytes, for matching a key without a `String`.
struct SchemaKeyNames<Key: SchemaKey>: Sendable {
    private let keys: [(key: Key, name: [UInt8])]

    init() { keys = Key.allCases.map { ($0, Array($0.rawValue.utf8)) } }

    func key(named bytes: UnsafeBufferPointer<UInt8>) -> Key? {
        for index in keys.indices where keys[index].name.count == bytes.count {
            if keys[index].name.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return keys[index].key }
        }
        return nil
    }
}

enum FlowKeys: String, SchemaKey {
    case flow, description, params, conditions, start, outcomes, screens, children, links, linkPolicy, linkFallback,
        tabs, formerly, backAtTabRoot
    static let names = SchemaKeyNames<FlowKeys>()
}

enum ScreenKeys: String, SchemaKey {
    case params, on, removal, formerly
    static let names = SchemaKeyNames<ScreenKeys>()
}

enum ActionKeys: String, SchemaKey {
    case params, push, start, pop, popTo, replaceRoot, finish, select, `if`, then, `else`, with, to, routes
    static let names = SchemaKeyNames<ActionKeys>()

    /// The keys that name an action; an action mapping has exactly one of them.
    static let actionKeys: [ActionKeys] = [.push, .start, .pop, .popTo, .replaceRoot, .finish, .select, .if]
}

enum RemovalKeys: String, SchemaKey {
    case policy, ask, outcome, when
    static let names = SchemaKeyNames<RemovalKeys>()
}

enum ChildKeys: String, SchemaKey {
    case flow, on, presentation, formerly
    static let names = SchemaKeyNames<ChildKeys>()
}

enum ParameterKeys: String, SchemaKey {
    case type, min, max, values, check, `default`, minLength, maxLength, pattern
    static let names = SchemaKeyNames<ParameterKeys>()
}

/// The keys of an outcome written as a mapping (`created: { params: { postID: int } }`, since format 1.1).
enum OutcomeKeys: String, SchemaKey {
    case params, formerly
    static let names = SchemaKeyNames<OutcomeKeys>()
}

/// The keys of a tab written out in full (`{ tab: search, title: Search, icon: magnifyingglass, with: { … } }`,
/// since format 1.2).
enum TabKeys: String, SchemaKey {
    case tab, title, icon, with
    static let names = SchemaKeyNames<TabKeys>()
}

/// The keys of a guarded link (since format 1.1).
enum LinkKeys: String, SchemaKey {
    case routes, when, otherwise, aliases, tabs
    static let names = SchemaKeyNames<LinkKeys>()
}

/// The keys of a guarded link's `otherwise` written as a mapping (since format 1.1).
enum LinkOtherwiseKeys: String, SchemaKey {
    case routes, continueOn
    static let names = SchemaKeyNames<LinkOtherwiseKeys>()
}

enum LinkPolicyKeys: String, SchemaKey {
    case redirect
    static let names = SchemaKeyNames<LinkPolicyKeys>()
}
