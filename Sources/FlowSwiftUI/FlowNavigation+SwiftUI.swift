import FlowModel
import FlowRuntime

#if canImport(SwiftUI)
import SwiftUI

/// SwiftUI `Binding`s over ``FlowNavigation``'s get/set pairs, one per container, each the forwarding of
/// the one binding of ``FlowNavigation`` for it: `NavigationStack` (``FlowNavigation/path(binding:)``),
/// `.sheet` (``FlowNavigation/sheet(binding:)``), `.fullScreenCover` (``FlowNavigation/cover(binding:)``),
/// `TabView` (``FlowNavigation/selection(binding:as:)``) and `.confirmationDialog`
/// (``FlowNavigation/isConfirmationPresented(on:)``). Forwarding only: every rule lives in
/// ``FlowNavigation``, which the Linux tests cover (and a test type-checks this file against stand-in
/// SwiftUI declarations copied from Apple's documentation; it is not compiled with Apple's SDK on Linux).
extension FlowNavigation {
    /// `NavigationStack(path:)` of stack `stack`; observes that stack's routes only.
    public func pathBinding(_ stack: FlowStackModel) -> Binding<[Route]> {
        let pair = path(binding: stack)
        return Binding(get: pair.get, set: pair.set)
    }

    /// `.sheet(item:)` over stack `stack`; observes which layer is presented over it only.
    public func sheetBinding(over stack: FlowStackModel) -> Binding<FlowStackModel?> {
        let pair = sheet(binding: stack)
        return Binding(get: pair.get, set: pair.set)
    }

    /// `.fullScreenCover(item:)` over stack `stack`; observes which layer is presented over it only.
    public func coverBinding(over stack: FlowStackModel) -> Binding<FlowStackModel?> {
        let pair = cover(binding: stack)
        return Binding(get: pair.get, set: pair.set)
    }

    /// `TabView(selection:)` of tab set `tabSet`, typed by its flow's generated tab enum; nil for a tab set
    /// of another flow. Observes the selection only.
    public func selectionBinding<Tab: FlowTab>(_ tabSet: FlowTabSetModel, as type: Tab.Type = Tab.self)
        -> Binding<Tab>?
    {
        guard let pair = selection(binding: tabSet, as: type) else { return nil }
        return Binding(get: pair.get, set: pair.set)
    }

    /// `isPresented` of the `.confirmationDialog` attached to stack `stack`'s view: true while the pending
    /// confirmation's route is one of that stack's (``FlowNavigation/confirmation(on:)``). Its buttons
    /// answer with `navigation.coordinator.confirmRemoval()` and `navigation.coordinator.keepEditing()`.
    public func confirmationPresentedBinding(on stack: FlowStackModel) -> Binding<Bool> {
        let pair = isConfirmationPresented(on: stack)
        return Binding(get: pair.get, set: pair.set)
    }
}
#endif
