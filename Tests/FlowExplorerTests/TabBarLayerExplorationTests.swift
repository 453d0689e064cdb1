import FlowExplorer
import FlowModel
import FlowTestSupport
import Testing

/// The explorer on a tab set's own layers (format 1.3): a sheet item, a cover item whose handler selects a
/// tab, and a sheet the tab flow's handler presents after a tab's flow finished (before 1.3, back on that
/// sheet emptied the path and stopped the app: FC802). Every state is explored and no guarantee breaks.
@MainActor
struct TabBarLayerExplorationTests {
    @Test func everyGuaranteeHoldsOverATabSetsOwnLayers() throws {
        let bundle = try Fixtures.bundle([
            """
            flow: mainTabs
            tabs: [home, { tab: compose }, { tab: checkout }, settings]
            start: home
            children:
              home: { flow: homeFlow, on: { done: { start: later } } }
              settings: { flow: page }
              compose: { flow: composeFlow, presentation: sheet, on: { posted: { select: settings }, cancelled: stay } }
              checkout:
                flow: composeFlow
                presentation: cover
                on: { posted: { select: home, routes: [{ item: { id: 7 } }] }, cancelled: stay }
              later: { flow: composeFlow, presentation: sheet, on: { posted: stay, cancelled: stay } }
            """,
            """
            flow: homeFlow
            start: list
            outcomes: [done]
            screens:
              list: { on: { open: { push: item, with: { id: 1 } }, done: { finish: done }, compose: { select: compose } } }
              item:
                params: { id: int }
                on: { back: { pop: 1 } }
            """,
            """
            flow: page
            start: root
            screens:
              root: {}
            """,
            """
            flow: composeFlow
            start: editor
            outcomes: [posted, cancelled]
            screens:
              editor: { on: { post: { finish: posted }, cancel: { finish: cancelled } } }
            """,
        ])
        let report = try FlowExplorer.explore(bundle, flow: "mainTabs")
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.isComplete)
    }

    /// `Tests/Fixtures/explorer/item-link-through-kept-tabs`: links through a kept tab set to that set's own item
    /// (a cover of `mid`, a sheet of `inner` two levels down). Before issue 32's fix the link lost the set's
    /// selected tab and left a state whose snapshot restore refused (FC806 twice); now every state restores and
    /// no guarantee breaks.
    @Test func aLinkThroughAKeptTabSetToItsItemBreaksNoGuarantee() throws {
        let (_, report) = try ExplorationWarningTests.explore("item-link-through-kept-tabs", flow: "root")
        #expect(report.findings.map { "\($0.code): \($0.message)" } == [])
        #expect(report.isComplete)
    }
}
