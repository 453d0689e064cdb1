// A stand-in for Apple's UIKit module, so that Linux can type-check the UIKit host of this package
// (Examples/ReadingApp/Sources/ReadingApp/FlowUIKitHost.swift) in Swift 6 mode: only the declarations that
// code uses, each copied from the Apple documentation page named above it, attributes included
// (`@MainActor`, `@preconcurrency`, `@Sendable`). Bodies are placeholders: the module is type-checked
// against, never run. It is checked against documented signatures, not compiled with Apple's SDK
// (docs/HOSTING.md, "What the Linux tests check"). Linux has no Objective-C runtime, so `@objc` is left
// out and the delegates' `optional` requirements are requirements with empty default implementations.
@_exported import Foundation

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { nil }
    // https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect = .zero
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {}

// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: NSObject, @unchecked Sendable {}

// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
public enum UIModalPresentationStyle: Int, @unchecked Sendable {
    case fullScreen = 0
    case pageSheet = 1
}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    // https://developer.apple.com/documentation/objectivec/nsobject-swift.class/init() (inherited, as every
    // Objective-C initializer is: a view controller without a nib)
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { super.init() }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! = UIView()
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded
    open var viewIfLoaded: UIView? { view }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)? = nil
    ) {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    open var presentingViewController: UIViewController? { nil }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    open var modalPresentationStyle: UIModalPresentationStyle = .pageSheet
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation
    open var isModalInPresentation = false
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
    open var presentationController: UIPresentationController? { nil }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/popoverpresentationcontroller
    open var popoverPresentationController: UIPopoverPresentationController? { nil }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/tabbaritem
    open var tabBarItem: UITabBarItem!
}

// https://developer.apple.com/documentation/uikit/uipresentationcontroller
@MainActor open class UIPresentationController: NSObject {
    // https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
    weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller
@MainActor open class UIPopoverPresentationController: UIPresentationController {
    // https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourceview
    open var sourceView: UIView?
    // https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourcerect
    open var sourceRect: CGRect = .zero
}

// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate
@MainActor @preconcurrency public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdidattempttodismiss(_:)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

// https://developer.apple.com/documentation/uikit/uinavigationcontroller
@MainActor open class UINavigationController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
    open var viewControllers: [UIViewController] = []
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
    weak open var delegate: (any UINavigationControllerDelegate)?
}

// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
@MainActor @preconcurrency public protocol UINavigationControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

// https://developer.apple.com/documentation/uikit/uitabbaritem
@MainActor open class UITabBarItem: NSObject {
    // https://developer.apple.com/documentation/uikit/uitabbaritem/init(title:image:tag:)
    public init(title: String?, image: UIImage?, tag: Int) { super.init() }
}

// https://developer.apple.com/documentation/uikit/uitabbarcontroller
@MainActor open class UITabBarController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers
    open var viewControllers: [UIViewController]?
    // https://developer.apple.com/documentation/uikit/uitabbarcontroller/setviewcontrollers(_:animated:)
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedindex
    open var selectedIndex = 0
    // https://developer.apple.com/documentation/uikit/uitabbarcontroller/delegate
    weak open var delegate: (any UITabBarControllerDelegate)?
}

// https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate
@MainActor @preconcurrency public protocol UITabBarControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate/tabbarcontroller(_:shouldselect:)-3vqbv
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    { true }
}

// https://developer.apple.com/documentation/uikit/uialertcontroller
@MainActor open class UIAlertController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uialertcontroller/style
    public enum Style: Int, @unchecked Sendable {
        case actionSheet = 0
        case alert = 1
    }
    // https://developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:)
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
    }
    // https://developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:)
    open func addAction(_ action: UIAlertAction) {}
}

// https://developer.apple.com/documentation/uikit/uialertaction
@MainActor open class UIAlertAction: NSObject {
    // https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum
    public enum Style: Int, @unchecked Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }
    // https://developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)
    @preconcurrency public convenience init(
        title: String?, style: UIAlertAction.Style, handler: (@MainActor @Sendable (UIAlertAction) -> Void)? = nil
    ) { self.init() }
}
