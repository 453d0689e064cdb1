import FlowModel

extension FlowNavigation {
    /// The cover over stack `stack` (``FlowStackModel/cover``) and ``setPresented(_:over:)`` as a
    /// binding: `.fullScreenCover(item:)`. Its getter observes which layer is presented over that stack.
    /// A cover is not dismissed by the person: nil written is refused
    /// (``FlowRuntimeError/coverNotDismissible(flow:)``) and the getter returns the cover again; its flow
    /// finishes instead.
    ///
    /// ```swift
    /// let cover = navigation.cover(binding: stack)
    /// cover.wrappedValue = nil   // refused: the cover stays until its flow finishes
    /// ```
    public func cover(binding stack: FlowStackModel) -> FlowBinding<FlowStackModel?> {
        FlowBinding(get: { stack.cover }, set: { self.setPresented($0?.id, over: stack) })
    }
}
