import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Back on a tab that is not selected (the removal happens in the kept tab, through the removal policies,
/// and the selection stays), and tab selection while a layer hides the tab bar.
@MainActor
struct KeptTabAndCoveredTabBarTests {
    /// A tab bar of notes and account; a note pushes an editor (`edit`, with a `confirm` screen) or a draft
    /// (`createPost`, whose first screen is `preserve`), or presents an editor in a sheet or a sign-in cover.
    static func bundle() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: home
            tabs: [notes, account]
            start: notes
            children:
              notes: { flow: notes }
              account: { flow: account }
            """,
            """
            flow: notes
            start: list
            screens:
              list: { on: { open: { push: note, with: { noteID: 1 } } } }
              note:
                params: { noteID: int }
                on:
                  edit: { start: edit, with: { bookID: 1 } }
                  editInSheet: { start: editSheet, with: { bookID: 1 } }
                  write: { start: draft }
                  lock: { start: lock }
                  toAccount: { select: account }
                  back: { pop: 1 }
              discarded: {}
            children:
              edit: { flow: edit, on: { saved: stay, discarded: { push: discarded } } }
              editSheet: { flow: edit, presentation: sheet, on: { saved: stay, discarded: stay } }
              draft: { flow: createPost, on: { published: stay, cancelled: stay } }
              lock: { flow: signIn, presentation: cover, on: { signedIn: stay, cancelled: stay } }
            """,
            """
            flow: account
            start: settings
            screens:
              settings: {}
            """,
            try String(contentsOfFile: Fixtures.flowsFolder + "/edit.yaml", encoding: .utf8),
            try String(contentsOfFile: Fixtures.flowsFolder + "/createPost.yaml", encoding: .utf8),
            try String(contentsOfFile: Fixtures.flowsFolder + "/signIn.yaml", encoding: .utf8),
        ])
    }

    func home() throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Self.bundle(), flow: "home")
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    func kept(_ coordinator: FlowCoordinator, _ tab: String) -> [String]? {
        coordinator.tabSets.first?.keptStacks[tab]?.routes.map(\.description)
    }

    @Test func aConfirmScreenInAKeptTabAsksAndItsHandlerDoesNotRunWhileTheTabIsNotShown() throws {
        let coordinator = try home()
        coordinator.send("open")
        coordinator.send("edit")
        let notes = coordinator.stacks[0].id
        let edit = try #require(coordinator.instance(coordinator.top.instance))
        #expect(coordinator.select(tab: "account") == .applied)
        #expect(coordinator.back(1, onStack: notes) == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.prompt == "discardDraft")
        #expect(coordinator.screens == ["account.settings"])
        #expect(coordinator.keepEditing() == .applied)
        #expect(kept(coordinator, "notes") == ["notes.list", "notes.note(noteID: 1)", "edit.editor(bookID: 1)"])
        #expect(coordinator.back(1, onStack: notes) == StepResult(.pending))
        #expect(
            coordinator.confirmRemoval()
                == StepResult(
                    .applied,
                    .handlerSkipped(
                        flow: "notes", outcome: "discarded", because: "tab 'notes' is not selected")))
        #expect(coordinator.screens == ["account.settings"])
        #expect(coordinator.tabSets.first?.selected == "account")
        #expect(kept(coordinator, "notes") == ["notes.list", "notes.note(noteID: 1)"])
        #expect(!edit.isAlive)
        #expect(edit.finish("saved") == StepResult(.stale, .instanceNotAlive(edit.id)))
        #expect(coordinator.select(tab: "notes") == .applied)
        #expect(coordinator.screens == ["notes.list", "notes.note(noteID: 1)"])
    }

    @Test func backOnAKeptTabKeepsAPreservedDraftAndOnlyItsBottomStackIsThePersons() throws {
        let coordinator = try home()
        coordinator.send("open")
        coordinator.send("write")
        coordinator.send("preview", textArguments: ["title": "Hi"])
        let notes = coordinator.stacks[0].id
        let draft = try #require(coordinator.instance(coordinator.top.instance))
        coordinator.select(tab: "account")
        // Only a kept tab's own stack is the person's: an instance inside it begins no stack.
        #expect(coordinator.back(1, onStack: draft.id) == StepResult(.rejected, .noShownStack(draft.id)))
        // Alive in the kept tab, and no layer: not dismissed, and not reported gone.
        #expect(coordinator.dismiss(draft.id) == StepResult(.rejected, .notPresented(draft.id)))
        #expect(coordinator.dismiss(notes) == StepResult(.rejected, .notPresented(notes)))
        #expect(coordinator.back(2, onStack: notes) == .applied)
        #expect(!draft.isAlive)
        #expect(kept(coordinator, "notes") == ["notes.list", "notes.note(noteID: 1)"])
        #expect(coordinator.screens == ["account.settings"])
        coordinator.select(tab: "notes")
        #expect(coordinator.send("write") == .applied)
        #expect(
            coordinator.screens == [
                "notes.list", "notes.note(noteID: 1)", "createPost.compose", "createPost.preview(title: Hi)",
            ])
    }

    @Test func aKeptTabsHandleIsRefusedAndReArmedUntilTheTabIsSelectedAgain() throws {
        let coordinator = try home()
        coordinator.send("open")
        coordinator.send("edit")
        let edit = try #require(coordinator.instance(coordinator.top.instance))
        coordinator.select(tab: "account")
        #expect(edit.isAlive)
        #expect(edit.finish("saved") == StepResult(.rejected, .instanceInKeptTab(edit.id)))
        #expect(coordinator.screens == ["account.settings"])
        coordinator.select(tab: "notes")
        #expect(edit.finish("saved") == .applied)
        #expect(coordinator.screens == ["notes.list", "notes.note(noteID: 1)"])
    }

    @Test func thePersonCannotSelectATabWhileACoverFromInsideTheTabIsShown() throws {
        let coordinator = try home()
        coordinator.send("open")
        coordinator.send("lock")
        coordinator.send("submit")
        let refused = StepResult(.rejected, .tabBarCovered(flow: "home", layer: "signIn"))
        #expect(coordinator.select(tab: "account") == refused)
        #expect(
            coordinator.screens == ["notes.list", "notes.note(noteID: 1)", "signIn.credentials", "signIn.twoFactor"])
        #expect(coordinator.tabSets.first?.selected == "notes")
        #expect(coordinator.tabSets.first?.keptStacks.isEmpty == true)
    }

    @Test func thePersonCannotSelectATabWhileASheetFromInsideTheTabIsShown() throws {
        let coordinator = try home()
        coordinator.send("open")
        coordinator.send("editInSheet")
        let before = coordinator.snapshot()
        let refused = StepResult(.rejected, .tabBarCovered(flow: "home", layer: "edit"))
        #expect(coordinator.select(tab: "account") == refused)
        #expect(coordinator.select(tab: "notes") == refused)
        #expect(coordinator.select(tab: "account", in: coordinator.tabSets[0].id) == refused)
        #expect(coordinator.snapshot() == before)
        // A pushed child is no layer: the tab bar shows.
        coordinator.send("save")
        coordinator.send("edit")
        #expect(coordinator.select(tab: "account") == .applied)
    }

    /// A route under a presented layer cannot be tapped: its events, `select:` included, are refused and
    /// change nothing; the layer stays until it is dismissed or its flow finishes.
    @Test func anEventFromUnderALayerIsRefusedAndChangesNothing() throws {
        let coordinator = try home()
        coordinator.send("open")
        let note = coordinator.top.token
        coordinator.send("editInSheet")
        let sheet = try #require(coordinator.instance(coordinator.top.instance))
        let before = coordinator.snapshot()
        #expect(
            coordinator.send("toAccount", from: note)
                == StepResult(.rejected, .routeCovered(note, screen: "notes.note", layer: "edit")))
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.tabSets.first?.selected == "notes")
        #expect(sheet.isAlive)
        #expect(coordinator.snapshot() == before)
        #expect(coordinator.screens == ["notes.list", "notes.note(noteID: 1)", "edit.editor(bookID: 1)"])
    }

    /// A `TabView` keeps every tab's `NavigationStack`: the binding reads a kept tab's path and turns the
    /// pop it reports into one back on that tab, the selection unchanged.
    @Test func theBindingOfAKeptTabsStackReadsAndPopsIt() throws {
        let coordinator = try home()
        let navigation = FlowNavigation(coordinator)
        coordinator.send("open")
        let tabSet = try #require(navigation.rootStack?.tabSet)
        let notes = try #require(tabSet.stack(forTab: "notes"))
        let list = coordinator.path[0]
        coordinator.select(tab: "account")
        #expect(notes.root == list)
        #expect(notes.path.map(\.description) == ["notes.note(noteID: 1)"])
        navigation.path(binding: notes).wrappedValue = []
        #expect(navigation.lastResult == .applied)
        #expect(navigation.refusals == 0)
        #expect(notes.path.isEmpty)
        #expect(tabSet.selected == "account")
        #expect(coordinator.screens == ["account.settings"])
    }

    /// A tap on the tab bar while a sheet hides it is refused through the binding too: the selection reads
    /// back unchanged.
    @Test func theSelectionBindingIsRefusedWhileASheetHidesTheTabBar() throws {
        let coordinator = try home()
        let navigation = FlowNavigation(coordinator)
        coordinator.send("open")
        coordinator.send("editInSheet")
        let tabSet = try #require(navigation.rootStack?.tabSet)
        let selection = try #require(navigation.selection(binding: tabSet, as: HomeTab.self))
        selection.wrappedValue = .account
        #expect(navigation.lastResult == StepResult(.rejected, .tabBarCovered(flow: "home", layer: "edit")))
        #expect(selection.wrappedValue == .notes)
        #expect(navigation.refusals == 1)
        #expect(coordinator.stacks.count == 2)
    }

    /// A cover over a sheet over a tab: the refusal names the cover, the layer the person sees (before:
    /// the sheet under it).
    @Test func theRefusalNamesTheTopmostLayerOverTheTabBar() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: home
            tabs: [shop, account]
            start: shop
            children:
              shop: { flow: shop }
              account: { flow: shop }
            """,
            """
            flow: shop
            start: list
            screens:
              list: { on: { cart: { start: cart } } }
            children:
              cart: { flow: cart, presentation: sheet, on: { done: stay } }
            """,
            """
            flow: cart
            start: items
            outcomes: [done]
            screens:
              items: { on: { pay: { start: payment }, close: { finish: done } } }
            children:
              payment: { flow: payment, presentation: cover, on: { paid: { finish: done } } }
            """,
            """
            flow: payment
            start: card
            outcomes: [paid]
            screens:
              card: { on: { ok: { finish: paid } } }
            """,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home")
        coordinator.start()
        #expect(coordinator.send("cart") == .applied)
        #expect(coordinator.send("pay") == .applied)
        #expect(
            coordinator.select(tab: "account") == StepResult(.rejected, .tabBarCovered(flow: "home", layer: "payment")))
    }

    /// A tab flow's handler presents a cover over the whole tab bar once its selected tab's flow finished:
    /// selection waits for it, a snapshot of that state restores, and when the cover ends the tab starts afresh.
    @Test func aLayerTheTabFlowPresentsOverItsTabBarRestoresAndHandsBackToTheTab() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: home
            tabs: [inbox, archive]
            start: inbox
            children:
              inbox: { flow: inbox, on: { locked: { start: lock } } }
              archive: { flow: archive }
              lock: { flow: lock, presentation: cover, on: { unlocked: stay } }
            """,
            """
            flow: inbox
            start: list
            outcomes: [locked]
            screens:
              list: { on: { lock: { finish: locked } } }
            """,
            """
            flow: archive
            start: folders
            screens:
              folders: {}
            """,
            """
            flow: lock
            start: code
            outcomes: [unlocked]
            screens:
              code: { on: { unlock: { finish: unlocked } } }
            """,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home")
        coordinator.start()
        coordinator.select(tab: "archive")
        coordinator.select(tab: "inbox")
        #expect(coordinator.send("lock") == .applied)
        #expect(coordinator.screens == ["lock.code"])
        #expect(
            coordinator.select(tab: "archive") == StepResult(.rejected, .tabBarCovered(flow: "home", layer: "lock")))
        let saved = coordinator.snapshot()
        #expect(saved.instances.map(\.child) == [nil, "lock"])
        #expect(saved.instances[0].selectedTab == "inbox")
        coordinator.stop()
        #expect(coordinator.restore(saved) == .applied)
        #expect(coordinator.snapshot() == saved)
        #expect(coordinator.stacks.map(\.kind) == [.cover])
        #expect(coordinator.send("unlock") == .applied)
        #expect(coordinator.screens == ["inbox.list"])
        #expect(coordinator.tabSets.first?.keptStacks["archive"]?.routes.map(\.screen) == ["folders"])
        // Another tab is no layer over the tab bar.
        var wrong = saved
        wrong.instances[1] = FlowSnapshot.Instance(
            child: "archive", flow: "archive", routes: [.init(screen: "folders")])
        wrong.instances[0].otherTabs = nil
        #expect(
            coordinator.restore(wrong)
                == StepResult(.rejected, .invalidSnapshot("flow 'home' selects tab 'inbox' but shows child 'archive'")))
    }

    /// The tabs of `home`, as `flowc generate swift` writes them.
    enum HomeTab: String, FlowTab {
        case notes, account
        static var tabFlow: String { "home" }
        var title: String { rawValue }
        var icon: String? { nil }
    }
}
