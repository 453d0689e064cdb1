// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// The key paths of the coordinator's observed properties, each formed once.
@MainActor
enum ObservedKeyPaths {
    static let path = \FlowCoordinator.path
    static let status = \FlowCoordinator.status
    static let pendingConfirmation = \FlowCoordinator.pendingConfirmation
    static let rootStack = \FlowCoordinator.rootStack
}
