import FlowModel

extension FlowNavigation {
    /// The sheet over stack `stack` (``FlowStackModel/sheet``) and ``setPresented(_:over:)`` as a
    /// binding: `.sheet(item:)`. Its getter observes which layer is presented over that stack, not the
    /// layer's routes; nil written is the person's swipe-down, one dismissal.
    ///
    /// ```swift
    /// let sheet = navigation.sheet(binding: stack)
    /// sheet.wrappedValue = nil   // swiped down: one dismiss, held when a `confirm` screen asks first
    /// ```
    public func sheet(binding stack: FlowStackModel) -> FlowBinding<FlowStackModel?> {
        FlowBinding(get: { stack.sheet }, set: { self.setPresented($0?.id, over: stack) })
    }

    /// The UI set the presented item over stack `stack` (`layer`: the id of the item the UI set): nil is
    /// the person dismissing it (a sheet's swipe-down), one ``FlowCoordinator/dismiss(_:)`` of that layer; a
    /// cover refuses it (``FlowRuntimeError/coverNotDismissible(flow:)``) and a `confirm` screen holds it,
    /// and the getter then returns the layer again. Presenting is the flows' business: a non-nil item is
    /// refused unless it is the one presented. A refusal tells the observers of
    /// ``FlowStackModel/presented`` to read again. The setter of ``sheet(binding:)`` and
    /// ``cover(binding:)``.
    ///
    /// ```swift
    /// // UIAdaptivePresentationControllerDelegate: the person tried to swipe the sheet away.
    /// func presentationControllerDidAttemptToDismiss(_ controller: UIPresentationController) {
    ///     navigation.setPresented(nil, over: stack)
    /// }
    /// ```
    public func setPresented(_ layer: FlowInstanceID?, over stack: FlowStackModel) {
        guard let presented = stack.presented else {
            if let layer {
                record(StepResult(.rejected, .notPresented(layer)), matches: false, restoring: stack.restorePresented)
            }
            return
        }
        guard let layer else {
            let result = coordinator.dismiss(presented.id)
            return record(result, matches: stack.presented !== presented, restoring: stack.restorePresented)
        }
        if layer != presented.id {
            record(StepResult(.rejected, .notPresented(layer)), matches: false, restoring: stack.restorePresented)
        }
    }
}
