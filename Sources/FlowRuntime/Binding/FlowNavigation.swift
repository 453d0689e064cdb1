import FlowModel
import Observation

/// The binding layer between a coordinator and a UI toolkit's navigation containers, platform-neutral and
/// tested on Linux: a SwiftUI host binds one `NavigationStack(path:)` per stack (``FlowStackModel``), one
/// `.sheet` or `.fullScreenCover` per presented layer, one `TabView(selection:)` per tab set
/// (``FlowTabSetModel``), and the pending confirmation to `.confirmationDialog` (docs/HOSTING.md). Each
/// getter observes its own stack, layer or selection only.
///
/// Every getter reads the coordinator; every setter turns what the person did into **one** coordinator
/// step: a pop (of any number of routes) is one ``FlowCoordinator/reconcile(stack:to:)``, a swipe-down one
/// ``FlowCoordinator/dismiss(_:)``, a tab tap one tab selection. A change the
/// coordinator refuses or holds for a confirmation leaves its state as it was, and the observers of what the
/// UI changed are told to read again, so the view shows the coordinator's state again — the restore.
/// The binding never changes the path itself.
///
/// ```swift
/// let navigation = FlowNavigation(try ReadingFlow.coordinator(host: library))
/// navigation.coordinator.start()
/// if let stack = navigation.rootStack {
///     let path = navigation.path(binding: stack)   // NavigationStack(path:)
///     path.wrappedValue = []                         // the person popped to the root: one step
/// }
/// ```
@MainActor
@Observable
public final class FlowNavigation {
    /// The coordinator the bindings read and step.
    public let coordinator: FlowCoordinator
    /// What the coordinator answered to the last change asked through a binding (nil before the first).
    public private(set) var lastResult: StepResult?
    /// How many changes asked through a binding left the coordinator's state other than asked (refused,
    /// pending, stale). The value getters (`stacks`, `tabSets`, ``confirmation``) read it, so a refusal
    /// makes a view that reads them read again.
    public private(set) var refusals = 0

    public init(_ coordinator: FlowCoordinator) {
        self.coordinator = coordinator
    }

    // MARK: Stacks

    /// The root stack of the tree as an object (``FlowCoordinator/rootStack``): the way in for binding each
    /// stack, layer and tab set on its own. Nil when the coordinator is not running.
    public var rootStack: FlowStackModel? { coordinator.rootStack }

    /// The stacks shown, bottom to top, as values (traces and tests). Reading it observes the whole path;
    /// hosts bind each stack through its object (``path(binding:)-(FlowStackModel)``).
    package var stacks: [FlowStack] {
        _ = refusals
        return coordinator.stacks
    }

    /// The shown stack beginning with instance `stack`, if shown, as a value.
    package func stack(_ stack: FlowInstanceID) -> FlowStack? { stacks.first { $0.id == stack } }

    /// The first route of stack `stack` (shown, or kept in a tab that is not selected): the
    /// `NavigationStack`'s root view. Nil when the stack is not live. Observes that stack only.
    package func root(of stack: FlowInstanceID) -> Route? { coordinator.stackModel(stack)?.root }

    /// The routes of stack `stack` above its first: the `NavigationStack`'s path. Empty when the stack is not
    /// live. Observes that stack only.
    package func path(of stack: FlowInstanceID) -> [Route] { coordinator.stackModel(stack)?.path ?? [] }

    /// ``setPath(_:of:)-(_,FlowStackModel)`` for the live stack `stack`.
    package func setPath(_ proposed: [Route], of stack: FlowInstanceID) {
        guard let object = coordinator.stackModel(stack) else {
            return record(StepResult(.rejected, .noShownStack(stack)), matches: false)
        }
        setPath(proposed, of: object)
    }

    /// The UI set the path of stack `stack` (a pop, or a pop of several routes at once): one
    /// ``FlowCoordinator/reconcile(stack:to:)`` with the stack's first route and `proposed`. A path that is
    /// not a prefix of the stack's (a push from the UI, a reordering) is refused, as is any change the
    /// coordinator refuses; the stack's observers are then told to read again, and read the coordinator's
    /// path (the restore). The same path is a no-op.
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

    /// ``path(of:)`` and ``setPath(_:of:)-(_,FlowInstanceID)`` as a binding.
    package func path(binding stack: FlowInstanceID) -> FlowBinding<[Route]> {
        FlowBinding(get: { self.path(of: stack) }, set: { self.setPath($0, of: stack) })
    }

    /// The path of stack `stack` (``FlowStackModel/path``) and ``setPath(_:of:)-(_,FlowStackModel)`` as a
    /// binding: `NavigationStack(path:)`. Its getter observes that stack's routes only.
    public func path(binding stack: FlowStackModel) -> FlowBinding<[Route]> {
        FlowBinding(get: { stack.path }, set: { self.setPath($0, of: stack) })
    }

    // MARK: Presented layers

    /// The sheet presented directly over stack `stack`, if any: the item of `.sheet(item:)`.
    package func sheet(over stack: FlowInstanceID) -> FlowStack? { coordinator.stackModel(stack)?.sheet?.value }

    /// The full-screen cover presented directly over stack `stack`, if any: the item of `.fullScreenCover(item:)`.
    package func cover(over stack: FlowInstanceID) -> FlowStack? { coordinator.stackModel(stack)?.cover?.value }

    /// ``setPresented(_:over:)-(FlowInstanceID?,_)`` for the live stack `stack`.
    package func setPresented(_ item: FlowStack?, over stack: FlowInstanceID) {
        guard let object = coordinator.stackModel(stack) else {
            if item != nil { record(StepResult(.rejected, .noPresentedLayer), matches: false) }
            return
        }
        setPresented(item?.id, over: object)
    }

    /// The UI set the presented item over stack `stack` (`layer`: the id of the item the UI set): nil is
    /// the person dismissing it (a sheet's swipe-down), one ``FlowCoordinator/dismiss(_:)`` of that layer; a
    /// cover refuses it (``FlowRuntimeError/coverNotDismissible(flow:)``) and a `confirm` screen holds it,
    /// and the getter then returns the layer again. Presenting is the flows' business: a non-nil item is
    /// refused unless it is the one presented. A refusal tells the observers of
    /// ``FlowStackModel/presented`` to read again.
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

    /// ``sheet(over:)`` and ``setPresented(_:over:)-(FlowStack?,_)`` as a binding.
    package func sheet(binding stack: FlowInstanceID) -> FlowBinding<FlowStack?> {
        FlowBinding(get: { self.sheet(over: stack) }, set: { self.setPresented($0, over: stack) })
    }

    /// ``cover(over:)`` and ``setPresented(_:over:)-(FlowStack?,_)`` as a binding.
    package func cover(binding stack: FlowInstanceID) -> FlowBinding<FlowStack?> {
        FlowBinding(get: { self.cover(over: stack) }, set: { self.setPresented($0, over: stack) })
    }

    /// The sheet over stack `stack` (``FlowStackModel/sheet``) as a binding: `.sheet(item:)`. Its getter
    /// observes which layer is presented over that stack, not the layer's routes.
    public func sheet(binding stack: FlowStackModel) -> FlowBinding<FlowStackModel?> {
        FlowBinding(get: { stack.sheet }, set: { self.setPresented($0?.id, over: stack) })
    }

    /// The cover over stack `stack` (``FlowStackModel/cover``) as a binding: `.fullScreenCover(item:)`.
    public func cover(binding stack: FlowStackModel) -> FlowBinding<FlowStackModel?> {
        FlowBinding(get: { stack.cover }, set: { self.setPresented($0?.id, over: stack) })
    }

    // MARK: Tabs

    /// The tab sets shown, as values (traces and tests).
    package var tabSets: [FlowTabSet] {
        _ = refusals
        return coordinator.tabSets
    }

    /// The selected tab of the tab set run by instance `tabSet`: `TabView`'s selection. Nil when it is not live.
    package func selectedTab(of tabSet: FlowInstanceID) -> String? { coordinator.tabSetModel(tabSet)?.selected }

    /// ``selectTab(_:of:)-(String,FlowTabSetModel)`` for the live tab set `tabSet`.
    package func selectTab(_ name: String, of tabSet: FlowInstanceID) {
        guard let object = coordinator.tabSetModel(tabSet) else {
            return record(StepResult(.rejected, .noShownTabSet(tabSet)), matches: false)
        }
        selectTab(name, of: object)
    }

    /// The person selected tab `name` of tab set `tabSet`: one coordinator step; the selected tab is
    /// unchanged, and the getter returns the coordinator's, when it refuses (a refusal tells the observers
    /// of ``FlowTabSetModel/selected`` to read again). Hosts select typed tabs
    /// (``selectTab(_:of:)-(Tab,FlowTabSetModel)``).
    package func selectTab(_ name: String, of tabSet: FlowTabSetModel) {
        guard tabSet.selected != name else { return }
        let result = coordinator.select(tab: name, in: tabSet.id)
        record(result, matches: tabSet.selected == name, restoring: tabSet.restoreSelection)
    }

    /// ``selectedTab(of:)`` and ``selectTab(_:of:)-(String,FlowInstanceID)`` as a binding (an empty name
    /// when the set is not live).
    package func selection(binding tabSet: FlowInstanceID) -> FlowBinding<String> {
        FlowBinding(get: { self.selectedTab(of: tabSet) ?? "" }, set: { self.selectTab($0, of: tabSet) })
    }

    /// The selection of tab set `tabSet` by name, as a binding. Its getter observes the selection only.
    /// Hosts bind typed tabs (``selection(binding:as:)``).
    package func selection(binding tabSet: FlowTabSetModel) -> FlowBinding<String> {
        FlowBinding(get: { tabSet.selected }, set: { self.selectTab($0, of: tabSet) })
    }

    /// The selected tab of `tabSet` typed by the generated tab enum of its flow (`SocialFlow.Tab`), and the
    /// person's tab tap, as a binding: `TabView(selection:)` with `.tag(SocialFlow.Tab.feed)`. Nil when
    /// `tabSet` is not a tab set of `Tab`'s flow. Its getter observes the selection only; its setter is
    /// ``selectTab(_:of:)-(Tab,FlowTabSetModel)``.
    public func selection<Tab: FlowTab>(binding tabSet: FlowTabSetModel, as type: Tab.Type = Tab.self)
        -> FlowBinding<Tab>?
    {
        guard tabSet.flow == Tab.tabFlow, let initial = Tab(rawValue: tabSet.selected) else { return nil }
        return FlowBinding(
            get: { Tab(rawValue: tabSet.selected) ?? initial }, set: { self.selectTab($0, of: tabSet) })
    }

    /// The person selected tab `tab` of tab set `tabSet`: one coordinator step, refused for a tab set of
    /// another flow (``FlowRuntimeError/unknownTab(flow:tab:)``); a refusal tells the observers of
    /// ``FlowTabSetModel/selected`` to read again, so the `TabView` shows the coordinator's selection.
    public func selectTab<Tab: FlowTab>(_ tab: Tab, of tabSet: FlowTabSetModel) {
        guard tabSet.flow == Tab.tabFlow else {
            return record(
                StepResult(.rejected, .unknownTab(flow: tabSet.flow, tab: "\(Tab.tabFlow).\(tab.rawValue)")),
                matches: false, restoring: tabSet.restoreSelection)
        }
        selectTab(tab.rawValue, of: tabSet)
    }

    /// The person tapped the tab at `position` of tab set `tabSet` (``FlowTabSetModel/tabs`` order): what a
    /// UIKit `UITabBarController` reports. As ``selectTab(_:of:)-(Tab,FlowTabSetModel)``; a position outside
    /// the tabs is refused (``FlowRuntimeError/unknownTab(flow:tab:)``) and the selection restored.
    public func selectTab(at position: Int, of tabSet: FlowTabSetModel) {
        guard tabSet.tabs.indices.contains(position) else {
            return record(
                StepResult(.rejected, .unknownTab(flow: tabSet.flow, tab: "#\(position)")), matches: false,
                restoring: tabSet.restoreSelection)
        }
        selectTab(tabSet.tabs[position], of: tabSet)
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

    /// The pending confirmation when its route is one of stack `stack`'s: the dialog belongs over that
    /// stack (a sheet that asks shows its dialog over itself, not under it at the root). Observes that
    /// stack's routes and the pending confirmation.
    public func confirmation(on stack: FlowStackModel) -> PendingConfirmation? {
        guard let pending = confirmation, stack.routes.contains(where: { $0.token == pending.route }) else {
            return nil
        }
        return pending
    }

    /// Whether the confirmation waits on stack `stack` (``confirmation(on:)``): `isPresented` of the
    /// `.confirmationDialog` attached to that stack's view; false is ``setConfirmation(_:)`` with nil.
    public func isConfirmationPresented(on stack: FlowStackModel) -> FlowBinding<Bool> {
        FlowBinding(get: { self.confirmation(on: stack) != nil }, set: { if !$0 { self.setConfirmation(nil) } })
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
    /// what the UI set (`matches` false), the observers of what the UI changed are told to read again
    /// (`restoring`), and those of ``refusals``.
    private func record(_ result: StepResult, matches: Bool, restoring: (() -> Void)? = nil) {
        lastResult = result
        if !matches {
            refusals += 1
            restoring?()
        }
    }
}

extension PendingConfirmation: Identifiable {
    /// The route that would be removed: one pending confirmation per route.
    public var id: RouteToken { route }
}
