import FlowModel
import FlowRuntime
import Testing

/// The code FlowcPlugin generated from the reading and social apps' flows (this target's flowc-plugin.json),
/// called as a host calls it: typed routes from the stack objects (kept tabs included), each screen's
/// route sending that screen's events, typed outcomes in a step, tab enums, link builders and prompts.
@MainActor
struct ReadingRouteTests {
    final class Library: Flows.Host {
        var missingBooks: Set<Int> = []
        var isSignedIn = true
        func bookExists(_ value: Int) -> Bool { !missingBooks.contains(value) }
    }

    @Test func typedRoutesComeFromTheStackObjectCachedUntilItsRoutesChange() throws {
        let coordinator = try ReadingFlow.coordinator(host: Library())
        coordinator.start()
        let stack = try #require(coordinator.rootStack)
        let first = try stack.typedRoutes(ReadingFlow.Route.self)
        guard case .library(let library) = try #require(first.first) else {
            Issue.record("the root is not the library: \(first)")
            return
        }
        #expect(library.route == coordinator.path[0])
        #expect(library.send(.selectBook(bookID: 7)).status == .applied)
        let typed = try stack.typedRoutes(ReadingFlow.Route.self)
        #expect(typed.map(\.route) == coordinator.path)
        guard case .details(let details, let bookID) = typed[1] else {
            Issue.record("not the details route: \(typed)")
            return
        }
        #expect(bookID == 7)
        // The same typed routes until the stack's routes change; a route looked up by value is one of them.
        #expect(try stack.typedRoutes(ReadingFlow.Route.self) == typed)
        #expect(stack.typed(coordinator.path[1], as: ReadingFlow.Route.self) == typed[1])
        // The typed route types the edit child below its declaration, and sends only that screen's events.
        #expect(details.send(.edit).status == .applied)
        guard case .edit(.editor(let editor, let editing)) = try stack.typedRoutes(ReadingFlow.Route.self)[2] else {
            Issue.record("not the editor")
            return
        }
        #expect(editing == 7)
        let saved = editor.send(.save)
        #expect(saved.status == .applied)
        // This flow's outcome in the step, typed; a flow that did not finish has none.
        #expect(try saved.outcome(EditFlow.Outcome.self) == .saved)
        #expect(try saved.outcome(SignInFlow.Outcome.self) == nil)
        // The editor's route is gone: its typed route's event is stale, and the stack no longer types it.
        #expect(editor.send(.cancel).status == .stale)
        #expect(stack.typed(editor.route, as: ReadingFlow.Route.self) == nil)
    }

    @Test func aTypedRouteOfAnotherBundleOrRootFlowIsRefusedByTheStack() throws {
        let social = try SocialFlow.coordinator(host: Library())
        social.start()
        let stack = try #require(social.rootStack)
        #expect(throws: GeneratedFlowError.otherRootFlow(expected: "reading", found: "social")) {
            try stack.typedRoutes(ReadingFlow.Route.self)
        }
        #expect(stack.typed(social.path[0], as: ReadingFlow.Route.self) == nil)
    }

    @Test func aKeptTabTypesItsRoutesWithoutBeingShown() throws {
        let coordinator = try SocialFlow.coordinator(host: Library())
        coordinator.start()
        let bar = try #require(coordinator.rootStack?.tabSet)
        let feed = try #require(bar.stack(forTab: "feed"))
        guard case .feed(.timeline(let timeline)) = try feed.typedRoutes(SocialFlow.Route.self)[0] else {
            Issue.record("not the timeline")
            return
        }
        #expect(timeline.send(.openPost(postID: 5)).status == .applied)
        #expect(coordinator.select(SocialFlow.Tab.search) == .applied)
        #expect(bar.selected == "search")
        // The feed tab is kept aside: its stack object still types its routes, from the root flow down.
        let kept = try feed.typedRoutes(SocialFlow.Route.self)
        #expect(kept.map(\.route) == feed.routes)
        guard case .feed(.post(let post, let postID)) = kept[1] else {
            Issue.record("not the post: \(kept)")
            return
        }
        #expect(postID == 5)
        #expect(post.route.flow == "feed")
        // A typed route of a kept tab converts on its own too (not on the shown path).
        #expect(try SocialFlow.Route(feed.routes[1], in: coordinator) == kept[1])
    }

    @Test func tabsAreAGeneratedEnumInDisplayOrder() throws {
        #expect(SocialFlow.Tab.allCases == [.feed, .search, .profile])
        #expect(SocialFlow.Tab.tabFlow == "social")
        #expect(SocialFlow.Tab.search.title == "search")
        #expect(SocialFlow.Tab.search.icon == nil)
        let coordinator = try SocialFlow.coordinator(host: Library())
        coordinator.start()
        let navigation = FlowNavigation(coordinator)
        let bar = try #require(navigation.rootStack?.tabSet)
        let selection = try #require(navigation.selection(binding: bar, as: SocialFlow.Tab.self))
        #expect(selection.wrappedValue == .feed)
        selection.wrappedValue = .profile
        #expect(bar.selected == "profile")
        #expect(selection.wrappedValue == .profile)
        // A tab enum of another flow does not bind this tab set.
        #expect(navigation.selection(binding: bar, as: OtherTabs.self) == nil)
        #expect(coordinator.select(OtherTabs.feed) == StepResult(.rejected, .noTabSet(flow: "social")))
    }

    /// A tab enum of a tab flow this coordinator does not run.
    enum OtherTabs: String, FlowTab {
        case feed
        static var tabFlow: String { "elsewhere" }
        var title: String { rawValue }
        var icon: String? { nil }
    }

    @Test func linkBuildersPromptsAndConditionsAreConstants() throws {
        #expect(ReadingFlow.Link.books(bookID: 9) == "/books/9")
        #expect(ReadingFlow.Link.booksEdit(bookID: 9) == "/books/9/edit")
        #expect(SocialFlow.Link.feedNew() == "/feed/new")
        #expect(SocialFlow.Link.search(query: "a b/c?") == "/search/a%20b%2Fc%3F")
        #expect(SocialFlow.Link.searchPosts(query: "swift", postID: 5) == "/search/swift/posts/5")
        #expect(Flows.Condition.allCases == [.isSignedIn])
        #expect(Flows.Prompt.allCases == [.abandonSignIn, .discardDraft])

        let social = try SocialFlow.coordinator(host: Library())
        social.start()
        #expect(social.open(SocialFlow.Link.search(query: "a b/c?")) == .applied)
        #expect(social.path.last?.arguments == ["query": .string("a b/c?")])

        let reading = try ReadingFlow.coordinator(host: Library())
        #expect(reading.open(ReadingFlow.Link.booksEdit(bookID: 9)) == .applied)
        let stack = try #require(reading.rootStack)
        #expect(stack.asksBeforeRemoval)
        #expect(reading.reconcile(stack: stack.id, to: Array(stack.routes.prefix(2))).status == .pending)
        let pending = try #require(reading.pendingConfirmation)
        #expect(Flows.Prompt(pending) == .discardDraft)
    }
}
