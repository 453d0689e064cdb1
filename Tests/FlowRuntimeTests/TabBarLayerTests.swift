import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A tab set's own layer (format 1.3): a tab-bar item whose child is presented covers the whole tab set; the
/// selected tab and every tab's stack stay, back and dismissal show the tab set again, and its handlers may
/// select a tab (issue 32, item 1; XCoordinator#192).
@MainActor
struct TabBarLayerTests {
    /// `app` runs `mainTabs`: home (a list and items), a compose item (sheet), a checkout item (cover), and
    /// settings, whose flow signs out. Home can also finish, and the handler presents a plain sheet child.
    static func bundle() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: app
            start: main
            children:
              main: { flow: mainTabs, on: { signedOut: { replaceRoot: main } } }
            links:
              "/compose": [main, compose]
              "/home/{id:int}": [main, home, { item: { id: $id } }]
            """,
            """
            flow: mainTabs
            tabs: [home, { tab: compose, title: New, icon: plus }, checkout, settings]
            start: home
            outcomes: [signedOut]
            children:
              home: { flow: homeFlow, on: { done: { start: later } } }
              settings: { flow: settingsFlow, on: { signedOut: { finish: signedOut } } }
              compose: { flow: composeFlow, presentation: sheet, on: { posted: { select: settings }, cancelled: stay } }
              checkout: { flow: composeFlow, presentation: cover, on: { posted: stay, cancelled: stay } }
              later: { flow: composeFlow, presentation: sheet, on: { posted: stay, cancelled: stay } }
            """,
            """
            flow: homeFlow
            start: list
            outcomes: [done]
            screens:
              list:
                on:
                  open: { params: { id: int }, push: item, with: { id: $id } }
                  done: { finish: done }
              item:
                params: { id: int }
                on: { compose: { select: compose }, back: { pop: 1 } }
            """,
            """
            flow: settingsFlow
            start: root
            outcomes: [signedOut]
            screens:
              root: { on: { signOut: { finish: signedOut } } }
            """,
            """
            flow: composeFlow
            start: editor
            outcomes: [posted, cancelled]
            screens:
              editor: { on: { post: { finish: posted }, cancel: { finish: cancelled }, more: { push: more } } }
              more: { on: { back: { pop: 1 } } }
            """,
        ])
    }

    /// Started, with item 3 open in home and settings started and kept.
    func running() throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Self.bundle(), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open", arguments: ["id": .int(3)]) == .applied)
        #expect(coordinator.select(tab: "settings") == .applied)
        #expect(coordinator.select(tab: "home") == .applied)
        return coordinator
    }

    func kept(_ coordinator: FlowCoordinator) -> [String: [String]] {
        (coordinator.tabSets.first?.keptStacks ?? [:]).mapValues { $0.routes.map(\.description) }
    }

    @Test func anEventFromAScreenInATabPresentsTheItemOverTheWholeTabSetAndBackShowsItAgain() throws {
        let coordinator = try running()
        let before = coordinator.path
        #expect(coordinator.send("compose") == .applied)
        #expect(coordinator.screens == ["composeFlow.editor"])
        #expect(coordinator.stacks.map(\.kind) == [.sheet])
        #expect(coordinator.tabSets.first?.selected == "home")
        #expect(
            kept(coordinator) == [
                "home": ["homeFlow.list", "homeFlow.item(id: 3)"], "settings": ["settingsFlow.root"],
            ])
        #expect(coordinator.send("more") == .applied)
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.status == .running)
        #expect(coordinator.path == before)
        #expect(kept(coordinator) == ["settings": ["settingsFlow.root"]])
    }

    @Test func dismissingTheItemsSheetShowsTheSelectedTabWithTheSameTokens() throws {
        let coordinator = try running()
        let before = coordinator.path
        #expect(coordinator.select(tab: "compose") == .applied)
        #expect(coordinator.send("more") == .applied)
        #expect(coordinator.dismiss() == .applied)
        #expect(coordinator.path == before)
        #expect(coordinator.tabSets.first?.selected == "home")
        #expect(kept(coordinator) == ["settings": ["settingsFlow.root"]])
    }

    @Test func theItemsHandlerSelectsATabAndTheTabSetCanStillFinish() throws {
        let coordinator = try running()
        #expect(coordinator.select(tab: "compose") == .applied)
        #expect(coordinator.send("post") == .applied)
        #expect(coordinator.screens == ["settingsFlow.root"])
        #expect(coordinator.tabSets.first?.selected == "settings")
        #expect(kept(coordinator) == ["home": ["homeFlow.list", "homeFlow.item(id: 3)"]])
        #expect(coordinator.send("signOut") == .applied)
        #expect(coordinator.screens == ["homeFlow.list"])
    }

    @Test func aCoverItemIsNotDismissedAndItsFinishShowsTheTabSetAgain() throws {
        let coordinator = try running()
        let before = coordinator.path
        #expect(coordinator.select(tab: "checkout") == .applied)
        #expect(coordinator.back(1) == StepResult(.rejected, .coverNotDismissible(flow: "composeFlow")))
        #expect(coordinator.dismiss() == StepResult(.rejected, .coverNotDismissible(flow: "composeFlow")))
        #expect(
            coordinator.select(tab: "settings")
                == StepResult(.rejected, .tabBarCovered(flow: "mainTabs", layer: "composeFlow")))
        #expect(coordinator.send("cancel") == .applied)
        #expect(coordinator.path == before)
    }

    @Test func aLinkPresentsTheItemOverTheShownTabsAndKeepsTheSelection() throws {
        let coordinator = try running()
        let before = coordinator.path
        #expect(coordinator.open("/compose") == .applied)
        #expect(coordinator.screens == ["composeFlow.editor"])
        #expect(coordinator.tabSets.first?.selected == "home")
        #expect(
            kept(coordinator) == [
                "home": ["homeFlow.list", "homeFlow.item(id: 3)"], "settings": ["settingsFlow.root"],
            ])
        #expect(coordinator.dismiss() == .applied)
        #expect(coordinator.path == before)
    }

    @Test func aSnapshotWhileTheItemIsShownRestoresTheKeptSelectedTab() throws {
        let coordinator = try running()
        #expect(coordinator.select(tab: "compose") == .applied)
        let snapshot = coordinator.snapshot()
        let other = try FlowCoordinator(bundle: try Self.bundle(), flow: "app")
        #expect(other.restore(snapshot).status == .applied)
        #expect(other.screens == ["composeFlow.editor"])
        #expect(kept(other) == kept(coordinator))
        #expect(other.dismiss() == .applied)
        #expect(other.screens == ["homeFlow.list", "homeFlow.item(id: 3)"])
    }

    /// Before 1.3 the one way to show such a layer was a handler after the tab's flow finished, and back on
    /// the layer then emptied the path and stopped the app: now the tab starts afresh.
    @Test func backOnASheetTheTabFlowsHandlerPresentedStartsTheFinishedTabAfresh() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.bundle(), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("done") == .applied)
        #expect(coordinator.screens == ["composeFlow.editor"])
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.status == .running)
        #expect(coordinator.screens == ["homeFlow.list"])
    }
}
