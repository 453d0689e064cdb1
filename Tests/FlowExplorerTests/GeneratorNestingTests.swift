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
    /// and say what its stack shows; sheets inside tabs, tab sets three deep, items of inner tab sets (whose
    /// handlers select an outer tab, whose flows queue links), links (plain and guarded) that reach an
    /// inner tab set's item, and tab-bar items that are tab bars (as a sheet, as a cover).
    static func nestings(of bundle: FlowBundle) -> Set<String> {
        var found: Set<String> = []
        for graph in bundle.flows {
            let tabChildren = Set(graph.tabs.map(\.child))
            found.formUnion(innerSetNestings(of: graph, in: bundle))
            for link in graph.links where reachesInnerItem(link.routes, from: graph, in: bundle) {
                let guarded = link.guardConditions != nil
                found.insert(guarded ? "guarded link to an inner set's item" : "link to an inner set's item")
            }
            for tab in graph.tabs {
                switch graph.children[tab.child].presentation {
                case .sheet: found.insert("tab-bar item as a sheet")
                case .cover: found.insert("tab-bar item as a cover")
                default: continue
                }
                if !bundle.flows[graph.children[tab.child].flow].tabs.isEmpty {
                    found.insert("tab-bar item that is a tab bar (\(graph.children[tab.child].presentation))")
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
                if tabChildren.contains(index), child.presentation == .push,
                    flow.children.contains(where: { $0.presentation == .sheet })
                {
                    found.insert("sheet inside a tab")
                }
                if presentation == .sheet, flow.children.contains(where: { $0.presentation == .sheet }) {
                    found.insert("sheet over a sheet")
                }
            }
        }
        return found
    }

    /// The nestings of the tab sets that are tabs of tab flow `graph`: three deep, with an item, whose handlers
    /// select a tab of an outer set, whose flow queues links.
    static func innerSetNestings(of graph: FlowGraph, in bundle: FlowBundle) -> Set<String> {
        var found: Set<String> = []
        for tab in graph.tabs where graph.children[tab.child].presentation == .push {
            let inner = bundle.flows[graph.children[tab.child].flow]
            guard !inner.tabs.isEmpty else { continue }
            let innerTabs = Set(inner.tabs.map { inner.children[$0.child].name })
            for innerTab in inner.tabs {
                let child = inner.children[innerTab.child]
                if child.presentation == .push, !bundle.flows[child.flow].tabs.isEmpty {
                    found.insert("tab set three deep")
                }
                guard child.presentation != .push else { continue }
                found.insert("item of an inner tab set")
                if bundle.flows[child.flow].linkPolicy == .queue { found.insert("inner set's item that queues links") }
                for handler in child.handlers {
                    if case .select(let selected) = handler, !innerTabs.contains(selected) {
                        found.insert("inner set's item selects an outer tab")
                    }
                }
            }
        }
        return found
    }

    /// Whether `routes` (of a link `graph` declares) pass a tab flow's tab into a tab set inside it and then
    /// present that inner set's item.
    static func reachesInnerItem(_ routes: [LinkRouteNode], from graph: FlowGraph, in bundle: FlowBundle) -> Bool {
        var flow = graph
        var tabSets = 0
        for route in routes {
            guard case .child(let index) = route.target else { continue }
            let child = flow.children[index]
            if !flow.tabs.isEmpty { tabSets += 1 }
            if tabSets >= 2, child.presentation != .push, flow.tabs.contains(where: { $0.child == index }) {
                return true
            }
            flow = bundle.flows[child.flow]
        }
        return false
    }

    /// The wrapper flows (a flow that runs a `…Core` child and relays or maps its outcome) by how the wrapper
    /// runs and how it runs its core, with a `confirm` screen in the core or the wrapper, and the root flows
    /// that finish (declare outcomes), also while queuing links or through a sign-in child.
    static func wrappers(of bundle: FlowBundle) -> Set<String> {
        var found: Set<String> = []
        let isWrapper = { (graph: FlowGraph) in
            graph.children.contains { bundle.flows[$0.flow].name.hasSuffix("Core") }
        }
        let confirms = { (graph: FlowGraph) in graph.screens.contains { $0.removal == .confirm } }
        for graph in bundle.flows {
            if graph.name == "app", !graph.outcomes.isEmpty {
                found.insert("finishing root")
                if graph.linkPolicy == .queue { found.insert("finishing root that queues links") }
                if graph.children.contains(where: { bundle.flows[$0.flow].name == "signInFlow" }) {
                    found.insert("finishing root through sign-in")
                }
            }
            if isWrapper(graph) {
                let core = graph.children[0]
                let how = graph.screens.isEmpty ? "that starts with its core" : "runs its core as \(core.presentation)"
                found.insert("wrapper " + how)
                if confirms(graph) { found.insert("confirm in a wrapper") }
                if confirms(bundle.flows[core.flow]) { found.insert("confirm in a wrapper's core") }
            }
            let tabChildren = Set(graph.tabs.map(\.child))
            for (index, child) in graph.children.enumerated() where isWrapper(bundle.flows[child.flow]) {
                if tabChildren.contains(index) {
                    found.insert(child.presentation == .push ? "wrapper as a tab" : "wrapper as a tab-bar item")
                } else {
                    found.insert("wrapper as \(child.presentation)")
                }
            }
        }
        return found
    }

    @Test func theGeneratedAppsHaveEveryWrapperAndFinishingRoot() throws {
        var found: Set<String> = []
        for seed in UInt64(0)..<200 {
            let app = YAMLAppGenerator.app(seed: seed)
            let result = FlowValidation.validate(
                sources: app.files.enumerated().map { ("inline\($0.offset).yaml", Array($0.element.utf8)) })
            #expect(!result.hasErrors, "seed \(seed)")
            found.formUnion(Self.wrappers(of: try GraphLowering.lower(result.flows)))
        }
        #expect(
            found.sorted() == [
                "confirm in a wrapper", "confirm in a wrapper's core", "finishing root",
                "finishing root that queues links", "finishing root through sign-in", "wrapper as a tab",
                "wrapper as a tab-bar item", "wrapper as cover", "wrapper as push", "wrapper as sheet",
                "wrapper runs its core as cover", "wrapper runs its core as push", "wrapper runs its core as sheet",
                "wrapper that starts with its core",
            ])
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
                "sheet inside a tab", "tab set three deep", "item of an inner tab set",
                "inner set's item selects an outer tab", "inner set's item that queues links",
                "link to an inner set's item", "guarded link to an inner set's item",
                "tab-bar item that is a tab bar (sheet)", "tab-bar item that is a tab bar (cover)",
            ])
    }
}
