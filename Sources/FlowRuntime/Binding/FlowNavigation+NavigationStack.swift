import FlowModel

extension FlowNavigation {
    /// The path of stack `stack` (``FlowStackModel/path``, the routes above its first) and
    /// ``setPath(_:of:)`` as a binding: `NavigationStack(path:)`. Its getter observes that stack's routes
    /// only; the stack's first route is the `NavigationStack`'s root view (``FlowStackModel/root``).
    ///
    /// ```swift
    /// let path = navigation.path(binding: stack)
    /// path.wrappedValue = []   // the person popped to the root: one reconcile, or a refusal that restores
    /// ```
    public func path(binding stack: FlowStackModel) -> FlowBinding<[Route]> {
        FlowBinding(get: { stack.path }, set: { self.setPath($0, of: stack) })
    }

    /// The UI set the path of stack `stack` (a pop, or a pop of several routes at once): one
    /// ``FlowCoordinator/reconcile(stack:to:)`` with the stack's first route and `proposed`. A path that is
    /// not a prefix of the stack's (a push from the UI, a reordering) is refused, as is any change the
    /// coordinator refuses; the stack's observers are then told to read again, and read the coordinator's
    /// path (the restore). The same path is a no-op.
    ///
    /// ```swift
    /// // UINavigationControllerDelegate, after an interactive pop: the routes left above the root.
    /// navigation.setPath(Array(shownRoutes.dropFirst()), of: stack)
    /// ```
    public func setPath(_ proposed: [Route], of stack: FlowStackModel) {
        guard stack.isAlive, let first = stack.root else {
            return record(
                StepResult(.rejected, .noShownStack(stack.id)), matches: false, restoring: stack.restoreRoutes)
        }
        guard stack.routes.count != proposed.count + 1 || !stack.routes.dropFirst().elementsEqual(proposed) else {
            return
        }
        let wanted = [first] + proposed
        let result = coordinator.reconcile(stack: stack.id, to: wanted)
        record(result, matches: stack.routes == wanted, restoring: stack.restoreRoutes)
    }
}
