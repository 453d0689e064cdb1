import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A link into a nested tab set (before, it started the inner first tab too) starts only the tabs it
/// names ("the other tabs start afresh when selected"), in the outer set and in the inner one.
@MainActor
struct LinkIntoNestedTabsTests {
    static let flows = [
        """
        flow: root
        tabs: [home, inbox]
        start: home
        children:
          home: { flow: home }
          inbox: { flow: inbox }
        links:
          "/inbox/sent": [inbox, sent]
          "/inbox": [inbox]
          "/inbox/m/{id:int}": [inbox, folder, { msg: { id: $id } }]
        """,
        """
        flow: home
        start: feed
        screens:
          feed: { on: { toInbox: { select: inbox } } }
        """,
        """
        flow: inbox
        tabs: [folder, sent]
        start: folder
        children:
          folder: { flow: folder }
          sent: { flow: sent }
        """,
        """
        flow: folder
        start: list
        screens:
          list: { on: { open: { params: { id: int }, push: msg, with: { id: $id } } } }
          msg: { params: { id: int } }
        """,
        """
        flow: sent
        start: outbox
        screens:
          outbox: { on: { toFolder: { select: folder } } }
        """,
    ]

    /// `(tab set flow, selected, kept tabs)` of each shown tab set, and the path as `instance:screen`.
    func state(_ coordinator: FlowCoordinator) -> (tabs: [String], path: [String]) {
        (
            coordinator.tabSets.map { "\($0.flow):\($0.selected) kept \($0.keptStacks.keys.sorted())" },
            coordinator.path.map { "\($0.instance):\($0.screen)" }
        )
    }

    @Test func aLinkToAnInnerTabStartsOnlyThatTab() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "root")
        #expect(coordinator.open("/inbox/sent").status == .applied)
        let shown = state(coordinator)
        #expect(shown.tabs == ["root:inbox kept []", "inbox:sent kept []"])
        // root #1, inbox #2, sent #3: no id was spent on the folder tab the inner start would select.
        #expect(shown.path == ["3:outbox"])
        #expect(coordinator.snapshot().instances.map(\.flow) == ["root", "inbox", "sent"])
        #expect(coordinator.snapshot().instances.allSatisfy { $0.otherTabs == nil })
        #expect(coordinator.path.map(\.token.rawValue) == [1])
        // The folder tab starts afresh when selected.
        #expect(coordinator.send("toFolder").status == .applied)
        #expect(state(coordinator).tabs == ["root:inbox kept []", "inbox:folder kept [\"sent\"]"])
        #expect(state(coordinator).path == ["4:list"])
    }

    @Test func aLinkNamingNoInnerTabShowsTheOneItsStartSelects() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "root")
        #expect(coordinator.open("/inbox").status == .applied)
        #expect(state(coordinator).tabs == ["root:inbox kept []", "inbox:folder kept []"])
        #expect(coordinator.open("/inbox/m/7").status == .applied)
        #expect(state(coordinator).tabs == ["root:inbox kept []", "inbox:folder kept []"])
        #expect(coordinator.path.map(\.screen) == ["list", "msg"])
    }

    /// Without an instance id, `select` finds the innermost shown tab set that has the tab: the outer bar's
    /// `home` is selected from under the inner bar; a name no shown set has is refused by the innermost set.
    @Test func selectWithoutAnIDFindsTheTabSetThatHasTheTab() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "root")
        #expect(coordinator.start().status == .applied)
        #expect(coordinator.send("toInbox").status == .applied)
        #expect(state(coordinator).tabs == ["root:inbox kept [\"home\"]", "inbox:folder kept []"])
        #expect(coordinator.select(tab: "sent").status == .applied)
        #expect(state(coordinator).tabs == ["root:inbox kept [\"home\"]", "inbox:sent kept [\"folder\"]"])
        #expect(coordinator.select(tab: "home").status == .applied)
        #expect(state(coordinator).tabs == ["root:home kept [\"inbox\"]"])
        #expect(state(coordinator).path == ["2:feed"])
        #expect(coordinator.select(tab: "inbox").status == .applied)
        #expect(state(coordinator).tabs == ["root:inbox kept [\"home\"]", "inbox:sent kept [\"folder\"]"])
        #expect(coordinator.select(tab: "drafts") == StepResult(.rejected, .unknownTab(flow: "inbox", tab: "drafts")))
    }
}
