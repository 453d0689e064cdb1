import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Tabs, sheets and covers on the shipped tab-bar app (`Flows/social.yaml`) and on small inline flows:
/// dismissal, tab selection, back per stack, links into the tree, restore, and two coordinators.
@MainActor
struct TabsAndSheetsTests {
    func social(_ host: TestHost = TestHost()) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social", host: host.host)
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    /// The shown stacks as `kind:screens`, bottom to top.
    func shape(_ coordinator: FlowCoordinator) -> [String] {
        coordinator.stacks.map { stack in
            let kind =
                switch stack.kind {
                case .root: "root"
                case .tab(let name, _): "tab \(name)"
                case .sheet: "sheet"
                case .cover: "cover"
                }
            return "\(kind): " + stack.routes.map(\.screen).joined(separator: " ")
        }
    }

    @Test func theTabBarStartsWithItsInitialTabOnly() throws {
        let coordinator = try social()
        #expect(shape(coordinator) == ["tab feed: timeline"])
        let tabs = try #require(coordinator.tabSets.first)
        #expect(tabs.tabs == ["feed", "search", "profile"])
        #expect(tabs.selected == "feed")
        #expect(tabs.keptStacks.isEmpty)
        #expect(coordinator.path.map(\.screen) == ["timeline"])
    }

    @Test func switchingTabsAndComingBackKeepsTheStackAndItsTokens() throws {
        let coordinator = try social()
        #expect(coordinator.send("openPost", arguments: ["postID": .int(3)]) == .applied)
        let feedPath = coordinator.path
        #expect(coordinator.select(tab: "search") == .applied)
        #expect(shape(coordinator) == ["tab search: query"])
        #expect(coordinator.tabSets.first?.keptStacks["feed"]?.routes == feedPath)
        #expect(coordinator.send("submit", textArguments: ["query": "swift"]) == .applied)
        #expect(coordinator.select(tab: "feed") == .applied)
        #expect(coordinator.path == feedPath)
        #expect(coordinator.tabSets.first?.keptStacks["search"]?.routes.map(\.screen) == ["query", "results"])
        // Selecting the selected tab changes nothing.
        #expect(coordinator.select(tab: "feed") == .applied)
        #expect(coordinator.path == feedPath)
        #expect(
            coordinator.select(tab: "settings") == StepResult(.rejected, .unknownTab(flow: "social", tab: "settings")))
    }

    @Test func anEventSelectsATabOfTheTabSetItsFlowIsATabOf() throws {
        let coordinator = try social()
        #expect(coordinator.send("showProfile") == .applied)
        #expect(shape(coordinator) == ["tab profile: me"])
        #expect(coordinator.send("showFeed") == .applied)
        #expect(shape(coordinator) == ["tab feed: timeline"])
    }

    @Test func backOnTheSelectedTabOnlyTouchesThatTab() throws {
        let coordinator = try social()
        coordinator.send("openPost", arguments: ["postID": .int(3)])
        coordinator.select(tab: "search")
        coordinator.send("submit", textArguments: ["query": "swift"])
        let kept = coordinator.tabSets.first?.keptStacks["feed"]
        let searchTab = try #require(coordinator.stacks.first?.id)
        #expect(coordinator.back(1, onStack: searchTab) == .applied)
        #expect(shape(coordinator) == ["tab search: query"])
        #expect(coordinator.tabSets.first?.keptStacks["feed"] == kept)
        // A tab's first route stays: a tab lives as long as its tab flow.
        #expect(coordinator.back(1, onStack: searchTab) == StepResult(.rejected, .tabFirstRoute(tab: "search")))
        // Plain back at the tab's first route is the same gesture: refused, never stopping the app.
        #expect(coordinator.back(1) == StepResult(.rejected, .tabFirstRoute(tab: "search")))
        #expect(coordinator.back(toLength: 0) == StepResult(.rejected, .tabFirstRoute(tab: "search")))
        #expect(coordinator.status == .running)
        #expect(shape(coordinator) == ["tab search: query"])
    }

    @Test func backOnATabThatIsNotSelectedPopsThatTabOnlyAndKeepsTheSelection() throws {
        let coordinator = try social()
        coordinator.send("openPost", arguments: ["postID": .int(3)])
        let feedTab = try #require(coordinator.stacks.first?.id)
        let timeline = coordinator.path[0]
        coordinator.select(tab: "search")
        coordinator.send("submit", textArguments: ["query": "swift"])
        let searchPath = coordinator.path
        #expect(coordinator.back(1, onStack: feedTab) == .applied)
        #expect(coordinator.path == searchPath)
        #expect(coordinator.tabSets.first?.selected == "search")
        #expect(coordinator.tabSets.first?.keptStacks["feed"]?.routes == [timeline])
        // A tab's first route stays, kept or shown; counts are checked against the kept stack.
        #expect(coordinator.back(1, onStack: feedTab) == StepResult(.rejected, .tabFirstRoute(tab: "feed")))
        #expect(coordinator.back(2, onStack: feedTab) == StepResult(.rejected, .backBeyondPath(count: 2, length: 1)))
        #expect(coordinator.reconcile(stack: feedTab, to: searchPath) == StepResult(.rejected, .notAPrefix))
        #expect(coordinator.reconcile(stack: feedTab, to: [timeline]) == .applied)
        #expect(coordinator.select(tab: "feed") == .applied)
        #expect(coordinator.path == [timeline])
        #expect(coordinator.tabSets.first?.keptStacks["search"]?.routes == searchPath)
    }

    @Test func dismissingASheetBySwipeCancelsItsChildAndItsCompletionIsInert() throws {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try social(host)
        #expect(coordinator.send("compose") == .applied)
        #expect(shape(coordinator) == ["tab feed: timeline", "sheet: compose"])
        let sheet = try #require(coordinator.stacks.last)
        #expect(sheet.kind == .sheet)
        let compose = try #require(coordinator.instance(sheet.id))
        #expect(coordinator.send("preview", textArguments: ["title": "Hi"]) == .applied)
        #expect(coordinator.dismiss(sheet.id) == .applied)
        #expect(shape(coordinator) == ["tab feed: timeline"])
        #expect(!compose.isAlive)
        #expect(compose.finish("published") == StepResult(.stale, .instanceNotAlive(sheet.id)))
        #expect(shape(coordinator) == ["tab feed: timeline"])
    }

    @Test func dismissalRunsNoHandlerOfTheParent() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: home
            start: list
            screens:
              list: { on: { write: { start: note } } }
              thanks: {}
            children:
              note: { flow: note, presentation: sheet, on: { done: { push: thanks } } }
            """,
            """
            flow: note
            start: editor
            outcomes: [done]
            screens:
              editor: { on: { save: { finish: done } } }
            """,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home")
        coordinator.start()
        coordinator.send("write")
        #expect(coordinator.dismiss() == .applied)
        #expect(coordinator.screens == ["home.list"])
        coordinator.send("write")
        #expect(coordinator.send("save") == .applied)
        #expect(coordinator.screens == ["home.list", "home.thanks"])
    }

    @Test func dismissingALowerLayerDismissesBothLevelsInOneStep() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: home
            start: list
            screens:
              list: { on: { write: { start: compose } } }
            children:
              compose: { flow: compose, presentation: sheet }
            """,
            """
            flow: compose
            start: editor
            screens:
              editor: { on: { attach: { start: picker } } }
            children:
              picker: { flow: picker, presentation: sheet, on: { picked: stay } }
            """,
            Fixtures.pickerFlow,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home")
        coordinator.start()
        coordinator.send("write")
        coordinator.send("attach")
        #expect(shape(coordinator) == ["root: list", "sheet: editor", "sheet: photos"])
        let lower = coordinator.stacks[1].id
        let upper = coordinator.stacks[2].id
        let compose = try #require(coordinator.instance(lower))
        let picker = try #require(coordinator.instance(upper))
        #expect(coordinator.dismiss(lower) == .applied)
        #expect(shape(coordinator) == ["root: list"])
        #expect(!compose.isAlive && !picker.isAlive)
        #expect(picker.finish("picked") == StepResult(.stale, .instanceNotAlive(upper)))
        #expect(coordinator.dismiss() == StepResult(.rejected, .noPresentedLayer))
    }

    @Test func aConfirmScreenAsksBeforeTheSheetIsDismissed() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: library
            start: shelf
            screens:
              shelf: { on: { edit: { start: edit, with: { bookID: 7 } } } }
              discarded: {}
            children:
              edit: { flow: edit, presentation: sheet, on: { saved: stay, discarded: { push: discarded } } }
            """,
            try String(contentsOfFile: Fixtures.flowsFolder + "/edit.yaml", encoding: .utf8),
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "library")
        coordinator.start()
        coordinator.send("edit")
        let layer = try #require(coordinator.stacks.last?.id)
        #expect(coordinator.dismiss(layer) == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.prompt == "discardDraft")
        #expect(coordinator.screens == ["library.shelf", "edit.editor(bookID: 7)"])
        #expect(coordinator.keepEditing() == .applied)
        #expect(coordinator.dismiss(layer) == StepResult(.pending))
        // The removal took exactly the sheet's routes: the handler for the declared outcome runs.
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.screens == ["library.shelf", "library.discarded"])
    }

    @Test func aCoverIsNotDismissedByThePersonAndAPushIsNotALayer() throws {
        let coordinator = try social()
        coordinator.select(tab: "profile")
        #expect(coordinator.send("signIn") == .applied)
        let cover = try #require(coordinator.stacks.last)
        #expect(cover.kind == .cover)
        #expect(coordinator.dismiss(cover.id) == StepResult(.rejected, .coverNotDismissible(flow: "signIn")))
        #expect(coordinator.dismiss() == StepResult(.rejected, .coverNotDismissible(flow: "signIn")))
        let tab = coordinator.stacks[0].id
        #expect(coordinator.dismiss(tab) == StepResult(.rejected, .notPresented(tab)))
        #expect(coordinator.send("cancel") == .applied)
        #expect(shape(coordinator) == ["tab profile: me"])
    }

    /// Back is the person's gesture too: it may pop routes inside a cover, but not the cover's first route
    /// (nor anything under the cover), whichever back operation asks, the empty path included.
    @Test func backNeverRemovesACoverWhileRoutesStayBelowIt() throws {
        let coordinator = try social()
        coordinator.select(tab: "profile")
        #expect(coordinator.send("signIn") == .applied)
        let cover = try #require(coordinator.stacks.last)
        let refused = StepResult(.rejected, .coverNotDismissible(flow: "signIn"))
        #expect(coordinator.back() == refused)
        #expect(coordinator.back(toLength: 1) == refused)
        #expect(coordinator.reconcile(to: Array(coordinator.path.prefix(1))) == refused)
        #expect(coordinator.reconcile(toTokens: [coordinator.path[0].token]) == refused)
        #expect(coordinator.back(1, onStack: cover.id) == refused)
        #expect(shape(coordinator) == ["tab profile: me", "cover: credentials"])
        #expect(coordinator.send("submit") == .applied)
        #expect(coordinator.back(2) == refused)
        #expect(coordinator.back(2, onStack: cover.id) == refused)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.back(1, onStack: cover.id).status == .pending)
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(shape(coordinator) == ["tab profile: me", "cover: credentials"])
        // Emptying the path would take the tab under the cover too: refused for the tab.
        #expect(coordinator.back(toLength: 0) == StepResult(.rejected, .tabFirstRoute(tab: "profile")))
        #expect(coordinator.back(2) == StepResult(.rejected, .tabFirstRoute(tab: "profile")))
        #expect(coordinator.status == .running)
        #expect(shape(coordinator) == ["tab profile: me", "cover: credentials"])
    }

    @Test func aLinkSelectsATabBuildsItsStackAndPresentsASheet() throws {
        let host = TestHost()
        let coordinator = try social(host)
        coordinator.select(tab: "profile")
        // Writing needs sign-in (a guarded link): signed out, the link presents sign-in and waits for it.
        #expect(
            coordinator.open("/feed/new")
                == StepResult(
                    .applied,
                    .linkGuarded(
                        url: "/feed/new", condition: "isSignedIn", flow: "signIn", outcome: "signedIn")))
        #expect(shape(coordinator) == ["tab feed: timeline", "cover: credentials"])
        host.conditions["isSignedIn"] = true
        #expect(coordinator.open("/feed/new") == .applied)
        #expect(shape(coordinator) == ["tab feed: timeline", "sheet: compose"])
        #expect(coordinator.tabSets.first?.selected == "feed")
        // A link into the shown tab set keeps the other tabs (format 1.2): the profile tab is kept as it was.
        #expect(coordinator.tabSets.first?.keptStacks.mapValues { $0.routes.map(\.screen) } == ["profile": ["me"]])
        #expect(coordinator.open("/search/swift/posts/9") == .applied)
        #expect(shape(coordinator) == ["tab search: query results post"])
        #expect(
            coordinator.path.map(\.description) == [
                "search.query", "search.results(query: swift)", "search.post(postID: 9)",
            ])
        #expect(
            coordinator.open("/posts/0")
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "screen 'post' of flow 'feed'", name: "postID",
                        message: "0 is less than the minimum 1")))
        #expect(shape(coordinator) == ["tab search: query results post"])
    }

    @Test func restoreRebuildsTabsKeptStacksAndLayers() throws {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try social(host)
        coordinator.send("openPost", arguments: ["postID": .int(3)])
        coordinator.select(tab: "search")
        coordinator.send("submit", textArguments: ["query": "swift"])
        coordinator.select(tab: "feed")
        coordinator.send("openPost", arguments: ["postID": .int(4)])
        coordinator.select(tab: "profile")
        coordinator.send("signIn")
        let saved = coordinator.snapshot()
        let shown = shape(coordinator)
        let kept = coordinator.tabSets.first?.keptStacks.mapValues { $0.routes.map(\.description) }
        coordinator.stop()
        #expect(coordinator.restore(saved) == .applied)
        #expect(shape(coordinator) == shown)
        #expect(coordinator.tabSets.first?.keptStacks.mapValues { $0.routes.map(\.description) } == kept)
        #expect(coordinator.snapshot() == saved)
        // The restored cover hides the tab bar until its flow finishes.
        #expect(
            coordinator.select(tab: "search") == StepResult(.rejected, .tabBarCovered(flow: "social", layer: "signIn")))
        #expect(coordinator.send("cancel") == .applied)
        #expect(coordinator.select(tab: "search") == .applied)
        #expect(shape(coordinator) == ["tab search: query results"])
    }

    @Test func restoreRefusesTabStatesNoStepBuilds() throws {
        let coordinator = try social()
        let valid = coordinator.snapshot()
        var selectedNotShown = valid
        selectedNotShown.instances[0].selectedTab = "search"
        #expect(
            coordinator.restore(selectedNotShown)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "flow 'social' selects tab 'search' but shows child 'feed'")))
        var keptTwice = valid
        keptTwice.instances[0].otherTabs = [
            "feed": [FlowSnapshot.Instance(child: "feed", flow: "feed", routes: [.init(screen: "timeline")])]
        ]
        #expect(
            coordinator.restore(keptTwice)
                == StepResult(.rejected, .invalidSnapshot("tab 'feed' is both selected and kept")))
        var notATab = valid
        notATab.instances[0].otherTabs = [
            "inbox": [FlowSnapshot.Instance(child: "inbox", flow: "feed", routes: [.init(screen: "timeline")])]
        ]
        #expect(
            coordinator.restore(notATab) == StepResult(.rejected, .invalidSnapshot("flow 'social' has no tab 'inbox'")))
        var wrongChild = valid
        wrongChild.instances[0].otherTabs = [
            "search": [FlowSnapshot.Instance(child: "profile", flow: "profile", routes: [.init(screen: "me")])]
        ]
        #expect(
            coordinator.restore(wrongChild)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "kept tab 'search' of flow 'social' must begin with child 'search'")))
        #expect(coordinator.snapshot() == valid)
    }

    @Test func stoppingTheRootCancelsEveryTabAndLayer() throws {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try social(host)
        let feed = try #require(coordinator.instance(coordinator.stacks[0].id))
        coordinator.select(tab: "search")
        coordinator.send("submit", textArguments: ["query": "swift"])
        let search = try #require(coordinator.instance(coordinator.stacks[0].id))
        coordinator.select(tab: "feed")
        coordinator.send("compose")
        let compose = try #require(coordinator.instance(coordinator.stacks[1].id))
        #expect(shape(coordinator) == ["tab feed: timeline", "sheet: compose"])
        // The kept tab's instances stay alive while another tab is selected.
        #expect(feed.isAlive && compose.isAlive && search.isAlive)
        #expect(coordinator.stop() == .applied)
        #expect(!feed.isAlive && !compose.isAlive && !search.isAlive)
        #expect(coordinator.stacks.isEmpty && coordinator.tabSets.isEmpty && coordinator.path.isEmpty)
        #expect(compose.finish("published") == StepResult(.stale, .instanceNotAlive(compose.id)))
        #expect(coordinator.status == .stopped)
    }

    @Test func aTabWhoseFlowFinishesStartsAfreshOrHandsOverToAnotherTab() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: home
            tabs: [inbox, archive]
            start: inbox
            children:
              inbox: { flow: inbox, on: { cleared: stay, archived: { select: archive } } }
              archive: { flow: archive }
            """,
            """
            flow: inbox
            start: list
            outcomes: [cleared, archived]
            screens:
              list: { on: { open: { push: message }, clear: { finish: cleared }, archive: { finish: archived } } }
              message: { on: { back: { pop: 1 } } }
            """,
            """
            flow: archive
            start: folders
            screens:
              folders: {}
            """,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home")
        coordinator.start()
        coordinator.send("open")
        let first = coordinator.path[0]
        #expect(coordinator.send("clear", from: first.token) == .applied)
        #expect(shape(coordinator) == ["tab inbox: list"])
        #expect(coordinator.path[0].instance != first.instance)
        #expect(coordinator.send("archive") == .applied)
        #expect(shape(coordinator) == ["tab archive: folders"])
        #expect(coordinator.tabSets.first?.keptStacks.isEmpty == true)
        #expect(coordinator.select(tab: "inbox") == .applied)
        #expect(shape(coordinator) == ["tab inbox: list"])
    }

    @Test func aKeptTabsRouteIsNotOnThePath() throws {
        let coordinator = try social()
        let timeline = coordinator.top.token
        coordinator.select(tab: "search")
        #expect(
            coordinator.send("openPost", from: timeline, arguments: ["postID": .int(1)])
                == StepResult(.stale, .routeNotOnPath(timeline)))
    }

    @Test func twoCoordinatorsKeepTheirOwnTrees() throws {
        let first = try social()
        let second = try social()
        #expect(first.select(tab: "search") == .applied)
        #expect(shape(first) == ["tab search: query"])
        #expect(shape(second) == ["tab feed: timeline"])
        second.send("openPost", arguments: ["postID": .int(2)])
        let stack = try #require(first.stacks.first)
        // The other coordinator's routes are never a prefix of this one's stacks, though tokens are alike.
        #expect(
            first.reconcile(stack: stack.id, to: Array(second.path.prefix(1))) == StepResult(.rejected, .notAPrefix))
        #expect(first.reconcile(stack: stack.id, to: stack.routes) == .applied)
        #expect(first.tabSets.first?.keptStacks["feed"]?.routes.map(\.screen) == ["timeline"])
        #expect(second.tabSets.first?.keptStacks.isEmpty == true)
    }

    @Test func aTabBarIsRefusedOnAStackThatHasRoutes() throws {
        let bundle = try Fixtures.bundle(
            [
                """
                flow: app
                start: welcome
                screens:
                  welcome: { on: { enter: { start: home } } }
                children:
                  home: { flow: home }
                """,
                """
                flow: home
                tabs: [feed]
                start: feed
                children:
                  feed: { flow: feed }
                """,
                """
                flow: feed
                start: timeline
                screens:
                  timeline: {}
                """,
            ], ignoring: ["FC373"])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app")
        coordinator.start()
        #expect(coordinator.send("enter") == StepResult(.rejected, .tabsNotAtStackBottom(flow: "home")))
        #expect(coordinator.screens == ["app.welcome"])
    }

    /// The shapes FC373 reports beside an event's `start` (TabsPushedTests): a pushed child's
    /// `replaceRoot` or `start` of a tab flow, and a handler's `start` over the screen that started the
    /// finished child — each refused every time.
    @Test func aTabBarShownAsAPushedChildsFirstRouteIsRefused() throws {
        let tabFlows = [
            """
            flow: tabbar
            tabs: [feed]
            start: feed
            children:
              feed: { flow: feed }
            """,
            """
            flow: feed
            start: timeline
            screens:
              timeline: {}
            """,
        ]
        let bundle = try Fixtures.bundle(
            [
                """
                flow: app
                start: home
                screens:
                  home: { on: { go: { start: x }, direct: { start: y }, signIn: { start: auth } } }
                children:
                  x: { flow: x }
                  y: { flow: y }
                  auth: { flow: auth, on: { signedIn: { start: t } } }
                  t: { flow: tabbar }
                """,
                """
                flow: x
                start: a
                screens:
                  a: { on: { toTabs: { replaceRoot: t } } }
                children:
                  t: { flow: tabbar }
                """,
                """
                flow: y
                start: t
                children:
                  t: { flow: tabbar }
                """,
                """
                flow: auth
                start: form
                outcomes: [signedIn]
                screens:
                  form: { on: { ok: { finish: signedIn } } }
                """,
            ] + tabFlows, ignoring: ["FC373"])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app")
        coordinator.start()
        #expect(coordinator.send("go") == .applied)
        #expect(coordinator.send("toTabs") == StepResult(.rejected, .tabsNotAtStackBottom(flow: "tabbar")))
        #expect(coordinator.screens == ["app.home", "x.a"])
        #expect(coordinator.back() == .applied)
        #expect(coordinator.send("direct") == StepResult(.rejected, .tabsNotAtStackBottom(flow: "tabbar")))
        #expect(coordinator.send("signIn") == .applied)
        #expect(coordinator.send("ok") == StepResult(.rejected, .tabsNotAtStackBottom(flow: "tabbar")))
        #expect(coordinator.screens == ["app.home", "auth.form"])
    }

    @Test func aKeptTabsConfirmScreenIsNotAskedAboutOnSwitchButIsWhenItsTabBarGoes() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: app
            start: home
            screens:
              bye: {}
            children:
              home: { flow: home, on: { signedOut: { replaceRoot: bye } } }
            """,
            """
            flow: home
            tabs: [notes, account]
            start: notes
            outcomes: [signedOut]
            children:
              notes: { flow: notes }
              account: { flow: account, on: { signedOut: { finish: signedOut } } }
            """,
            """
            flow: notes
            start: list
            screens:
              list: { on: { write: { start: edit, with: { bookID: 1 } } } }
            children:
              edit: { flow: edit, on: { saved: stay, discarded: stay } }
            """,
            """
            flow: account
            start: settings
            outcomes: [signedOut]
            screens:
              settings: { on: { signOut: { finish: signedOut } } }
            """,
            try String(contentsOfFile: Fixtures.flowsFolder + "/edit.yaml", encoding: .utf8),
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "app")
        coordinator.start()
        coordinator.send("write")
        #expect(shape(coordinator) == ["tab notes: list editor"])
        #expect(coordinator.select(tab: "account") == .applied)
        #expect(coordinator.pendingConfirmation == nil)
        // Finishing the tab flow drops the kept notes tab, whose editor asks first.
        #expect(coordinator.send("signOut") == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.prompt == "discardDraft")
        #expect(shape(coordinator) == ["tab account: settings"])
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(shape(coordinator) == ["root: bye"])
    }
}
