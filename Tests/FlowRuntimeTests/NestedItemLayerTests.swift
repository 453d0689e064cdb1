import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// An item layer (format 1.3) of a tab set that is not the outermost container: nested in an outer tab, or
/// shown by a full-screen cover (breaker report, items 1 and 2). The layer is judged by its own presentation,
/// and selecting an outer tab from it keeps the inner tab set whole.
@MainActor
struct NestedItemLayerTests {
    /// The item's flow: `t1` finishes it with `toT1`.
    static let noteF = """
        flow: noteF
        start: n
        outcomes: [toT1]
        screens:
          n: { on: { t1: { finish: toT1 } } }
        """
    /// A tab's flow of one screen.
    static let leaf = """
        flow: leaf
        start: l
        screens:
          l: {}
        """

    /// `root` tabs `[t1, t2]`; `t2` runs tab flow `mid` `[m1, note]`, `note` a sheet item (or `presentation`)
    /// whose handler selects the outer tab `t1` (the item's flow `noteF` unless given).
    static func nested(presentation: String = "sheet", noteF: String = noteF) throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: root
            tabs: [t1, t2]
            start: t1
            children:
              t1: { flow: leaf }
              t2: { flow: mid }
            links:
              "/t1": [t1]
              "/t2/note": [t2, note]
            """,
            """
            flow: mid
            tabs: [m1, { tab: note, title: Note }]
            start: m1
            children:
              m1: { flow: leaf }
              note: { flow: noteF, presentation: \(presentation), on: { toT1: { select: t1 } } }
            """,
            noteF, Self.leaf,
        ])
    }

    /// `app`'s home starts tab flow `bar` as a full-screen cover; `bar` `[one, compose]`, `compose` a sheet item
    /// and `check` a cover item.
    static func covered() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: app
            start: home
            screens:
              home: { on: { open: { start: tabsCover } } }
            children:
              tabsCover: { flow: bar, presentation: cover, on: { done: stay } }
            """,
            """
            flow: bar
            tabs: [one, { tab: compose, title: New }, { tab: check, title: Check }]
            start: one
            outcomes: [done]
            children:
              one: { flow: oneF, on: { done: { finish: done } } }
              compose: { flow: composeF, presentation: sheet, on: { sent: stay } }
              check: { flow: composeF, presentation: cover, on: { sent: stay } }
            """,
            """
            flow: oneF
            start: s
            outcomes: [done]
            screens:
              s: { on: { close: { finish: done } } }
            """,
            """
            flow: composeF
            start: c
            outcomes: [sent]
            screens:
              c: { on: { send: { finish: sent } } }
            """,
        ])
    }

    /// `root` tabs `[t1, t2]`; `t2` runs tab flow `mid` `[m1, m2]`, `m2` tab flow `inner` `[i1, note]`, `note`
    /// a sheet item.
    static func deeper() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: root
            tabs: [t1, t2]
            start: t1
            children:
              t1: { flow: leaf }
              t2: { flow: mid }
            links:
              "/t1": [t1]
              "/t2/m2/note": [t2, m2, note]
            """,
            """
            flow: mid
            tabs: [m1, m2]
            start: m1
            children:
              m1: { flow: leaf }
              m2: { flow: inner }
            """,
            """
            flow: inner
            tabs: [i1, { tab: note, title: Note }]
            start: i1
            children:
              i1: { flow: leaf }
              note: { flow: noteF, presentation: sheet, on: { toT1: { select: i1 } } }
            """,
            Self.noteF, Self.leaf,
        ])
    }

    func kept(_ coordinator: FlowCoordinator) -> [[String: [String]]] {
        coordinator.tabSets.map { $0.keptStacks.mapValues { $0.routes.map(\.description) } }
    }

    /// Each kept route as `instance/token`, tab set by tab set.
    func keptTokens(_ coordinator: FlowCoordinator) -> [[String: [String]]] {
        coordinator.tabSets.map { $0.keptStacks.mapValues { $0.routes.map { "\($0.instance)/\($0.token)" } } }
    }

    /// Started with `t2` selected and its `note` item shown over `mid`.
    func noteShown() throws -> (FlowCoordinator, [Route]) {
        let coordinator = try FlowCoordinator(bundle: try Self.nested(), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "t2") == .applied)
        let shown = coordinator.path
        #expect(coordinator.select(tab: "note") == .applied)
        #expect(coordinator.screens == ["noteF.n"])
        return (coordinator, shown)
    }

    /// Then selects `t2` again: `mid` shows `m1` as it was, and the state's own snapshot restores.
    func expectT2AsItWas(_ coordinator: FlowCoordinator, shown: [Route]) throws {
        #expect(coordinator.tabSets.map(\.selected) == ["t1"])
        #expect(kept(coordinator) == [["t2": ["leaf.l"]]])
        let other = try FlowCoordinator(bundle: try Self.nested(), flow: "root")
        #expect(other.restore(coordinator.snapshot()).status == .applied)
        #expect(kept(other) == kept(coordinator))
        let again = coordinator.select(tab: "t2")
        #expect(again == .applied)
        #expect(again.droppedTabs == [] && again.removed == [])
        #expect(coordinator.path == shown)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1"])
        #expect(kept(coordinator) == [["t1": ["leaf.l"]], [:]])
    }

    @Test func anItemsHandlerSelectingAnOuterTabKeepsTheInnerTabSetWhole() throws {
        let (coordinator, shown) = try noteShown()
        let result = coordinator.send("t1")
        #expect(result == .applied)
        #expect(result.finished.map(\.flow) == ["noteF"])
        #expect(result.droppedTabs == [] && result.removed == [])
        #expect(coordinator.screens == ["leaf.l"])
        try expectT2AsItWas(coordinator, shown: shown)
    }

    @Test func aLinkToAnOuterTabFromAnItemLayerKeepsTheInnerTabSetWhole() throws {
        let (coordinator, shown) = try noteShown()
        let result = coordinator.open("/t1")
        #expect(result == .applied)
        #expect(result.removed.map(\.description) == ["noteF (#5, child note): link"])
        try expectT2AsItWas(coordinator, shown: shown)
    }

    @Test func theItemSheetOfANestedTabSetIsDismissedAndBackRemovesIt() throws {
        let (coordinator, shown) = try noteShown()
        let dismissed = coordinator.dismiss()
        #expect(dismissed == .applied)
        #expect(dismissed.removed.map(\.description) == ["noteF (#5, child note): dismissal"])
        #expect(coordinator.path == shown)
        #expect(coordinator.select(tab: "note") == .applied)
        let back = coordinator.back(1)
        #expect(back == .applied)
        #expect(back.removed.map(\.description) == ["noteF (#6, child note): back"])
        #expect(coordinator.path == shown)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1"])
    }

    @Test func theItemSheetOfATabSetInACoverIsDismissedByItsOwnPresentation() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.covered(), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        let shown = coordinator.path
        #expect(coordinator.select(tab: "compose") == .applied)
        let back = coordinator.back(1)
        #expect(back == .applied)
        #expect(back.removed.map(\.description) == ["composeF (#4, child compose): back"])
        #expect(coordinator.path == shown)
        #expect(coordinator.select(tab: "compose") == .applied)
        let dismissed = coordinator.dismiss(FlowInstanceID(5))
        #expect(dismissed == .applied)
        #expect(dismissed.removed.map(\.description) == ["composeF (#5, child compose): dismissal"])
        #expect(coordinator.path == shown)
        // The cover that shows the tab set is still not dismissed, nor is a cover item.
        #expect(coordinator.dismiss() == StepResult(.rejected, .coverNotDismissible(flow: "bar")))
        // Back on the stack under the cover, with the item shown, would empty the path: refused as without
        // the item (a tab-bar app is never stopped by back), not applied leaving `app` without a route.
        #expect(coordinator.back(1, onStack: FlowInstanceID(1)) == StepResult(.rejected, .tabFirstRoute(tab: "one")))
        #expect(coordinator.select(tab: "compose") == .applied)
        #expect(coordinator.back(1, onStack: FlowInstanceID(1)) == StepResult(.rejected, .tabFirstRoute(tab: "one")))
        #expect(coordinator.dismiss() == .applied)
        #expect(coordinator.select(tab: "check") == .applied)
        #expect(coordinator.back(1) == StepResult(.rejected, .coverNotDismissible(flow: "composeF")))
        #expect(coordinator.dismiss() == StepResult(.rejected, .coverNotDismissible(flow: "composeF")))
    }

    /// A link that goes through a kept tab set to that set's item layer keeps the set's selected tab under the
    /// layer as it was (issue 32; docs/RUNNING.md, "Deep links into shown tabs"): `m1` (#5, token 2) stays,
    /// kept under `note`, and `mid` never selects a tab no instance runs. (The link used to lose `m1` without
    /// a word and leave a state whose own snapshot restore refused.) A sheet or a cover item alike.
    @Test(arguments: ["sheet", "cover"])
    func aLinkThroughAKeptTabSetToItsItemKeepsTheSelectedTabUnderTheLayer(presentation: String) throws {
        let bundle = try Self.nested(presentation: presentation)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/t2/note") == .applied)
        #expect(keptTokens(coordinator) == [["t1": ["2/1"]], ["m1": ["5/2"]]])
        let away = coordinator.open("/t1")
        #expect(away == .applied)
        #expect(away.removed.map(\.description) == ["noteF (#6, child note): link"])
        #expect(keptTokens(coordinator) == [["t2": ["5/2"]]])
        let result = coordinator.open("/t2/note")
        #expect(result == .applied)
        #expect(result.droppedTabs == [] && result.removed == [])
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == ["noteF.n 12/6"])
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1"])
        #expect(kept(coordinator) == [["t1": ["leaf.l"]], ["m1": ["leaf.l"]]])
        #expect(keptTokens(coordinator) == [["t1": ["2/1"]], ["m1": ["5/2"]]])
        let other = try FlowCoordinator(bundle: bundle, flow: "root")
        #expect(other.restore(coordinator.snapshot()).status == .applied)
        #expect(kept(other) == kept(coordinator))
        // The layer's flow finishing shows t1; t2 again shows m1 as it was.
        let finished = coordinator.send("t1")
        #expect(finished == .applied)
        #expect(finished.removed == [] && finished.droppedTabs == [])
        #expect(coordinator.select(tab: "t2") == .applied)
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == ["leaf.l 5/2"])
    }

    /// The host's handle of the kept selected tab's instance stays alive under the link's layer and is the
    /// one shown again when the layer goes.
    @Test func theHandleOfTheTabKeptUnderALinkedItemStaysAlive() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.nested(), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "t2") == .applied)
        let handle = try #require(coordinator.instance(FlowInstanceID(4)))
        #expect(coordinator.open("/t1") == .applied)
        let result = coordinator.open("/t2/note")
        #expect(result.droppedTabs == [] && result.removed == [])
        #expect(keptTokens(coordinator) == [["t1": ["2/1"]], ["m1": ["4/2"]]])
        #expect(handle.isAlive)
        #expect(coordinator.keptInstanceObject(FlowInstanceID(4)) === handle)
        #expect(coordinator.send("t1") == .applied)
        #expect(coordinator.select(tab: "t2") == .applied)
        #expect(coordinator.instance(FlowInstanceID(4)) === handle)
        #expect(handle.isAlive)
    }

    /// The same two levels down: a link through kept `t2` (`mid` showing `m2`, `inner` showing `i1`) to
    /// `inner`'s item keeps `i1` (#6, token 2) under the layer; dismissing it shows `i1` as it was.
    @Test func aLinkThroughTwoKeptTabSetsToTheInnerItemKeepsTheInnerSelectedTab() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.deeper(), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/t2/m2/note") == .applied)
        #expect(coordinator.open("/t1") == .applied)
        #expect(keptTokens(coordinator) == [["t2": ["6/2"]]])
        let result = coordinator.open("/t2/m2/note")
        #expect(result == .applied)
        #expect(result.droppedTabs == [] && result.removed == [])
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == ["noteF.n 14/6"])
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m2", "i1"])
        #expect(keptTokens(coordinator) == [["t1": ["2/1"]], [:], ["i1": ["6/2"]]])
        let other = try FlowCoordinator(bundle: try Self.deeper(), flow: "root")
        #expect(other.restore(coordinator.snapshot()).status == .applied)
        let dismissed = coordinator.dismiss()
        #expect(dismissed.removed.map(\.description) == ["noteF (#14, child note): dismissal"])
        #expect(coordinator.path.map { "\($0) \($0.instance)/\($0.token)" } == ["leaf.l 6/2"])
    }

    /// Each shown route as `screen instance/token`.
    func shownTokens(_ coordinator: FlowCoordinator) -> [String] {
        coordinator.path.map { "\($0) \($0.instance)/\($0.token)" }
    }

    /// A link whose routes are exactly what is shown, ending on a tab set's item layer, changes nothing below
    /// it (issue 32 item 6; gen3-findings F2): the layer whose flow, child, presentation and arguments agree is
    /// the same instance with the same tokens, nothing is removed, and the tab kept under it stays.
    @Test func aLinkToTheShownItemLayerKeepsItsInstance() throws {
        let (coordinator, _) = try noteShown()
        #expect(shownTokens(coordinator) == ["noteF.n 5/3"])
        let before = coordinator.snapshot()
        let result = coordinator.open("/t2/note")
        #expect(result == .applied)
        #expect(result.removed == [] && result.droppedTabs == [])
        #expect(shownTokens(coordinator) == ["noteF.n 5/3"])
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1"])
        #expect(keptTokens(coordinator) == [["t1": ["2/1"]], ["m1": ["4/2"]]])
        #expect(coordinator.snapshot() == before)
    }

    /// The same two tab sets down: the link to `inner`'s item, shown, keeps the item's instance and token.
    @Test func aLinkToTheShownItemLayerTwoTabSetsDownKeepsItsInstance() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.deeper(), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/t2/m2/note") == .applied)
        let shown = shownTokens(coordinator)
        let before = coordinator.snapshot()
        let result = coordinator.open("/t2/m2/note")
        #expect(result == .applied)
        #expect(result.removed == [] && result.droppedTabs == [])
        #expect(shownTokens(coordinator) == shown)
        #expect(coordinator.snapshot() == before)
    }

    /// A `confirm` screen shown in the item layer the link shows again is not asked about (nothing leaves); a
    /// link to another place still asks.
    @Test func aLinkToTheShownItemLayerAsksNoConfirmation() throws {
        let guarded = """
            flow: noteF
            start: n
            outcomes: [toT1]
            screens:
              n:
                removal: { policy: confirm, ask: discard, outcome: toT1 }
                on: { t1: { finish: toT1 } }
            """
        let bundle = try Self.nested(noteF: guarded)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "t2") == .applied)
        #expect(coordinator.select(tab: "note") == .applied)
        let shown = shownTokens(coordinator)
        let result = coordinator.open("/t2/note")
        #expect(result == .applied)
        #expect(result.removed == [])
        #expect(coordinator.pendingConfirmation == nil)
        #expect(shownTokens(coordinator) == shown)
        #expect(coordinator.open("/t1") == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.screen == "n")
    }

    /// The outermost tab set's item layer alike: `/top` while `top` is shown keeps its instance and token.
    @Test func aLinkToTheShownItemLayerOfTheRootTabSetKeepsItsInstance() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: root
            tabs: [t1, { tab: top, title: Top }]
            start: t1
            children:
              t1: { flow: leaf }
              top: { flow: leaf, presentation: sheet }
            links:
              "/top": [top]
            """,
            Self.leaf,
        ])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.open("/top") == .applied)
        #expect(shownTokens(coordinator) == ["leaf.l 5/3"])
        let before = coordinator.snapshot()
        let result = coordinator.open("/top")
        #expect(result == .applied)
        #expect(result.removed == [] && result.droppedTabs == [])
        #expect(shownTokens(coordinator) == ["leaf.l 5/3"])
        #expect(coordinator.snapshot() == before)
    }

    /// `root` tabs `[t1, t2, hub]`, `hub` an item (`presentation`) running tab bar `hubBar` `[h1, h2]`, whose
    /// `h1` asks before its route goes (`closed`, which `hubBar` passes on; `root` stays); `t2` runs `mid`
    /// `[m1, inHub]`, `inHub` the same tab bar as a sheet item of the inner set.
    static func tabBarItem(presentation: String = "sheet") throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: root
            tabs: [t1, t2, { tab: hub, title: Hub }]
            start: t1
            children:
              t1: { flow: leaf }
              t2: { flow: mid }
              hub: { flow: hubBar, presentation: \(presentation), on: { closed: stay } }
            """,
            """
            flow: mid
            tabs: [m1, { tab: inHub, title: Hub }]
            start: m1
            children:
              m1: { flow: leaf }
              inHub: { flow: hubBar, presentation: sheet, on: { closed: stay } }
            """,
            """
            flow: hubBar
            tabs: [h1, h2]
            start: h1
            outcomes: [closed]
            children:
              h1: { flow: hubPage, on: { closed: { finish: closed } } }
              h2: { flow: leaf }
            """,
            """
            flow: hubPage
            conditions: [dirty]
            start: p
            outcomes: [closed]
            screens:
              p:
                removal: { policy: confirm, ask: discard, outcome: closed, when: dirty }
                on: { close: { finish: closed } }
            """,
            Self.leaf,
        ])
    }

    /// A tab bar presented as a tab set's own sheet layer goes whole by dismissal and by back at its tabs'
    /// first routes, as a tab bar a screen presents as a sheet goes (breaker r13: `dismiss` and `back` were
    /// refused, `tabFirstRoute`, as if the cut emptied the path and stopped the app): the tab set under it
    /// shows its selected tab again, and a `confirm` route in it asks first. The outer tab bar still never
    /// goes by back; a tab bar presented as a cover item is not dismissed.
    @Test func aTabBarPresentedAsAnItemSheetIsDismissedWhole() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(bundle: try Self.tabBarItem(), flow: "root", host: host.host)
        #expect(coordinator.start() == .applied)
        let shown = coordinator.path
        #expect(coordinator.select(tab: "hub") == .applied)
        #expect(coordinator.screens == ["hubPage.p"])
        let dismissed = coordinator.dismiss(FlowInstanceID(3))
        #expect(dismissed == .applied)
        #expect(
            dismissed.removed.map(\.description) == [
                "hubBar (#3, child hub): dismissal", "hubPage (#4, child h1): dismissal",
            ])
        #expect(coordinator.path == shown)
        #expect(coordinator.tabSets.map(\.selected) == ["t1"])
        // Back at the first route of the layer's second tab removes the layer with its kept tab.
        #expect(coordinator.select(tab: "hub") == .applied)
        #expect(coordinator.select(tab: "h2") == .applied)
        let back = coordinator.back(1)
        #expect(back == .applied)
        #expect(
            back.removed.map(\.description) == [
                "hubBar (#5, child hub): back", "leaf (#7, child h2): back", "hubPage (#6, child h1): back",
            ])
        #expect(back.droppedTabs.map(\.tab) == ["h1"])
        #expect(coordinator.path == shown)
        #expect(coordinator.back(1) == StepResult(.rejected, .tabFirstRoute(tab: "t1")))
        // A confirm route in the layer asks first; on confirmation its outcome reaches the handlers: the tab's
        // flow finishes with it (a finish: docs/RUNNING.md, "Finishing"), then the tab bar it passes it through.
        #expect(coordinator.select(tab: "hub") == .applied)
        host.conditions["dirty"] = true
        #expect(coordinator.dismiss() == StepResult(.pending))
        #expect(coordinator.pendingConfirmation?.screen == "p")
        let confirmed = coordinator.confirmRemoval()
        #expect(confirmed == .applied)
        #expect(confirmed.finished.map { "\($0.flow) \($0.outcome)" } == ["hubPage closed", "hubBar closed"])
        #expect(confirmed.removed == [])
        #expect(coordinator.path == shown)
    }

    /// The same tab bar as the item sheet of a tab set inside a tab (`t2`'s `mid`): dismissed whole, `mid`
    /// shows `m1` as it was.
    @Test func aTabBarPresentedAsANestedItemSheetIsDismissedWhole() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.tabBarItem(), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "t2") == .applied)
        let shown = coordinator.path
        #expect(coordinator.select(tab: "inHub") == .applied)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1", "h1"])
        let dismissed = coordinator.dismiss()
        #expect(dismissed == .applied)
        #expect(
            dismissed.removed.map(\.description) == [
                "hubBar (#5, child inHub): dismissal", "hubPage (#6, child h1): dismissal",
            ])
        #expect(coordinator.path == shown)
        #expect(coordinator.tabSets.map(\.selected) == ["t2", "m1"])
        #expect(coordinator.select(tab: "inHub") == .applied)
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.path == shown)
    }

    /// A tab bar presented as a cover item is not dismissed, by `dismiss` or by back: its flow finishes.
    @Test func aTabBarPresentedAsAnItemCoverStays() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.tabBarItem(presentation: "cover"), flow: "root")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.select(tab: "hub") == .applied)
        #expect(coordinator.dismiss() == StepResult(.rejected, .coverNotDismissible(flow: "hubBar")))
        #expect(coordinator.back(1) == StepResult(.rejected, .coverNotDismissible(flow: "hubBar")))
        #expect(coordinator.send("close") == .applied)
        #expect(coordinator.screens == ["leaf.l"])
    }

    /// `app`'s home starts tab flow `bar` (`backAtTabRoot: selectFirstTab`, `[a, b]`, `b` pushes `b2`) as a
    /// sheet or a cover (the breaker's r14 `min-sft`, and `layerTabs` in its `studio` app, a tab set in a tab
    /// of a sheet's tab bar).
    static func layerWithPolicy(presentation: String) throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: app
            start: home
            screens:
              home: { on: { open: { start: bar } } }
            children:
              bar: { flow: bar, presentation: \(presentation), on: { done: stay } }
            """,
            """
            flow: bar
            tabs: [a, b]
            start: a
            backAtTabRoot: selectFirstTab
            outcomes: [done]
            children:
              a: { flow: pageA, on: { done: { finish: done } } }
              b: { flow: pageB }
            """,
            """
            flow: pageA
            start: a1
            outcomes: [done]
            screens:
              a1: { on: { done: { finish: done } } }
            """,
            """
            flow: pageB
            start: b1
            screens:
              b1: { on: { more: { push: b2 } } }
              b2: {}
            """,
        ])
    }

    /// Back at the root of a tab other than the first of a tab bar presented as a sheet selects the first
    /// tab, as `backAtTabRoot: selectFirstTab` says (before: the whole sheet went, `bar`, `pageB` and `pageA`
    /// removed, `a` dropped); back at the first tab's root then removes the sheet, and dismissal takes it
    /// whole from any tab.
    @Test func aTabBarPresentedAsASheetSelectsItsFirstTabBeforeItGoes() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.layerWithPolicy(presentation: "sheet"), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.select(tab: "b") == .applied)
        #expect(coordinator.send("more") == .applied)
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.screens == ["app.home", "pageB.b1"])
        let selected = coordinator.back(1)
        #expect(selected == .applied)
        #expect(selected.removed == [] && selected.droppedTabs == [])
        #expect(coordinator.screens == ["app.home", "pageA.a1"])
        #expect(coordinator.tabSets.map(\.selected) == ["a"])
        let gone = coordinator.back(1)
        #expect(gone == .applied)
        #expect(
            gone.removed.map(\.description) == [
                "bar (#2, child bar): back", "pageA (#3, child a): back", "pageB (#4, child b): back",
            ])
        #expect(gone.droppedTabs.map(\.tab) == ["b"])
        #expect(coordinator.screens == ["app.home"])
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.select(tab: "b") == .applied)
        let dismissed = coordinator.dismiss()
        #expect(dismissed == .applied)
        #expect(dismissed.removed.map(\.description).first == "bar (#5, child bar): dismissal")
        #expect(coordinator.screens == ["app.home"])
    }

    /// The same tab bar presented as a cover: back at the second tab's root selects the first (before:
    /// refused, `coverNotDismissible`), and at the first tab's root the cover still stays.
    @Test func aTabBarPresentedAsACoverSelectsItsFirstTabAndStays() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.layerWithPolicy(presentation: "cover"), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.select(tab: "b") == .applied)
        #expect(coordinator.back(1) == .applied)
        #expect(coordinator.screens == ["app.home", "pageA.a1"])
        #expect(coordinator.back(1) == StepResult(.rejected, .coverNotDismissible(flow: "bar")))
        #expect(coordinator.screens == ["app.home", "pageA.a1"])
    }

    /// A handle's id once its instance is gone answers `stale` for every step that names it — back and
    /// reconcile on its stack and a tab selection in it included, as `finish` and `dismiss` (RUNNING.md,
    /// "Script commands"); before, back on the stack and `select … #ID` of a removed sheet's tab bar answered
    /// `rejected` ("no shown stack begins with flow instance 4", "flow instance 2 runs no tab set that is
    /// shown"; the breaker's r14 `studio`, `back 1 #5` after the tools sheet was dismissed).
    @Test func everyStepNamingAGoneInstanceIsStale() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.layerWithPolicy(presentation: "sheet"), flow: "app")
        #expect(coordinator.start() == .applied)
        #expect(coordinator.send("open") == .applied)
        #expect(coordinator.select(tab: "b") == .applied)
        #expect(coordinator.stacks.map(\.id.rawValue) == [1, 2, 4])
        // Alive: a tab set that is not shown, a stack that is not the person's.
        let root = FlowInstanceID(1)
        #expect(coordinator.select(tab: "a", in: root) == StepResult(.rejected, .noShownTabSet(root)))
        #expect(coordinator.dismiss() == .applied)
        for gone in [2, 3, 4].map(FlowInstanceID.init) {
            #expect(coordinator.back(1, onStack: gone) == StepResult(.stale, .instanceNotAlive(gone)))
            #expect(coordinator.reconcile(stack: gone, to: []) == StepResult(.stale, .instanceNotAlive(gone)))
            #expect(coordinator.select(tab: "a", in: gone) == StepResult(.stale, .instanceNotAlive(gone)))
            #expect(coordinator.dismiss(gone) == StepResult(.stale, .instanceNotAlive(gone)))
        }
        let never = FlowInstanceID(99)
        #expect(coordinator.back(1, onStack: never) == StepResult(.rejected, .unknownInstance(never)))
        #expect(coordinator.select(tab: "a", in: never) == StepResult(.rejected, .unknownInstance(never)))
        #expect(coordinator.screens == ["app.home"])
    }
}
