import FlowModel
import Observation

/// The binding layer between a coordinator and a UI toolkit's navigation containers, platform-neutral and
/// tested on Linux: a SwiftUI host binds one `NavigationStack(path:)` per ``FlowStack``, one `.sheet` or
/// `.fullScreenCover` per presented stack, one `TabView(selection:)` per ``FlowTabSet``, and the pending
/// confirmation to `.confirmationDialog` (docs/HOSTING.md).
///
/// Every getter reads the coordinator; every setter turns what the person did into **one** coordinator
/// step: a pop (of any number of routes) is one ``FlowCoordinator/reconcile(stack:to:)``, a swipe-down one
/// ``FlowCoordinator/dismiss(_:)``, a tab tap one ``FlowCoordinator/select(tab:in:)``. A change the
/// coordinator refuses or holds for a confirmation leaves its state as it was, and observers of the getters
/// are told to read again (``refusals``), so the view shows the coordinator's state again — the restore.
/// The binding never changes the path itself.
@MainActor
@Observable
public final class FlowNavigation {
    /// The coordinator the bindings read and step.
    public let coordinator: FlowCoordinator
    /// What the coordinator answered to the last change asked through a binding (nil before the first).
    public private(set) var lastResult: StepResult?
    /// How many changes asked through a binding left the coordinator's state other than asked (refused,
    /// pending, stale). Every getter reads it, so a refusal makes a view read its bindings again.
    public private(set) var refusals = 0

    public init(_ coordinator: FlowCoordinator) {
        self.coordinator = coordinator
    }

    // MARK: Stacks

    /// The stacks shown, bottom to top (``FlowCoordinator/stacks``).
    public var stacks: [FlowStack] {
        _ = refusals
        return coordinator.stacks
    }

    /// The stack beginning with instance `stack`: a shown stack, or the stack of a tab that is not selected
    /// (a `TabView` keeps every tab's `NavigationStack`, so a host binds those too); nil otherwise.
    public func stack(_ stack: FlowInstanceID) -> FlowStack? {
        if let shown = stacks.first(where: { $0.id == stack }) { return shown }
        for set in tabSets { for kept in set.keptStacks.values where kept.id == stack { return kept } }
        return nil
    }

    /// The first route of stack `stack`: the `NavigationStack`'s root view. Nil when there is no such stack (see ``stack(_:)``).
    public func root(of stack: FlowInstanceID) -> Route? { self.stack(stack)?.routes.first }

    /// The routes of stack `stack` above its first: the `NavigationStack`'s path. Empty when there is no such stack.
    public func path(of stack: FlowInstanceID) -> [Route] {
        guard let routes = self.stack(stack)?.routes else { return [] }
        return Array(routes.dropFirst())
    }

    /// The UI set the path of stack `stack` (a pop, or a pop of several routes at once): one
    /// ``FlowCoordinator/reconcile(stack:to:)`` with the stack's first route and `proposed`. A path that is
    /// not a prefix of the stack's (a push from the UI, a reordering) is refused, as is any change the
    /// coordinator refuses; the getter then returns the coordinator's path. The same path is a no-op.
    public func setPath(_ proposed: [Route], of stack: FlowInstanceID) {
        guard let shown = self.stack(stack), let first = shown.routes.first else {
            return record(StepResult(.rejected, .noShownStack(stack)), matches: false)
        }
        guard Array(shown.routes.dropFirst()) != proposed else { return }
        let result = coordinator.reconcile(stack: stack, to: [first] + proposed)
        record(result, matches: self.stack(stack)?.routes == [first] + proposed)
    }

    /// ``path(of:)`` and ``setPath(_:of:)`` as a binding.
    public func path(binding stack: FlowInstanceID) -> FlowBinding<[Route]> {
        FlowBinding(get: { self.path(of: stack) }, set: { self.setPath($0, of: stack) })
    }

    // MARK: Presented layers

    /// The sheet presented directly over stack `stack`, if any: the item of `.sheet(item:)`.
    public func sheet(over stack: FlowInstanceID) -> FlowStack? { presented(over: stack, kind: .sheet) }

    /// The full-screen cover presented directly over stack `stack`, if any: the item of `.fullScreenCover(item:)`.
    public func cover(over stack: FlowInstanceID) -> FlowStack? { presented(over: stack, kind: .cover) }

    /// The UI set the presented item over stack `stack`: nil is the person dismissing it (a sheet's
    /// swipe-down), one ``FlowCoordinator/dismiss(_:)`` of that layer; a cover refuses it
    /// (``FlowRuntimeError/coverNotDismissible(flow:)``) and a `confirm` screen holds it, and the getter
    /// then returns the layer again. Presenting is the flows' business: a non-nil item is refused unless it
    /// is the one presented.
    public func setPresented(_ item: FlowStack?, over stack: FlowInstanceID) {
        let shown = stacks
        guard let index = shown.firstIndex(where: { $0.id == stack }), index + 1 < shown.count, shown[index + 1].isPresented
        else {
            if item != nil { record(StepResult(.rejected, .noPresentedLayer), matches: false) }
            return
        }
        let layer = shown[index + 1]
        guard let item else {
            let result = coordinator.dismiss(layer.id)
            return record(result, matches: !coordinator.stacks.contains { $0.id == layer.id })
        }
        if item.id != layer.id { record(StepResult(.rejected, .notPresented(item.id)), matches: false) }
    }

    /// ``sheet(over:)`` and ``setPresented(_:over:)`` as a binding.
    public func sheet(binding stack: FlowInstanceID) -> FlowBinding<FlowStack?> {
        FlowBinding(get: { self.sheet(over: stack) }, set: { self.setPresented($0, over: stack) })
    }

    /// ``cover(over:)`` and ``setPresented(_:over:)`` as a binding.
    public func cover(binding stack: FlowInstanceID) -> FlowBinding<FlowStack?> {
        FlowBinding(get: { self.cover(over: stack) }, set: { self.setPresented($0, over: stack) })
    }

    private func presented(over stack: FlowInstanceID, kind: FlowStack.Kind) -> FlowStack? {
        let shown = stacks
        guard let index = shown.firstIndex(where: { $0.id == stack }), index + 1 < shown.count else { return nil }
        return shown[index + 1].kind == kind ? shown[index + 1] : nil
    }

    // MARK: Tabs

    /// The tab sets shown (``FlowCoordinator/tabSets``).
    public var tabSets: [FlowTabSet] {
        _ = refusals
        return coordinator.tabSets
    }

    /// The selected tab of the tab set run by instance `tabSet`: `TabView`'s selection. Nil when not shown.
    public func selectedTab(of tabSet: FlowInstanceID) -> String? { tabSets.first { $0.id == tabSet }?.selected }

    /// The person selected tab `name` of tab set `tabSet`: one ``FlowCoordinator/select(tab:in:)``; the
    /// selected tab is unchanged, and the getter returns the coordinator's, when it refuses.
    public func selectTab(_ name: String, of tabSet: FlowInstanceID) {
        guard selectedTab(of: tabSet) != name else { return }
        let result = coordinator.select(tab: name, in: tabSet)
        record(result, matches: coordinator.tabSets.first { $0.id == tabSet }?.selected == name)
    }

    /// ``selectedTab(of:)`` and ``selectTab(_:of:)`` as a binding (an empty name when the set is not shown).
    public func selection(binding tabSet: FlowInstanceID) -> FlowBinding<String> {
        FlowBinding(get: { self.selectedTab(of: tabSet) ?? "" }, set: { self.selectTab($0, of: tabSet) })
    }

    // MARK: Confirmation

    /// The removal waiting for the person's answer: the item of `.confirmationDialog(…, presenting:)` or
    /// `.alert(item:)` (``PendingConfirmation`` is `Identifiable` by its route).
    public var confirmation: PendingConfirmation? {
        _ = refusals
        return coordinator.pendingConfirmation
    }

    /// The dialog went away. When no button answered it (tapped outside; SwiftUI runs a button's action
    /// before it clears the item) the removal is dropped: ``FlowCoordinator/keepEditing()``. Nil after an
    /// answer, or a confirmation that is no longer the pending one, changes nothing.
    public func setConfirmation(_ item: PendingConfirmation?) {
        guard item == nil, coordinator.pendingConfirmation != nil else { return }
        let result = coordinator.keepEditing()
        record(result, matches: coordinator.pendingConfirmation == nil)
    }

    /// ``confirmation`` and ``setConfirmation(_:)`` as a binding.
    public var confirmationBinding: FlowBinding<PendingConfirmation?> {
        FlowBinding(get: { self.confirmation }, set: { self.setConfirmation($0) })
    }

    /// Whether a confirmation waits: `isPresented` of `.confirmationDialog`; false is ``setConfirmation(_:)`` with nil.
    public var isConfirmationPresented: FlowBinding<Bool> {
        FlowBinding(get: { self.confirmation != nil }, set: { if !$0 { self.setConfirmation(nil) } })
    }

    /// The person confirmed the removal (the dialog's destructive button): ``FlowCoordinator/confirmRemoval()``.
    @discardableResult
    public func confirm() -> StepResult {
        let result = coordinator.confirmRemoval()
        record(result, matches: result.status == .applied)
        return result
    }

    /// The person kept the screen (the dialog's cancel button): ``FlowCoordinator/keepEditing()``.
    @discardableResult
    public func keepEditing() -> StepResult {
        let result = coordinator.keepEditing()
        record(result, matches: result.status == .applied)
        return result
    }

    // MARK: Recording

    /// Records what the coordinator answered to a change asked through a binding. When its state is not
    /// what the UI set (`matches` false), every getter's observers are told to read again.
    private func record(_ result: StepResult, matches: Bool) {
        lastResult = result
        if !matches { refusals += 1 }
    }
}

extension PendingConfirmation: Identifiable {
    /// The route that would be removed: one pending confirmation per route.
    public var id: RouteToken { route }
}
