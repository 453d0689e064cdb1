import FlowRuntime
import Observation

/// The social app's navigation, made once for the app's lifetime (in the `App`, not in a view's `init`,
/// which SwiftUI runs again on every rebuild of its parent): the account (the flows' host), the
/// coordinator started on it, and the `FlowNavigation` the views bind.
@MainActor
@Observable
public final class SocialModel {
    /// The flows' host.
    public let account: Account
    /// The bindings over the coordinator, which runs `social` on the embedded bundle.
    public let navigation: FlowNavigation

    /// Makes and starts the coordinator.
    /// - Throws: `GeneratedFlowError` only if the generated file was edited by hand.
    public init(account: Account) throws(GeneratedFlowError) {
        let coordinator = try SocialFlow.coordinator(host: account)
        coordinator.start()
        navigation = FlowNavigation(coordinator)
        self.account = account
    }

    /// The icon of a tab: the flow file's `icon:`, else the app's own choice (an exhaustive `switch`, so a
    /// tab added to the flows is a compile error here until it has one).
    public func icon(_ tab: SocialFlow.Tab) -> String {
        if let icon = tab.icon { return icon }
        switch tab {
        case .feed: return "house"
        case .search: return "magnifyingglass"
        case .profile: return "person"
        }
    }

    /// The question a pending confirmation asks, as the person reads it.
    public func question(_ confirmation: PendingConfirmation) -> String {
        switch Flows.Prompt(confirmation) {
        case .abandonSignIn: "Stop signing in?"
        case nil: "Leave this screen?"
        }
    }
}
