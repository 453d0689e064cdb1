#if canImport(UIKit)
import FlowRuntime
import Observation
import UIKit

/// A UIKit host sketch over `FlowNavigation` and the coordinator's stack and tab-set objects: a
/// `UINavigationController` per stack, sheets and covers presented modally, a `UITabBarController` per
/// tab set, the pending confirmation as an action sheet.
///
/// Compiled on Apple platforms; on Linux a test type-checks it against stand-in UIKit declarations copied
/// from Apple's documentation (checked against documented signatures, not compiled with Apple's SDK, and
/// never run). Like the SwiftUI host it holds no navigation rule. It shows what the coordinator holds and turns each thing the person does into
/// one `FlowNavigation` call (one coordinator step), then shows the coordinator's state again, which
/// undoes a change the coordinator refused or held for a confirmation.
@MainActor
public enum FlowUIKit {
    /// Makes the view controller of one route of a stack (typed with `stack.typed(route, as:)`).
    public typealias ScreenMaker = @MainActor (Route, FlowStackModel) -> UIViewController

    /// The view controller of stack `stack`: a tab bar when the stack shows a tab set, else a navigation
    /// controller; `makeScreen` makes the view controller of one route, `tabItem` the bar item of a tab
    /// (by name: a host maps it to its generated tab enum's `title` and `icon`).
    public static func controller(
        for stack: FlowStackModel, navigation: FlowNavigation,
        tabItem: @escaping @MainActor (String) -> UITabBarItem = { UITabBarItem(title: $0, image: nil, tag: 0) },
        makeScreen: @escaping ScreenMaker
    ) -> UIViewController {
        if let tabSet = stack.tabSet {
            return FlowTabBarController(
                navigation: navigation, tabSet: tabSet, tabItem: tabItem, makeScreen: makeScreen)
        }
        return FlowStackController(navigation: navigation, stack: stack, tabItem: tabItem, makeScreen: makeScreen)
    }
}

/// One stack in a `UINavigationController`: one view controller per route, the layer over it presented.
@MainActor
public final class FlowStackController: UINavigationController, UINavigationControllerDelegate,
    UIAdaptivePresentationControllerDelegate
{
    let navigation: FlowNavigation
    let stack: FlowStackModel
    let tabItem: @MainActor (String) -> UITabBarItem
    let makeScreen: FlowUIKit.ScreenMaker
    /// The view controllers shown, by route: a route keeps its view controller while it stays shown.
    private var screens: [RouteToken: UIViewController] = [:]
    /// The layer presented over this stack, and its view controller.
    private var presentedLayer: (stack: FlowStackModel, controller: UIViewController)?
    private var dialog: UIAlertController?

    public init(
        navigation: FlowNavigation, stack: FlowStackModel,
        tabItem: @escaping @MainActor (String) -> UITabBarItem, makeScreen: @escaping FlowUIKit.ScreenMaker
    ) {
        self.navigation = navigation
        self.stack = stack
        self.tabItem = tabItem
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
        let shown = routes.map { route in screens[route.token] ?? makeScreen(route, stack) }
        screens = Dictionary(uniqueKeysWithValues: zip(routes.map(\.token), shown))
        if viewControllers != shown { setViewControllers(shown, animated: viewIfLoaded?.window != nil) }

        let layer = stack.presented
        if let current = presentedLayer, current.stack !== layer {
            // Dismissed by this controller, the presenter: it takes every layer presented above it, however
            // deep they nest (the presented controller's own `dismiss` would take only its own layer above).
            if current.controller.presentingViewController != nil { dismiss(animated: true) }
            presentedLayer = nil
        }
        if let layer, presentedLayer == nil {
            let controller = FlowUIKit.controller(
                for: layer, navigation: navigation, tabItem: tabItem, makeScreen: makeScreen)
            controller.modalPresentationStyle = layer.kind == .cover ? .fullScreen : .pageSheet
            // The sheet stays until the coordinator dismissed it (a `confirm` screen asks first): a
            // swipe-down only asks, in presentationControllerDidAttemptToDismiss.
            controller.isModalInPresentation = true
            controller.presentationController?.delegate = self
            present(controller, animated: true)
            presentedLayer = (layer, controller)
        }

        // The question of a `confirm` route of this stack, over this stack (a sheet's over the sheet).
        let confirmation = navigation.confirmation(on: stack)
        if let confirmation, dialog == nil, presentedLayer == nil {
            let dialog = UIAlertController(title: confirmation.prompt, message: nil, preferredStyle: .actionSheet)
            // An action sheet is a popover on iPad: without a source it raises an exception there.
            if let popover = dialog.popoverPresentationController {
                popover.sourceView = view
                popover.sourceRect = CGRect(x: view.bounds.midX, y: view.bounds.maxY, width: 0, height: 0)
            }
            dialog.addAction(
                UIAlertAction(title: "Discard", style: .destructive) { [navigation] _ in
                    navigation.coordinator.confirmRemoval()
                })
            dialog.addAction(
                UIAlertAction(title: "Keep editing", style: .cancel) { [navigation] _ in
                    navigation.coordinator.keepEditing()
                })
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
    let tabItem: @MainActor (String) -> UITabBarItem
    let makeScreen: FlowUIKit.ScreenMaker
    /// The controller of each tab by name: a started tab's stack controller, or the placeholder of a tab not
    /// started yet, made once (not again on every observation pass) and replaced when the tab starts.
    private var tabControllers: [String: (stack: FlowStackModel?, controller: UIViewController)] = [:]

    public init(
        navigation: FlowNavigation, tabSet: FlowTabSetModel,
        tabItem: @escaping @MainActor (String) -> UITabBarItem, makeScreen: @escaping FlowUIKit.ScreenMaker
    ) {
        self.navigation = navigation
        self.tabSet = tabSet
        self.tabItem = tabItem
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
                let stack = tabSet.stack(forTab: name)
                if let kept = tabControllers[name], kept.stack === stack { return kept.controller }
                let controller =
                    stack.map {
                        FlowUIKit.controller(for: $0, navigation: navigation, tabItem: tabItem, makeScreen: makeScreen)
                    } ?? UIViewController()
                controller.tabBarItem = tabItem(name)
                tabControllers[name] = (stack, controller)
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
        navigation.selectTab(at: index, of: tabSet)
        return false
    }
}

extension ReadingModel {
    /// The reading app on UIKit, over the model's coordinator (made once, by the app): the root stack, one
    /// view controller per typed route (`screen` gets the typed route, whose cases send their screens'
    /// events).
    public func makeUIKitRoot(screen: @escaping @MainActor (ReadingFlow.Route) -> UIViewController)
        -> UIViewController
    {
        guard let root = navigation.rootStack else { return UIViewController() }
        return FlowUIKit.controller(for: root, navigation: navigation) { route, stack in
            // Nil only for a route that left its stack in this very step.
            stack.typed(route, as: ReadingFlow.Route.self).map(screen) ?? UIViewController()
        }
    }
}
#endif
