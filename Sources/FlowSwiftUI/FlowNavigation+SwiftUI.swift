import FlowModel
import FlowRuntime

#if canImport(SwiftUI)
import SwiftUI

/// SwiftUI `Binding`s over ``FlowNavigation``'s get/set pairs. Forwarding only: every rule lives in
/// ``FlowNavigation``, which the Linux tests cover.
extension FlowNavigation {
    /// `NavigationStack(path:)` of stack `stack`.
    public func pathBinding(_ stack: FlowInstanceID) -> Binding<[Route]> {
        Binding(get: { self.path(of: stack) }, set: { self.setPath($0, of: stack) })
    }

    /// `.sheet(item:)` over stack `stack`.
    public func sheetBinding(over stack: FlowInstanceID) -> Binding<FlowStack?> {
        Binding(get: { self.sheet(over: stack) }, set: { self.setPresented($0, over: stack) })
    }

    /// `.fullScreenCover(item:)` over stack `stack`.
    public func coverBinding(over stack: FlowInstanceID) -> Binding<FlowStack?> {
        Binding(get: { self.cover(over: stack) }, set: { self.setPresented($0, over: stack) })
    }

    /// `TabView(selection:)` of tab set `tabSet`.
    public func selectionBinding(_ tabSet: FlowInstanceID) -> Binding<String> {
        Binding(get: { self.selectedTab(of: tabSet) ?? "" }, set: { self.selectTab($0, of: tabSet) })
    }

    /// `NavigationStack(path:)` of stack `stack`; observes that stack's routes only.
    public func pathBinding(_ stack: FlowStackModel) -> Binding<[Route]> {
        Binding(get: { stack.path }, set: { self.setPath($0, of: stack) })
    }

    /// `.sheet(item:)` over stack `stack`; observes which layer is presented over it only.
    public func sheetBinding(over stack: FlowStackModel) -> Binding<FlowStackModel?> {
        Binding(get: { stack.sheet }, set: { self.setPresented($0?.id, over: stack) })
    }

    /// `.fullScreenCover(item:)` over stack `stack`; observes which layer is presented over it only.
    public func coverBinding(over stack: FlowStackModel) -> Binding<FlowStackModel?> {
        Binding(get: { stack.cover }, set: { self.setPresented($0?.id, over: stack) })
    }

    /// `TabView(selection:)` of tab set `tabSet`; observes the selection only.
    public func selectionBinding(_ tabSet: FlowTabSetModel) -> Binding<String> {
        Binding(get: { tabSet.selected }, set: { self.selectTab($0, of: tabSet) })
    }

    /// `isPresented` of `.confirmationDialog`.
    public var confirmationPresentedBinding: Binding<Bool> {
        Binding(get: { self.confirmation != nil }, set: { if !$0 { self.setConfirmation(nil) } })
    }
}
#endif
