import Observation

/// One observed property of the coordinator: the flag that says something read it (``FlowCoordinator``'s
/// `readProperties`) and its key path, as the registrar takes it.
@MainActor
struct ObservedProperty<Member> {
    let flag: ObservedProperties
    let keyPath: KeyPath<FlowCoordinator, Member>
}

/// A set of the coordinator's observed properties.
struct ObservedProperties: OptionSet {
    let rawValue: UInt8
    static let path = ObservedProperties(rawValue: 1)
    static let status = ObservedProperties(rawValue: 2)
    static let pendingConfirmation = ObservedProperties(rawValue: 4)
    static let rootStack = ObservedProperties(rawValue: 8)
}

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// The coordinator's observed properties, each key path formed once.
@MainActor
enum ObservedKeyPaths {
    static let path = ObservedProperty(flag: .path, keyPath: \FlowCoordinator.path)
    static let status = ObservedProperty(flag: .status, keyPath: \FlowCoordinator.status)
    static let pendingConfirmation = ObservedProperty(
        flag: .pendingConfirmation, keyPath: \FlowCoordinator.pendingConfirmation)
    static let rootStack = ObservedProperty(flag: .rootStack, keyPath: \FlowCoordinator.rootStack)
}
