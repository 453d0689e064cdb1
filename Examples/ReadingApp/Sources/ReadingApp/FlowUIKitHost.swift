#if canImport(UIKit)
import FlowRuntime
import Observation
import UIKit

/// A UIKit host sketch over `FlowNavigation` and the coordinator's stack and tab-set objects: a
/// `UINavigationController` per stack, sheets and covers presented modally, a `UITabBarController` per
/// tab set, the pending confirmation as an action sheet.
///
/// Compiled on Apple platforms only, and not by the Linux CI: read it as a sketch. Like the SwiftUI host it
/// holds no navigation rule. It shows what the coordinator holds and turns each thing the person does into
/// one `FlowNavigation` call (one coordinator step), then shows the coordinator's state again, which
/// undoes a change the coordinator refused or held for a confirmation.
@MainActor
public enum FlowUIKit {
    /// The view controller of stack `stack`: a tab bar when the stack shows a tab set, else a navigation
    /// controller; `makeScreen` makes the view controller of one route.
    public static func controller(
        for stack: FlowStackModel, navigation: FlowNavigation,
        makeScreen: @escaping @MainActor (Route) -> UIViewController
    ) -> UIViewController {
        if let tabSet = stack.tabSet {
            return FlowTabBarController(navigation: navigation, tabSet: tabSet, makeScreen: makeScreen)
        }
        return FlowStackController(navigation: navigation, stack: stack, makeScreen: makeScreen)
    }
}

/// One stack in a `UINavigationController`: one view controller per route, the layer over it presented.
@MainActor
public final class FlowStackController: UINavigationController, UINavigationControllerDelegate,
    UIAdaptivePresentationControllerDelegate
{
    let navigation: FlowNavigation
    let stack: FlowStackModel
    let makeScreen: @MainActor (Route) -> UIViewController
    /// The view controllers shown, by route: a route keeps its view controller while it stays shown.
    private var screens: [RouteToken: UIViewController] = [:]
    /// The layer presented over this stack, and its view controller.
    private var presentedLayer: (stack: FlowStackModel, controller: UIViewController)?
    private var dialog: UIAlertController?

    public init(
        navigation: FlowNavigation, stack: FlowStackModel, makeScreen: @escaping @MainActor (Route) -> UIViewController
    ) {
        self.navigation = navigation
        self.stack = stack
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

    /// Renders now, and again whenever what `render` read changes: this stack's routes, the layer over it,
    /// the pending confirmation (a step in another stack does not call it).
    private func observe() {
        withObservationTracking {
            render()
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    /// Shows the coordinator's state: the stack's routes, the layer presented over it, the confirmation.
    func render() {
        guard stack.isAlive else { return }
        let routes = stack.routes
        let shown = routes.map { route in screens[route.token] ?? makeScreen(route) }
        screens = Dictionary(uniqueKeysWithValues: zip(routes.map(\.token), shown))
        if viewControllers != shown { setViewControllers(shown, animated: viewIfLoaded?.window != nil) }

        let layer = stack.presented
        if let current = presentedLayer, current.stack !== layer {
            current.controller.dismiss(animated: true)
            presentedLayer = nil
        }
        if let layer, presentedLayer == nil {
            let controller = FlowUIKit.controller(for: layer, navigation: navigation, makeScreen: makeScreen)
            controller.modalPresentationStyle = layer.kind == .cover ? .fullScreen : .pageSheet
            // The sheet stays until the coordinator dismissed it (a `confirm` screen asks first): a
            // swipe-down only asks, in presentationControllerDidAttemptToDismiss.
            controller.isModalInPresentation = true
            controller.presentationController?.delegate = self
            present(controller, animated: true)
            presentedLayer = (layer, controller)
        }

        let confirmation = navigation.confirmation.flatMap { pending in
            routes.contains { $0.token == pending.route } ? pending : nil
        }
        if let confirmation, dialog == nil, presentedLayer == nil {
            let dialog = UIAlertController(title: confirmation.prompt, message: nil, preferredStyle: .actionSheet)
            dialog.addAction(
                UIAlertAction(title: "Discard", style: .destructive) { [navigation] _ in navigation.confirm() })
            dialog.addAction(
                UIAlertAction(title: "Keep editing", style: .cancel) { [navigation] _ in navigation.keepEditing() })
            present(dialog, animated: true)
            self.dialog = dialog
        } else if confirmation == nil, let shownDialog = dialog {
            shownDialog.dismiss(animated: true)
            dialog = nil
        }
    }

    // MARK: What the person did

    /// The back button or an interactive pop finished (a cancelled swipe shows the same top again and
    /// changes nothing): however many routes went, the remaining ones are one `setPath`, one step.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {
        let remaining = stack.routes.filter { route in viewControllers.contains { $0 === screens[route.token] } }
        guard remaining.count < stack.routes.count, !remaining.isEmpty else { return }
        navigation.setPath(Array(remaining.dropFirst()), of: stack)
        render()  // refused or held for a confirmation: the popped view controllers come back
    }

    /// A swipe-down on the sheet over this stack: one dismissal, which the coordinator may refuse or hold.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        navigation.setPresented(nil, over: stack)
    }
}

/// A tab set in a `UITabBarController`: one stack controller per started tab. A tap asks the coordinator
/// to select the tab (one step; the delegate declines the tap) and the bar shows the coordinator's selection.
@MainActor
public final class FlowTabBarController: UITabBarController, UITabBarControllerDelegate {
    let navigation: FlowNavigation
    let tabSet: FlowTabSetModel
    let makeScreen: @MainActor (Route) -> UIViewController
    private var tabControllers: [String: UIViewController] = [:]

    public init(
        navigation: FlowNavigation, tabSet: FlowTabSetModel,
        makeScreen: @escaping @MainActor (Route) -> UIViewController
    ) {
        self.navigation = navigation
        self.tabSet = tabSet
        self.makeScreen = makeScreen
        super.init(nibName: nil, bundle: nil)
        delegate = self
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("FlowTabBarController is made in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        observe()
    }

    /// Renders the tabs (a tab not started yet shows an empty placeholder: it starts when selected) and
    /// the selection; again when a tab starts or the selection changes, not on steps inside a tab.
    private func observe() {
        withObservationTracking {
            guard tabSet.isAlive else { return }
            let controllers = tabSet.tabs.map { name in
                let controller =
                    tabControllers[name] ?? tabSet.stack(forTab: name).map {
                        FlowUIKit.controller(for: $0, navigation: navigation, makeScreen: makeScreen)
                    } ?? UIViewController()
                controller.tabBarItem = UITabBarItem(title: name, image: nil, tag: 0)
                if tabSet.stack(forTab: name) != nil { tabControllers[name] = controller }
                return controller
            }
            if viewControllers != controllers { setViewControllers(controllers, animated: false) }
            selectedIndex = tabSet.tabs.firstIndex(of: tabSet.selected) ?? 0
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    {
        guard let index = viewControllers?.firstIndex(of: viewController) else { return false }
        navigation.selectTab(tabSet.tabs[index], of: tabSet)
        return false
    }
}

extension Library {
    /// The reading app on UIKit: the coordinator's root stack, one view controller per typed route
    /// (`screen` gets the typed route, the route's token to send events from, and the coordinator).
    /// - Throws: `GeneratedFlowError` only if the generated file was edited by hand.
    public func makeUIKitRoot(
        screen: @escaping @MainActor (ReadingFlow.Route, RouteToken, FlowCoordinator) -> UIViewController
    ) throws -> UIViewController {
        let coordinator = try ReadingFlow.coordinator(host: self)
        coordinator.start()
        let navigation = FlowNavigation(coordinator)
        guard let root = navigation.rootStack else { return UIViewController() }
        return FlowUIKit.controller(for: root, navigation: navigation) { route in
            guard let typed = try? ReadingFlow.Route(route, in: coordinator) else { return UIViewController() }
            return screen(typed, route.token, coordinator)
        }
    }
}
#endif
