#if canImport(UIKit)
import FlowRuntime
import Observation
import UIKit

/// A UIKit host sketch over `FlowNavigation`: a `UINavigationController` per stack, sheets and covers
/// presented modally, a `UITabBarController` per tab set, the pending confirmation as an action sheet.
///
/// Compiled on Apple platforms only, and not by the Linux CI: read it as a sketch. Like the SwiftUI host it
/// holds no navigation rule. It shows what the coordinator holds and turns each thing the person does into
/// one `FlowNavigation` call (one coordinator step), then shows the coordinator's state again, which
/// undoes a change the coordinator refused or held for a confirmation.
@MainActor
public final class FlowStackController: UINavigationController, UINavigationControllerDelegate,
    UIAdaptivePresentationControllerDelegate
{
    let navigation: FlowNavigation
    /// Finds the stack this controller shows (the root stack, a tab's, a sheet's or a cover's).
    let locate: @MainActor (FlowNavigation) -> FlowStack?
    /// The view controller of one route (its screen).
    let makeScreen: @MainActor (Route) -> UIViewController
    /// The view controllers shown, by route: a route keeps its view controller while it stays shown.
    private var screens: [RouteToken: UIViewController] = [:]
    /// The layer this controller presents, and the instance that begins it.
    private var presentedLayer: (id: FlowInstanceID, controller: FlowStackController)?

    public init(navigation: FlowNavigation, locate: @escaping @MainActor (FlowNavigation) -> FlowStack?,
                makeScreen: @escaping @MainActor (Route) -> UIViewController) {
        self.navigation = navigation
        self.locate = locate
        self.makeScreen = makeScreen
        super.init(nibName: nil, bundle: nil)
        delegate = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("FlowStackController is made in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        observe()
    }

    /// Renders now and again whenever what `render` read changes in the coordinator.
    private func observe() {
        withObservationTracking { render() } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    /// Shows the coordinator's state: the stack's routes, the layer presented over it, the confirmation.
    func render() {
        guard let stack = locate(navigation) else { return }
        let routes = stack.routes
        let shown = routes.map { route in screens[route.token] ?? makeScreen(route) }
        screens = Dictionary(uniqueKeysWithValues: zip(routes.map(\.token), shown))
        if viewControllers != shown { setViewControllers(shown, animated: viewIfLoaded?.window != nil) }

        let layer = navigation.sheet(over: stack.id) ?? navigation.cover(over: stack.id)
        if let current = presentedLayer, current.id != layer?.id {
            current.controller.dismiss(animated: true)
            presentedLayer = nil
        }
        if let layer, presentedLayer == nil {
            let controller = FlowStackController(
                navigation: navigation, locate: { $0.stacks.first { $0.id == layer.id } }, makeScreen: makeScreen)
            controller.modalPresentationStyle = layer.kind == .cover ? .fullScreen : .pageSheet
            // The sheet stays until the coordinator applies its dismissal (a `confirm` screen asks first):
            // a swipe-down only asks, in presentationControllerDidAttemptToDismiss.
            controller.isModalInPresentation = true
            controller.presentationController?.delegate = self
            present(controller, animated: true)
            presentedLayer = (layer.id, controller)
        }

        if let confirmation = navigation.confirmation, presentedLayer == nil, presentedViewController == nil,
            routes.contains(where: { $0.token == confirmation.route })
        {
            let dialog = UIAlertController(title: confirmation.prompt, message: nil, preferredStyle: .actionSheet)
            dialog.addAction(UIAlertAction(title: "Discard", style: .destructive) { [navigation] _ in navigation.confirm() })
            dialog.addAction(UIAlertAction(title: "Keep editing", style: .cancel) { [navigation] _ in navigation.keepEditing() })
            present(dialog, animated: true)
        }
    }

    // MARK: What the person did

    /// The back button or an interactive pop finished (a cancelled swipe shows the same top again and
    /// changes nothing): however many routes went, the remaining ones are one `setPath`, one step.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                                     animated: Bool) {
        guard let stack = locate(navigation) else { return }
        let remaining = stack.routes.filter { route in viewControllers.contains { $0 === screens[route.token] } }
        guard remaining.count < stack.routes.count, !remaining.isEmpty else { return }
        navigation.setPath(Array(remaining.dropFirst()), of: stack.id)
        render()  // refused or held for a confirmation: the popped view controllers come back
    }

    /// A swipe-down on a sheet: one dismissal, which the coordinator may refuse or hold.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        guard let stack = locate(navigation) else { return }
        navigation.setPresented(nil, over: stack.id)
        render()
    }
}

/// A tab set as a `UITabBarController`: one `FlowStackController` per tab. A tap asks the coordinator to
/// select the tab (one step) and the bar shows the coordinator's selection.
@MainActor
public final class FlowTabBarController: UITabBarController, UITabBarControllerDelegate {
    let navigation: FlowNavigation
    let tabSet: FlowInstanceID
    private var names: [String] = []

    public init(navigation: FlowNavigation, tabSet: FlowTabSet, makeScreen: @escaping @MainActor (Route) -> UIViewController) {
        self.navigation = navigation
        self.tabSet = tabSet.id
        super.init(nibName: nil, bundle: nil)
        delegate = self
        names = tabSet.tabs
        let id = tabSet.id
        viewControllers = tabSet.tabs.map { name in
            // The selected tab's stack is shown live; an unselected tab's is kept whole until selected.
            let controller = FlowStackController(navigation: navigation, locate: { navigation in
                navigation.stacks.first { $0.kind == .tab(name: name, tabSet: id) }
                    ?? navigation.tabSets.first { $0.id == id }?.keptStacks[name]
            }, makeScreen: makeScreen)
            controller.tabBarItem = UITabBarItem(title: name, image: nil, tag: 0)
            return controller
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("FlowTabBarController is made in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        observe()
    }

    private func observe() {
        withObservationTracking {
            if let selected = navigation.selectedTab(of: tabSet), let index = names.firstIndex(of: selected) {
                selectedIndex = index
            }
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        guard let index = viewControllers?.firstIndex(of: viewController) else { return false }
        navigation.selectTab(names[index], of: tabSet)
        return false  // the observation selects the tab the coordinator selected
    }
}

extension Library {
    /// The reading app on UIKit: the coordinator's root stack in a `FlowStackController`, one view
    /// controller per typed route.
    /// - Throws: `GeneratedFlowError` only if the generated file was edited by hand.
    public func makeUIKitRoot(screen: @escaping @MainActor (ReadingFlow.Route, RouteToken, FlowCoordinator) -> UIViewController) throws
        -> UIViewController
    {
        let coordinator = try ReadingFlow.coordinator(host: self)
        coordinator.start()
        let navigation = FlowNavigation(coordinator)
        return FlowStackController(navigation: navigation, locate: { $0.stacks.first }) { route in
            guard let typed = try? ReadingFlow.Route(route, in: coordinator) else { return UIViewController() }
            return screen(typed, route.token, coordinator)
        }
    }
}
#endif
