import FlowCompiler
import FlowModel
import FlowTestSupport
import Testing

/// The random-app generator builds every container nesting the format allows (issue 31, item 5; issue 32):
/// among the seeds `DifferentialTests` explores, some app has each of them, so the differential test
/// explores each with every guarantee checked.
struct GeneratorNestingTests {
    /// The nestings a bundle has: presented tab bars (sheet, cover), tab sets inside tabs, sheets over sheets
    /// (a flow presented as a sheet that presents a sheet), covers inside tabs (a tab's flow that presents a
    /// cover); since format 1.3, tab-bar items that present a sheet or cover, and handlers that select a tab
    /// and say what its stack shows.
    static func nestings(of bundle: FlowBundle) -> Set<String> {
        var found: Set<String> = []
        for graph in bundle.flows {
            let tabChildren = Set(graph.tabs.map(\.child))
            for tab in graph.tabs {
                switch graph.children[tab.child].presentation {
                case .sheet: found.insert("tab-bar item as a sheet")
                case .cover: found.insert("tab-bar item as a cover")
                default: break
                }
            }
            for child in graph.children {
                for handler in child.handlers {
                    if case .selectShowing = handler { found.insert("select with routes") }
                }
            }
            for (index, child) in graph.children.enumerated() {
                let flow = bundle.flows[child.flow]
                let presentation = child.presentation
                if !flow.tabs.isEmpty {
                    if presentation == .sheet { found.insert("tab bar as a sheet") }
                    if presentation == .cover { found.insert("tab bar as a cover") }
                    if tabChildren.contains(index) { found.insert("tab set inside a tab") }
                }
                if tabChildren.contains(index), flow.children.contains(where: { $0.presentation == .cover }) {
                    found.insert("cover inside a tab")
                }
                if presentation == .sheet, flow.children.contains(where: { $0.presentation == .sheet }) {
                    found.insert("sheet over a sheet")
                }
            }
        }
        return found
    }

    @Test func theGeneratedAppsHaveEveryNesting() throws {
        var found: Set<String> = []
        for seed in UInt64(0)..<200 {
            let app = YAMLAppGenerator.app(seed: seed)
            let result = FlowValidation.validate(
                sources: app.files.enumerated().map { ("inline\($0.offset).yaml", Array($0.element.utf8)) })
            #expect(!result.hasErrors, "seed \(seed)")
            found.formUnion(Self.nestings(of: try GraphLowering.lower(result.flows)))
        }
        #expect(
            found == [
                "tab bar as a sheet", "tab bar as a cover", "tab set inside a tab", "cover inside a tab",
                "sheet over a sheet", "tab-bar item as a sheet", "tab-bar item as a cover", "select with routes",
            ])
    }
}
