import FlowModel
import FlowRuntime
import FlowTestSupport
import Observation
import Testing

/// The binding layer a SwiftUI host uses (docs/HOSTING.md), driven as the UI would drive it: pops from a
/// `NavigationStack`, swipe-downs of a sheet, tab taps, and a confirmation dialog's round trip.
@MainActor
struct NavigationBindingTests {
    func reading(_ url: String? = nil) throws -> (FlowCoordinator, FlowNavigation) {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        if let url { #expect(coordinator.open(url) == .applied) } else { coordinator.start() }
        return (coordinator, FlowNavigation(coordinator))
    }

    /// Whether reading `read` registered an observation that `change` then triggers.
    func notifies(_ read: () -> Void, when change: () -> Void) -> Bool {
        let flag = ObservationTests.Flag()
        withObservationTracking(read) { flag.fired = true }
        change()
        return flag.fired
    }

    @Test func aStackIsItsFirstRouteAndAPathAbove() throws {
        let (coordinator, navigation) = try reading("/books/7")
        let stack = try #require(navigation.rootStack)
        #expect(coordinator.stacks.count == 1)
        #expect(stack.root == coordinator.path[0])
        #expect(stack.path == [coordinator.path[1]])
        #expect(navigation.path(binding: stack).wrappedValue.map(\.screen) == ["details"])
    }

    @Test func aUIPopOfSeveralRoutesIsOneReconcile() throws {
        // library → details → edit.editor (confirm): the UI pops details and the editor at once.
        let (coordinator, navigation) = try reading("/books/7/edit")
        let stack = try #require(navigation.rootStack)
        let library = coordinator.path[0]
        navigation.path(binding: stack).wrappedValue = []
        // One reconcile to [library]: the editor's confirm holds it, keeping the first route only.
        #expect(navigation.lastResult == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.keepCount == 1)
        #expect(coordinator.path.count == 3)
        // Confirmed: the removal stands whole (the parent's handler is skipped: it also took `details`).
        #expect(coordinator.confirmRemoval().status == .applied)
        #expect(coordinator.path == [library])
        #expect(stack.path == [])
        // Two single pops would have stopped at details: back(1) asks for the editor alone.
        let (other, _) = try reading("/books/7/edit")
        #expect(other.back(1) == StepResult(.pending))
        #expect(other.pendingConfirmation?.keepCount == 2)
    }

    @Test func aPopWithoutPolicyAppliesAndTheSamePathIsANoOp() throws {
        let (coordinator, navigation) = try reading("/books/7")
        let stack = try #require(navigation.rootStack)
        navigation.setPath(stack.path, of: stack)
        #expect(navigation.lastResult == nil)
        #expect(notifies({ _ = stack.path }, when: { navigation.setPath([], of: stack) }))
        #expect(navigation.lastResult == .applied)
        #expect(coordinator.path.map(\.screen) == ["library"])
        #expect(navigation.refusals == 0)
    }

    @Test func aNonPrefixIsRefusedAndTheGetterReturnsTheCoordinatorsPath() throws {
        let (coordinator, navigation) = try reading("/books/7")
        let (other, _) = try reading("/books/8")
        let stack = try #require(navigation.rootStack)
        let before = coordinator.path
        // A route of another coordinator (same tokens, other routes), and a path longer than the stack's.
        #expect(notifies({ _ = stack.path }, when: { navigation.setPath([other.path[1]], of: stack) }))
        #expect(navigation.lastResult == StepResult(.rejected, .notAPrefix))
        #expect(stack.path == [before[1]])
        navigation.path(binding: stack).wrappedValue = [before[1], before[1]]
        #expect(navigation.lastResult == StepResult(.rejected, .notAPrefix))
        #expect(coordinator.path == before)
        #expect(navigation.refusals == 2)
    }

    /// The UIKit host of docs/HOSTING.md: a navigation controller's view controllers are the stack's root and
    /// the routes above it; after an interactive pop the host passes the routes above the root, as
    /// ``FlowStackModel/path`` holds them. Passing the root's route too is not a prefix and is refused.
    @Test func aUIKitPopPassesTheRoutesAboveTheRoot() throws {
        let (coordinator, navigation) = try reading()
        #expect(coordinator.send("selectBook", arguments: ["bookID": .int(7)]) == .applied)
        let stack = try #require(navigation.rootStack)
        let viewControllers = [try #require(stack.root)] + stack.path
        #expect(viewControllers == coordinator.path)
        let remaining = Array(viewControllers.prefix(1))  // the person popped `details`
        navigation.setPath(remaining, of: stack)
        #expect(navigation.lastResult == StepResult(.rejected, .notAPrefix))
        #expect(coordinator.path == viewControllers)
        navigation.setPath(Array(remaining.dropFirst()), of: stack)
        #expect(navigation.lastResult == .applied)
        #expect(coordinator.path.map(\.screen) == ["library"])
        #expect([try #require(stack.root)] + stack.path == coordinator.path)
    }

    @Test func theConfirmationRoundTripsThroughItsBinding() throws {
        let (coordinator, navigation) = try reading("/books/7/edit")
        let stack = try #require(navigation.rootStack)
        let presented = navigation.isConfirmationPresented(on: stack)
        #expect(navigation.confirmation(on: stack) == nil)
        #expect(!presented.wrappedValue)
        // The back gesture crosses the editor's confirm policy: nothing changes, the dialog shows.
        #expect(
            notifies(
                { _ = navigation.confirmation(on: stack) },
                when: { navigation.setPath([coordinator.path[1]], of: stack) }))
        let asked = try #require(navigation.confirmation(on: stack))
        #expect(asked.prompt == "discardDraft")
        #expect(asked.id == coordinator.path[2].token)
        #expect(presented.wrappedValue)
        #expect(coordinator.path.count == 3)
        // Dismissed without an answer (tapped outside): the removal is dropped, the editor stays.
        presented.wrappedValue = false
        #expect(navigation.lastResult == .applied)
        #expect(navigation.confirmation(on: stack) == nil)
        #expect(coordinator.path.count == 3)
        // Asked again and confirmed; SwiftUI then clears the binding, which changes nothing more.
        navigation.setPath([coordinator.path[1]], of: stack)
        #expect(navigation.lastResult == StepResult(.pending))
        #expect(coordinator.confirmRemoval() == .applied)
        presented.wrappedValue = false
        #expect(navigation.lastResult == StepResult(.pending))
        #expect(coordinator.path.map(\.screen) == ["library", "details"])
        #expect(coordinator.root?.children.isEmpty == true)
    }

    func social(signedIn: Bool) throws -> (FlowCoordinator, FlowNavigation, TestHost) {
        let host = TestHost()
        host.conditions["isSignedIn"] = signedIn
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social", host: host.host)
        coordinator.start()
        return (coordinator, FlowNavigation(coordinator), host)
    }

    @Test func aSheetIsAnItemTheSwipeDownDismisses() throws {
        // The host is kept: TestHost's closures hold it weakly.
        let (coordinator, navigation, host) = try social(signedIn: true)
        defer { withExtendedLifetime(host) {} }
        let feed = try #require(navigation.rootStack?.tabSet?.stack(forTab: "feed"))
        #expect(navigation.sheet(binding: feed).wrappedValue == nil)
        #expect(coordinator.send("compose") == .applied)
        let sheet = try #require(navigation.sheet(binding: feed).wrappedValue)
        #expect(sheet.kind == .sheet)
        #expect(sheet.routes.map(\.screen) == ["compose"])
        #expect(navigation.cover(binding: feed).wrappedValue == nil)
        navigation.sheet(binding: feed).wrappedValue = nil
        #expect(navigation.lastResult == .applied)
        #expect(navigation.sheet(binding: feed).wrappedValue == nil)
        #expect(coordinator.stacks.count == 1)
        #expect(navigation.refusals == 0)
    }

    @Test func aCoverRefusesTheSwipeDownAndStays() throws {
        let (coordinator, navigation, host) = try social(signedIn: false)
        defer { withExtendedLifetime(host) {} }
        let feed = try #require(navigation.rootStack?.tabSet?.stack(forTab: "feed"))
        coordinator.send("compose")
        let binding = navigation.cover(binding: feed)
        let cover = try #require(binding.wrappedValue)
        #expect(navigation.sheet(binding: feed).wrappedValue == nil)
        #expect(notifies({ _ = binding.wrappedValue }, when: { binding.wrappedValue = nil }))
        #expect(navigation.lastResult == StepResult(.rejected, .coverNotDismissible(flow: "signIn")))
        #expect(binding.wrappedValue === cover)
    }

    @Test func theTabSelectionIsOneSelectStep() throws {
        let (coordinator, navigation, host) = try social(signedIn: true)
        defer { withExtendedLifetime(host) {} }
        let tabs = try #require(navigation.rootStack?.tabSet)
        #expect(tabs.tabs == ["feed", "search", "profile"])
        let selection = try #require(navigation.selection(binding: tabs, as: SocialTab.self))
        #expect(selection.wrappedValue == .feed)
        coordinator.send("openPost", arguments: ["postID": .int(3)])
        selection.wrappedValue = .search
        #expect(navigation.lastResult == .applied)
        #expect(selection.wrappedValue == .search)
        #expect(coordinator.stacks.first?.kind == .tab(name: "search", tabSet: tabs.id))
        // The feed tab kept its stack.
        #expect(coordinator.tabSets.first?.keptStacks["feed"]?.routes.map(\.screen) == ["timeline", "post"])
        // A tab the flow does not have, by position (a UIKit tab bar's report).
        navigation.selectTab(at: 3, of: tabs)
        #expect(navigation.lastResult == StepResult(.rejected, .unknownTab(flow: "social", tab: "#3")))
        #expect(selection.wrappedValue == .search)
        #expect(navigation.refusals == 1)
    }

    // MARK: Bound through the tree's objects

    @Test func aStackObjectsPathBindingPopsAndRestoresOnlyThatStack() throws {
        let (coordinator, navigation, host) = try social(signedIn: true)
        defer { withExtendedLifetime(host) {} }
        coordinator.send("openPost", arguments: ["postID": .int(3)])
        coordinator.select(tab: "search")
        coordinator.send("submit", textArguments: ["query": "swift"])
        let tabs = try #require(navigation.rootStack?.tabSet)
        let search = try #require(tabs.stack(forTab: "search"))
        let feed = try #require(tabs.stack(forTab: "feed"))
        let binding = navigation.path(binding: search)
        #expect(binding.wrappedValue.map(\.screen) == ["results"])
        // A push from the UI is not a prefix: refused, and only this stack's observers read again.
        let flags = (search: ObservationTests.Flag(), feed: ObservationTests.Flag(), selection: ObservationTests.Flag())
        withObservationTracking {
            _ = binding.wrappedValue
        } onChange: {
            flags.search.fired = true
        }
        withObservationTracking {
            _ = navigation.path(binding: feed).wrappedValue
        } onChange: {
            flags.feed.fired = true
        }
        withObservationTracking {
            _ = navigation.selection(binding: tabs, as: SocialTab.self)?.wrappedValue
        } onChange: {
            flags.selection.fired = true
        }
        binding.wrappedValue = search.path + search.path
        #expect(navigation.lastResult == StepResult(.rejected, .notAPrefix))
        #expect((flags.search.fired, flags.feed.fired, flags.selection.fired) == (true, false, false))
        #expect(binding.wrappedValue.map(\.screen) == ["results"])
        // The pop applies on that stack.
        #expect(notifies({ _ = binding.wrappedValue }, when: { binding.wrappedValue = [] }))
        #expect(navigation.lastResult == .applied)
        #expect(search.routes.map(\.screen) == ["query"] && feed.routes.map(\.screen) == ["timeline", "post"])
        #expect(navigation.refusals == 1)
    }

    @Test func aStackObjectsSheetBindingDismissesAndACoverRestores() throws {
        let (coordinator, navigation, host) = try social(signedIn: true)
        defer { withExtendedLifetime(host) {} }
        let feed = try #require(navigation.rootStack?.tabSet?.stack(forTab: "feed"))
        coordinator.send("compose")
        let sheet = try #require(navigation.sheet(binding: feed).wrappedValue)
        #expect(sheet.routes.map(\.screen) == ["compose"] && navigation.cover(binding: feed).wrappedValue == nil)
        // Another item than the one presented is refused; the layer's observers read again.
        #expect(notifies({ _ = feed.sheet }, when: { navigation.setPresented(feed.id, over: feed) }))
        #expect(navigation.lastResult == StepResult(.rejected, .notPresented(feed.id)))
        #expect(feed.sheet === sheet)
        navigation.sheet(binding: feed).wrappedValue = nil
        #expect(navigation.lastResult == .applied)
        #expect(feed.sheet == nil && !sheet.isAlive)

        let (other, otherNavigation, otherHost) = try social(signedIn: false)
        defer { withExtendedLifetime(otherHost) {} }
        other.send("compose")
        let otherFeed = try #require(otherNavigation.rootStack?.tabSet?.stack(forTab: "feed"))
        let cover = try #require(otherFeed.cover)
        #expect(
            notifies(
                { _ = otherNavigation.cover(binding: otherFeed).wrappedValue },
                when: {
                    otherNavigation.cover(binding: otherFeed).wrappedValue = nil
                }))
        #expect(otherNavigation.lastResult == StepResult(.rejected, .coverNotDismissible(flow: "signIn")))
        #expect(otherFeed.cover === cover && cover.isAlive)
    }

    @Test func aTabSetObjectsSelectionBindingSelectsAndRestores() throws {
        let (_, navigation, host) = try social(signedIn: true)
        defer { withExtendedLifetime(host) {} }
        let tabs = try #require(navigation.rootStack?.tabSet)
        let selection = try #require(navigation.selection(binding: tabs, as: SocialTab.self))
        selection.wrappedValue = .profile
        #expect(navigation.lastResult == .applied)
        #expect(tabs.selected == "profile" && tabs.stack(forTab: "profile")?.routes.map(\.screen) == ["me"])
        #expect(notifies({ _ = selection.wrappedValue }, when: { navigation.selectTab(OtherTab.settings, of: tabs) }))
        #expect(navigation.lastResult == StepResult(.rejected, .unknownTab(flow: "social", tab: "other.settings")))
        #expect(selection.wrappedValue == .profile)
    }

    typealias SocialTab = SwiftUIWriteTests.SocialTab

    /// The tabs of another tab flow: refused by a tab set of `social`.
    enum OtherTab: String, FlowTab {
        case settings
        static var tabFlow: String { "other" }
        var title: String { rawValue }
        var icon: String? { nil }
    }
}
