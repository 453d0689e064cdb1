/// The key paths of the coordinator's observed properties, each formed once.
///
/// Evaluating a key-path literal asks the runtime for its key-path object (a lookup and a retain) every
/// time; a step notifies observers once to three times, so the coordinator reads these instead.
@MainActor
enum ObservedKeyPaths {
    static let path = \FlowCoordinator.path
    static let status = \FlowCoordinator.status
    static let pendingConfirmation = \FlowCoordinator.pendingConfirmation
    static let rootStack = \FlowCoordinator.rootStack
}
