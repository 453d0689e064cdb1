import FlowModel
import Observation

/// The binding layer between a coordinator and a UI toolkit's navigation containers, platform-neutral and
/// tested on Linux. A host binds each part of the coordinator's tree through its object, starting at
/// ``rootStack``, one binding per container, each in its own file:
///
/// | container | binding | the person's change, one step |
/// |---|---|---|
/// | `NavigationStack(path:)` | ``path(binding:)`` | ``setPath(_:of:)`` |
/// | `.sheet(item:)` | ``sheet(binding:)`` | ``setPresented(_:over:)`` |
/// | `.fullScreenCover(item:)` | ``cover(binding:)`` | ``setPresented(_:over:)`` (refused) |
/// | `TabView(selection:)` | ``selection(binding:as:)`` | ``selectTab(_:of:)``, ``selectTab(at:of:)`` |
/// | `.confirmationDialog` | ``isConfirmationPresented(on:)``, ``confirmation(on:)`` | the coordinator's ``FlowCoordinator/confirmRemoval()``, ``FlowCoordinator/keepEditing()`` |
///
/// Each getter observes its own stack, layer or selection only. Every setter turns what the person did
/// into **one** coordinator step: a pop (of any number of routes) is one
/// ``FlowCoordinator/reconcile(stack:to:)``, a swipe-down one ``FlowCoordinator/dismiss(_:)``, a tab tap
/// one tab selection. A change the coordinator refuses or holds for a confirmation leaves its state as it
/// was, and the observers of what the UI changed are told to read again, so the view shows the
/// coordinator's state again — the restore. The binding never changes the path itself.
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
    /// pending, stale). The confirmation getters read it, so a refusal makes a view that reads them read
    /// again.
    public private(set) var refusals = 0

    public init(_ coordinator: FlowCoordinator) {
        self.coordinator = coordinator
    }

    /// The root stack of the tree as an object (``FlowCoordinator/rootStack``): the way in for binding each
    /// stack, layer and tab set on its own. Nil when the coordinator is not running.
    public var rootStack: FlowStackModel? { coordinator.rootStack }

    /// Records what the coordinator answered to a change asked through a binding. When its state is not
    /// what the UI set (`matches` false), the observers of what the UI changed are told to read again
    /// (`restoring`), and those of ``refusals``.
    func record(_ result: StepResult, matches: Bool, restoring: (() -> Void)? = nil) {
        lastResult = result
        if !matches {
            refusals += 1
            restoring?()
        }
    }
}
