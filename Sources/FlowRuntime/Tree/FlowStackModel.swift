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
/// ``FlowCoordinator/rootStack``, ``FlowCoordinator/stackModel(_:)`` or ``FlowTabSetModel/stacks``.
@MainActor
@Observable
public final class FlowStackModel: Identifiable {
    /// The instance whose routes begin the stack (as ``FlowStack/id``).
    public let id: FlowInstanceID
    /// What the stack is in the tree.
    public let kind: FlowStack.Kind
    /// The stack's routes, bottom to top. Empty for a stack that shows a tab set (``tabSet``).
    public internal(set) var routes: [Route] = []
    /// The layer (a sheet or a cover) presented directly over this stack, if any.
    public internal(set) var presented: FlowStackModel?
    /// The tab set this stack shows (its content, when the stack's flow is a tab flow), if any.
    public internal(set) var tabSet: FlowTabSetModel?
    /// Whether the stack is still part of its coordinator's tree: false once its instance was removed.
    public internal(set) var isAlive = true

    init(id: FlowInstanceID, kind: FlowStack.Kind) {
        self.id = id
        self.kind = kind
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

    /// Whether the stack is a sheet or a cover.
    public var isPresented: Bool {
        switch kind {
        case .sheet, .cover: true
        case .root, .tab: false
        }
    }

    /// The stack as a value (routes as they are now).
    public var value: FlowStack { FlowStack(id: id, kind: kind, routes: routes) }

    // MARK: Writing (the coordinator's commit only)

    /// Sets ``routes`` when they differ (by token: a token names one immutable route of one coordinator).
    func update(routes new: some RandomAccessCollection<Route>) {
        // The storage, not the property: reading the property would register an observation.
        if _routes.count == new.count, zip(_routes, new).allSatisfy({ $0.token.rawValue == $1.token.rawValue }) {
            return
        }
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
