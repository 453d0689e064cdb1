import FlowModel

extension FlowNavigation {
    /// The pending confirmation when its route is one of stack `stack`'s: the dialog belongs over that
    /// stack (a sheet that asks shows its dialog over itself, not under it at the root). The title or
    /// item of the `.confirmationDialog` attached to that stack's view. Observes that stack's routes and
    /// the pending confirmation.
    ///
    /// ```swift
    /// if let pending = navigation.confirmation(on: stack) {
    ///     print(pending.prompt ?? "Discard?")   // the `confirm` screen's prompt, by its name
    /// }
    /// ```
    public func confirmation(on stack: FlowStackModel) -> PendingConfirmation? {
        _ = refusals
        guard let pending = coordinator.pendingConfirmation,
            stack.routes.contains(where: { $0.token == pending.route })
        else { return nil }
        return pending
    }

    /// Whether the confirmation waits on stack `stack` (``confirmation(on:)``), as a binding: `isPresented`
    /// of the `.confirmationDialog` attached to that stack's view. The dialog's buttons answer with the
    /// coordinator's own steps, ``FlowCoordinator/confirmRemoval()`` and ``FlowCoordinator/keepEditing()``.
    /// False written is the dialog going away: when no button answered it (tapped outside; SwiftUI runs a
    /// button's action before it clears the binding) the removal is dropped, one
    /// ``FlowCoordinator/keepEditing()``; after an answer it changes nothing.
    ///
    /// ```swift
    /// .confirmationDialog("Discard the draft?", isPresented: navigation.confirmationPresentedBinding(on: stack)) {
    ///     Button("Discard", role: .destructive) { navigation.coordinator.confirmRemoval() }
    ///     Button("Keep editing", role: .cancel) { navigation.coordinator.keepEditing() }
    /// }
    /// ```
    public func isConfirmationPresented(on stack: FlowStackModel) -> FlowBinding<Bool> {
        FlowBinding(get: { self.confirmation(on: stack) != nil }, set: { if !$0 { self.confirmationDismissed() } })
    }

    /// The dialog went away: with the removal still pending (no button answered), it is dropped.
    private func confirmationDismissed() {
        guard coordinator.pendingConfirmation != nil else { return }
        let result = coordinator.keepEditing()
        record(result, matches: coordinator.pendingConfirmation == nil)
    }
}

extension PendingConfirmation: Identifiable {
    /// The route that would be removed: one pending confirmation per route.
    public var id: RouteToken { route }
}
