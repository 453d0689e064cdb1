import FlowModel
import Observation

/// One tab set of the coordinator's navigation tree as an observable object with a stable identity: a
/// SwiftUI host binds one `TabView(selection:)` to ``selected`` and one `NavigationStack(path:)` per tab
/// to that tab's stack (``stack(forTab:)``), selected or not.
///
/// The selection and the set of started tabs are observed apart from each tab's stack: selecting a tab
/// changes ``selected`` (and which tabs are started, ``stack(forTab:)``, only the first time the tab starts); a step inside one tab changes
/// that tab's ``FlowStackModel`` only.
///
/// ```swift
/// if let tabSet = stack.tabSet, let selection = navigation.selectionBinding(tabSet, as: SocialFlow.Tab.self) {
///     TabView(selection: selection) {                       // a tap is one selection step
///         ForEach(SocialFlow.Tab.allCases, id: \.self) { tab in
///             Group {
///                 if let tabStack = tabSet.stack(forTab: tab.rawValue) {
///                     StackView(navigation: navigation, stack: tabStack)   // kept while another tab shows
///                 }
///             }
///             .tabItem { Label(tab.title, systemImage: tab.icon ?? "circle") }
///             .tag(tab)
///         }
///     }
/// }
/// ```
@MainActor
@Observable
public final class FlowTabSetModel: Identifiable {
    /// The tab flow instance.
    public let id: FlowInstanceID
    /// The tab flow's name.
    public let flow: String
    /// The tab names, in display order.
    public let tabs: [String]
    /// The selected tab's name.
    public internal(set) var selected: String
    /// The bottom stack of every started tab, by tab name (a tab not yet started has none: it starts when
    /// selected). Changes when a tab starts or ends, not when a tab's routes change. Hosts read one tab's
    /// with ``stack(forTab:)``.
    var stacks: [String: FlowStackModel] = [:]
    /// Whether the tab set is still part of its coordinator's tree.
    public internal(set) var isAlive = true

    /// The child declaration names of chain positions 1 to the tab flow instance's: where its tabs' typed
    /// routes sit.
    @ObservationIgnored let lineage: [String]

    init(id: FlowInstanceID, flow: String, tabs: [String], selected: String, lineage: [String]) {
        self.id = id
        self.flow = flow
        self.tabs = tabs
        self.selected = selected
        self.lineage = lineage
    }

    /// The bottom stack of tab `name`, if it was started (a tab starts when first selected): the
    /// `NavigationStack` of that tab, kept while another tab shows. Observes which tabs are started, not
    /// their routes.
    ///
    /// ```swift
    /// ForEach(SocialFlow.Tab.allCases, id: \.self) { tab in
    ///     if let tabStack = tabSet.stack(forTab: tab.rawValue) {
    ///         StackView(navigation: navigation, stack: tabStack)
    ///     }
    /// }
    /// ```
    public func stack(forTab name: String) -> FlowStackModel? { stacks[name] }

    /// The selected tab's bottom stack, if it is started.
    public var selectedStack: FlowStackModel? { stacks[selected] }

    // MARK: Writing (the coordinator's commit only)

    /// Sets ``selected`` when it differs.
    func update(selected new: String) {
        if _selected != new { selected = new }
    }

    /// Sets tab `name`'s stack when it is another object (nil: the tab ended).
    func update(stack new: FlowStackModel?, forTab name: String) {
        if _stacks[name] !== new { stacks[name] = new }
    }

    /// Tells the observers of ``selected`` to read again (a refused selection).
    func restoreSelection() { withMutation(keyPath: \.selected) {} }
}
