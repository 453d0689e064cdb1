import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Tab-bar apps as people build them (format 1.2): a deep link into the shown tab set keeps the other
/// tabs, back at a tab's root follows the tab flow's declared policy, `select` resolves to the nearest
/// enclosing tab set that has the tab, and a `confirm` removal asks only while its condition holds.
@MainActor
struct TabAppSemanticsTests {
    /// The shown stacks as `kind: screens`, bottom to top, and the kept stacks as `kept TAB: screens`.
    func shape(_ coordinator: FlowCoordinator) -> [String] {
        let shown = coordinator.stacks.map { stack in
            let kind =
                switch stack.kind {
                case .root: "root"
                case .tab(let name, _): "tab \(name)"
                case .sheet: "sheet"
                case .cover: "cover"
                }
            return "\(kind): " + stack.routes.map(\.description).joined(separator: " ")
        }
        let kept = coordinator.tabSets.flatMap { set in
            set.keptStacks.sorted { $0.key < $1.key }.map {
                "kept \($0.key): " + $0.value.routes.map(\.description).joined(separator: " ")
            }
        }
        return shown + kept
    }

    func social(_ host: TestHost = TestHost()) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social", host: host.host)
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    /// flutter/flutter#134373: a notification's link into the feed tab keeps the search tab's stack.
    @Test func aLinkIntoTheShownTabSetKeepsTheOtherTabs() throws {
        let coordinator = try social()
        coordinator.select(tab: "search")
        #expect(coordinator.send("submit", textArguments: ["query": "swift"]) == .applied)
        let searchTokens = coordinator.path.map(\.token)
        let feed = try #require(coordinator.tabSets.first?.keptStacks["feed"])
        let result = coordinator.open("/posts/5")
        #expect(result == .applied)
        // The link shares the kept feed tab's timeline: it stays, with its instance and token (a link that
        // shows what is already shown changes nothing below it), and only the post is new.
        #expect(result.droppedTabs == [])
        #expect(coordinator.stacks.first?.id == feed.id)
        #expect(coordinator.path.first == feed.routes.first)
        #expect(
            shape(coordinator) == [
                "tab feed: feed.timeline feed.post(postID: 5)",
                "kept search: search.query search.results(query: swift)",
            ])
        // The kept stack is the same routes, tokens included: selecting it shows them again.
        coordinator.select(tab: "search")
        #expect(coordinator.path.map(\.token) == searchTokens)
    }

    /// The link's own tab was kept with a stack of its own: what the link does not share of it is replaced
    /// (the results of another query), the query screen it shares stays; no kept tab is dropped.
    @Test func aLinkIntoAKeptTabReplacesOnlyWhatItDoesNotShare() throws {
        let coordinator = try social()
        coordinator.select(tab: "search")
        #expect(coordinator.send("submit", textArguments: ["query": "swift"]) == .applied)
        let search = try #require(coordinator.stacks.last)
        coordinator.select(tab: "profile")
        #expect(coordinator.send("openSettings") == .applied)
        let result = coordinator.open("/search/kotlin")
        #expect(result == .applied)
        #expect(result.droppedTabs == [])
        #expect(result.removed == [])
        #expect(coordinator.path.first == search.routes.first)
        #expect(
            shape(coordinator) == [
                "tab search: search.query search.results(query: kotlin)",
                "kept feed: feed.timeline",
                "kept profile: profile.me profile.settings",
            ])
    }

    static let replacingSocial = """
        flow: social
        tabs: [feed, search]
        start: feed
        children:
          feed: { flow: feed }
          search: { flow: search }
        links:
          "/posts/{postID:int}": { routes: [feed, { post: { postID: $postID } }], tabs: replace }
        """
    static let feed = """
        flow: feed
        start: timeline
        screens:
          timeline: { on: { openPost: { params: { postID: int }, push: post, with: { postID: $postID } } } }
          post: { params: { postID: int } }
        """
    static let search = """
        flow: search
        start: query
        screens:
          query: { on: { submit: { params: { query: string }, push: results, with: { query: $query } } } }
          results: { params: { query: string } }
        """

    /// `tabs: replace` builds the whole tree, as links did before format 1.2, and still says what it dropped.
    @Test func aLinkThatDeclaresReplaceRebuildsTheTreeAndReportsTheKeptTabs() throws {
        let bundle = try Fixtures.bundle([Self.replacingSocial, Self.feed, Self.search])
        #expect(bundle.flows.first { $0.name == "social" }?.links.first?.tabs == .replace)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "social", host: TestHost().host)
        #expect(coordinator.start() == .applied)
        coordinator.select(tab: "search")
        #expect(coordinator.send("submit", textArguments: ["query": "swift"]) == .applied)
        coordinator.select(tab: "feed")
        let search = try #require(coordinator.tabSets.first?.keptStacks["search"]?.id)
        let result = coordinator.open("/posts/5")
        #expect(result == .applied)
        #expect(
            result.droppedTabs == [
                DroppedTab(flow: "social", tab: "search", instance: search, routes: ["query", "results"])
            ])
        #expect(shape(coordinator) == ["tab feed: feed.timeline feed.post(postID: 5)"])
    }

    static let materialTabs = """
        flow: home
        tabs: [feed, search]
        start: feed
        backAtTabRoot: selectFirstTab
        children:
          feed: { flow: feed }
          search: { flow: search }
        """

    /// Material's back: back at the root of a tab but the first selects the first tab; the tab left keeps
    /// its route; back at the first tab's root and back that would take more are refused, never stopping.
    @Test func backAtATabsRootSelectsTheFirstTabWhenTheTabFlowSaysSo() throws {
        let bundle = try Fixtures.bundle([Self.materialTabs, Self.feed, Self.search])
        #expect(bundle.flows.first { $0.name == "home" }?.backAtTabRoot == .selectFirstTab)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home", host: TestHost().host)
        #expect(coordinator.start() == .applied)
        coordinator.select(tab: "search")
        #expect(coordinator.back() == .applied)
        #expect(shape(coordinator) == ["tab feed: feed.timeline", "kept search: search.query"])
        #expect(coordinator.back() == StepResult(.rejected, .tabFirstRoute(tab: "feed")))
        coordinator.select(tab: "search")
        #expect(coordinator.send("submit", textArguments: ["query": "a"]) == .applied)
        // Two routes: back to the empty path is refused as without the policy.
        #expect(coordinator.back(2) == StepResult(.rejected, .tabFirstRoute(tab: "search")))
        #expect(coordinator.back() == .applied)
        #expect(coordinator.back() == .applied)
        #expect(shape(coordinator) == ["tab feed: feed.timeline", "kept search: search.query"])
        #expect(coordinator.status == .running)
    }

    /// Without a policy, back at a tab's root is refused on the whole path, never stopping the app.
    @Test func backAtATabsRootIsRefusedWithoutAPolicy() throws {
        let coordinator = try social()
        coordinator.select(tab: "search")
        #expect(coordinator.back() == StepResult(.rejected, .tabFirstRoute(tab: "search")))
        #expect(coordinator.status == .running)
    }

    static let outerTabs = """
        flow: app
        tabs: [home, settings]
        start: home
        children:
          home: { flow: inner }
          settings: { flow: settings }
        """
    static let innerTabs = """
        flow: inner
        tabs: [feed, news]
        start: feed
        children:
          feed: { flow: page }
          news: { flow: page }
        """
    static let page = """
        flow: page
        start: list
        screens:
          list: { on: { open: { start: detail }, toSettings: { select: settings }, toNews: { select: news } } }
        children:
          detail: { flow: detail, on: { done: stay } }
        """
    static let detail = """
        flow: detail
        start: item
        outcomes: [done]
        screens:
          item: { on: { toSettings: { select: settings }, close: { finish: done } } }
        """
    static let settings = """
        flow: settings
        start: main
        screens:
          main: {}
        """

    /// XCoordinator#246: a page of a nested tab set selects a tab of the outer set, and so does a child
    /// flow pushed inside a tab: `select` resolves to the nearest enclosing tab set that has the tab.
    @Test func selectReachesTheNearestEnclosingTabSetThatHasTheTab() throws {
        let bundle = try Fixtures.bundle([Self.outerTabs, Self.innerTabs, Self.page, Self.detail, Self.settings])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app", host: TestHost().host)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("toNews") == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["home", "news"])
        #expect(coordinator.send("toSettings") == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["settings"])
        coordinator.select(tab: "home")
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.path.map(\.description) == ["page.list", "detail.item"])
        #expect(coordinator.send("toSettings") == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["settings"])
    }

    static let sheetOverTabs = """
        flow: app
        tabs: [home, settings]
        start: home
        children:
          home: { flow: page2 }
          settings: { flow: settings }
        """
    static let pageWithSheet = """
        flow: page2
        start: list
        screens:
          list: { on: { open: { start: detail } } }
        children:
          detail: { flow: detail, presentation: sheet, on: { done: stay } }
        """

    /// A sheet hides the tab bars below it: its flow's `select` finds no tab set (the validator says so at
    /// the use, FC270).
    @Test func aSheetHidesTheTabBarsBelowIt() throws {
        let bundle = try Fixtures.bundle(
            [Self.sheetOverTabs, Self.pageWithSheet, Self.detail, Self.settings], ignoring: ["FC270"])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app", host: TestHost().host)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.send("toSettings") == StepResult(.rejected, .noTabSet(flow: "detail")))
    }

    static let draft = """
        flow: notes
        conditions: [hasUnsavedChanges]
        start: list
        screens:
          list: { on: { write: { push: editor } } }
          editor:
            removal: { policy: confirm, ask: discardDraft, when: hasUnsavedChanges }
        """

    /// "Keep editing" is asked only while the host says there is something to keep.
    @Test func aConfirmRemovalAsksOnlyWhileItsConditionHolds() throws {
        let host = TestHost()
        let bundle = try Fixtures.bundle([Self.draft])
        #expect(bundle.flows[0].screens[1].confirmCondition == 0)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "notes", host: host.host)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("write") == .applied)
        host.conditions["hasUnsavedChanges"] = true
        #expect(coordinator.back().status == .pending)
        #expect(coordinator.pendingConfirmation?.prompt == "discardDraft")
        #expect(coordinator.keepEditing() == .applied)
        host.conditions["hasUnsavedChanges"] = false
        #expect(coordinator.back() == .applied)
        #expect(coordinator.path.map(\.description) == ["notes.list"])
        #expect(coordinator.pendingConfirmation == nil)
    }

    static let twoDrafts = """
        flow: loop
        conditions: [hasDraft]
        start: home
        screens:
          home: { on: { next: { push: amount } } }
          amount:
            removal: { policy: confirm, ask: discardAmount, when: hasDraft }
            on: { next: { push: review } }
          review:
            removal: { policy: confirm, ask: abandonReview }
        """

    /// Found by the breaker (`/work/breaker/r12/min-loop`): a step that asks again after a confirmation (a
    /// `when` condition turned true since it asked) keeps what the person decided. Before, each `confirm`
    /// granted only the last question's routes, so the two questions were asked in turn forever.
    @Test func aConfirmationAskedAgainKeepsWhatWasDecidedAndEnds() throws {
        let host = TestHost()
        let bundle = try Fixtures.bundle([Self.twoDrafts])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "loop", host: host.host)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("next") == .applied)
        #expect(coordinator.send("next") == .applied)
        #expect(coordinator.back(2).status == .pending)
        #expect(coordinator.pendingConfirmation?.prompt == "abandonReview")
        host.conditions["hasDraft"] = true
        #expect(coordinator.confirmRemoval().status == .pending)
        #expect(coordinator.pendingConfirmation?.prompt == "discardAmount")
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.path.map(\.description) == ["loop.home"])
        #expect(coordinator.pendingConfirmation == nil)
    }

    /// Found by the explorer on `Flows/podcasts.yaml`: a link's step waits for a review draft's
    /// confirmation, the host's answer changes, and `confirm` finds the link refused now. The refusal
    /// changes nothing: the question stays asked; `keep` then reports the link dropped.
    @Test func confirmingAStepThatIsRefusedNowLeavesTheQuestionAndKeepReportsTheLink() throws {
        let host = TestHost()
        host.conditions = ["hasDraft": true, "hasOnboarded": true]
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "podcasts", host: host.host)
        #expect(coordinator.open("/episodes/1") == .applied)
        #expect(coordinator.send("review") == .applied)
        let path = coordinator.path
        #expect(coordinator.open("/account/subscriptions").status == .pending)
        host.conditions["hasOnboarded"] = false
        let refusal = FlowRuntimeError.linkContradictsCondition(
            url: "/account/subscriptions", route: "tabs",
            because: "flow 'podcasts' starts at 'intro' now ('hasOnboarded' is false)")
        #expect(coordinator.confirmRemoval() == StepResult(.rejected, refusal))
        #expect(coordinator.pendingConfirmation?.prompt == "discardReview")
        #expect(coordinator.path == path)
        let kept = coordinator.keepEditing()
        #expect(kept == .applied)
        #expect(kept.deferredLinks.map(\.url) == ["/account/subscriptions"])
    }

    static let presentedTabBar = """
        flow: shop
        start: home
        screens:
          home: { on: { openAccount: { start: account } } }
        children:
          account: { flow: accountTabs, presentation: sheet }
        """
    static let accountTabs = """
        flow: accountTabs
        tabs: [orders, settings]
        start: orders
        children:
          orders: { flow: settings }
          settings: { flow: settings }
        """

    /// A tab bar presented as a sheet is a layer in `stacks` (and the trace's): an entry of its own, with
    /// no routes, before its tabs' stacks, so a host can tell it is presented.
    @Test func aTabBarPresentedAsASheetHasASheetEntry() throws {
        let bundle = try Fixtures.bundle([Self.presentedTabBar, Self.accountTabs, Self.settings])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "shop", host: TestHost().host)
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("openAccount") == .applied)
        #expect(shape(coordinator) == ["root: shop.home", "sheet: ", "tab orders: settings.main"])
        #expect(coordinator.stacks[1].isPresented)
    }
}
