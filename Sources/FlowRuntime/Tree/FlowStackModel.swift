import FlowModel
import Observation

/// One stack of the coordinator's navigation tree as an observable object with a stable identity: a
/// SwiftUI host binds one `NavigationStack(path:)` to it, and one `.sheet`/`.fullScreenCover` to its
/// ``presented`` layer, without index arithmetic.
///
/// The coordinator keeps one object per live stack (shown, or in a tab that is not selected) for as long
/// as the stack lives: the same object across steps, across tab switches, and while its tab is kept. A
/// step writes each property only when its value changed, so an observer of one stack hears nothing of a
/// step that changes another stack, a tab selection or a layer it does not show. Read from
/// ``FlowCoordinator/rootStack``, ``FlowCoordinator/stackModel(_:)`` or ``FlowTabSetModel/stack(forTab:)``.
///
/// ```swift
/// struct StackView: View {
///     let navigation: FlowNavigation
///     let stack: FlowStackModel
///
///     var body: some View {
///         NavigationStack(path: navigation.pathBinding(stack)) {     // observes this stack's routes only
///             if let root = stack.root { ScreenView(route: stack.typed(root, as: ReadingFlow.Route.self)) }
///         }
///         .sheet(item: navigation.sheetBinding(over: stack)) { sheet in
///             StackView(navigation: navigation, stack: sheet)
///                 .interactiveDismissDisabled(sheet.asksBeforeRemoval)
///         }
///     }
/// }
/// ```
@MainActor
@Observable
public final class FlowStackModel: Identifiable {
    /// What a stack is in the tree.
    public enum Kind: Hashable, Sendable {
        /// The root flow's stack.
        case root
        /// The stack of tab `name` of the tab set run by instance `tabSet`.
        case tab(name: String, tabSet: FlowInstanceID)
        /// A sheet presented over the stack below it.
        case sheet
        /// A full-screen cover presented over the stack below it.
        case cover
    }

    /// The instance whose routes begin the stack: the root instance, a tab's instance, or a presented
    /// child's instance.
    public let id: FlowInstanceID
    /// What the stack is in the tree.
    public let kind: Kind
    /// The stack's routes, bottom to top. Empty for a stack that shows a tab set (``tabSet``).
    public internal(set) var routes: [Route] = []
    /// The layer (a sheet or a cover) presented directly over this stack, if any.
    public internal(set) var presented: FlowStackModel?
    /// The tab set this stack shows (its content, when the stack's flow is a tab flow), if any.
    public internal(set) var tabSet: FlowTabSetModel?
    /// Whether the stack is still part of its coordinator's tree: false once its instance was removed.
    public internal(set) var isAlive = true

    /// The child declaration names of the chain positions the stack's routes sit at (position 1 first),
    /// written with the routes: what typed routes are built from.
    @ObservationIgnored private var lineage: [String] = []
    /// The bundle, root flow and sender typed routes are checked against and send through.
    @ObservationIgnored private let typing: RouteTyping
    /// The routes typed, by generated route type, until the routes change.
    @ObservationIgnored private var typed: [ObjectIdentifier: any Sendable] = [:]

    init(id: FlowInstanceID, kind: Kind, typing: RouteTyping) {
        self.id = id
        self.kind = kind
        self.typing = typing
    }

    /// The first route: the `NavigationStack`'s root view. Nil for a stack without routes.
    public var root: Route? { routes.first }

    /// The routes above the first: the `NavigationStack`'s path.
    public var path: [Route] { Array(routes.dropFirst()) }

    /// ``presented`` when it is a sheet: the item of `.sheet(item:)`.
    public var sheet: FlowStackModel? {
        guard let presented, presented.kind == .sheet else { return nil }
        return presented
    }

    /// ``presented`` when it is a full-screen cover: the item of `.fullScreenCover(item:)`.
    public var cover: FlowStackModel? {
        guard let presented, presented.kind == .cover else { return nil }
        return presented
    }

    /// Whether removing one of the stack's routes asks the person first (a screen whose removal policy is
    /// `confirm`): a sheet showing such a route is bound with `.interactiveDismissDisabled(true)`, so a
    /// swipe cannot slide it away while the coordinator keeps it (its screen offers the way out, and the
    /// coordinator's question appears over it, ``FlowNavigation/confirmation(on:)``). Observes ``routes``.
    public var asksBeforeRemoval: Bool { routes.contains { $0.removal == .confirm } }

    /// Whether the stack is a sheet or a cover.
    public var isPresented: Bool {
        switch kind {
        case .sheet, .cover: true
        case .root, .tab: false
        }
    }

    /// The stack as a value (routes as they are now).
    package var value: FlowStack { FlowStack(id: id, kind: kind, routes: routes) }

    // MARK: Typed routes

    /// The stack's routes typed by the generated route enum of the coordinator's root flow, bottom to top:
    /// `stack.typedRoutes(ReadingFlow.Route.self)`. Made once per change of the stack's routes (a commit
    /// that changes this stack) and cached until the next; a kept tab's stack types its routes as a shown
    /// one does. Observes this stack's ``routes`` only.
    /// - Throws: ``GeneratedFlowError/bundleMismatch(expected:found:)`` when `type` was generated from
    ///   another bundle than the coordinator runs, ``GeneratedFlowError/otherRootFlow(expected:found:)``
    ///   when it types another root flow's routes, ``GeneratedFlowError/unknownRoute(_:)`` for a route of
    ///   flows it was not generated from (a bundle edited by hand).
    public func typedRoutes<Typed: TypedRoute>(_ type: Typed.Type = Typed.self) throws(GeneratedFlowError) -> [Typed] {
        let routes = self.routes
        if let cached = typed[ObjectIdentifier(type)] as? [Typed] { return cached }
        guard type.contentHash == typing.contentHash else {
            throw .bundleMismatch(expected: type.contentHash, found: typing.contentHash)
        }
        guard type.rootFlow == typing.rootFlow else {
            throw .otherRootFlow(expected: type.rootFlow, found: typing.rootFlow)
        }
        var made: [Typed] = []
        made.reserveCapacity(routes.count)
        for route in routes {
            made.append(
                try Typed(
                    RouteAddress(route, lineage: lineage, rootFlow: typing.rootFlow, sender: typing.sender), at: 0))
        }
        typed[ObjectIdentifier(type)] = made
        return made
    }

    /// The typed route of `route`, one of this stack's routes (a `NavigationStack`'s root or a
    /// `navigationDestination(for: Route.self)` value), from ``typedRoutes(_:)``'s cache. Nil when the stack
    /// no longer holds the route (it was just removed) or ``typedRoutes(_:)`` throws; that error says why.
    public func typed<Typed: TypedRoute>(_ route: Route, as type: Typed.Type = Typed.self) -> Typed? {
        guard let all = try? typedRoutes(type), let index = routes.firstIndex(of: route) else { return nil }
        return all[index]
    }

    // MARK: Writing (the coordinator's commit only)

    /// Sets ``routes`` when they differ (by token: a token names one immutable route of one coordinator),
    /// with the names of their chain positions (`lineage`, read only then), and drops the typed routes.
    func update(routes new: some RandomAccessCollection<Route>, lineage: () -> [String]) {
        // The storage, not the property: reading the property would register an observation.
        if _routes.count == new.count, zip(_routes, new).allSatisfy({ $0.token.rawValue == $1.token.rawValue }) {
            return
        }
        self.lineage = lineage()
        typed.removeAll()
        routes = Array(new)
    }

    /// Sets ``presented`` when it is another object.
    func update(presented new: FlowStackModel?) {
        if _presented !== new { presented = new }
    }

    /// Sets ``tabSet`` when it is another object.
    func update(tabSet new: FlowTabSetModel?) {
        if _tabSet !== new { tabSet = new }
    }

    /// Tells the observers of ``routes`` to read again, without changing them: the restore after a change
    /// the UI made was refused.
    func restoreRoutes() { withMutation(keyPath: \.routes) {} }

    /// Tells the observers of ``presented`` to read again (a refused dismissal).
    func restorePresented() { withMutation(keyPath: \.presented) {} }
}
