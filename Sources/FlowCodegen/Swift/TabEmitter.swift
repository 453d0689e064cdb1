import FlowModel

/// Writes a tab flow's `Tab` enum (`SocialFlow.Tab`): one case per tab in display order, with the label
/// the flow file gives it (`title:` and `icon:`, since format 1.2; the title falls back to the tab's
/// name), conforming to `FlowTab` so `navigation.selectTab(.search, of: tabSet)` and
/// `coordinator.select(SocialFlow.Tab.search)` take no string: a misspelt tab does not compile.
struct TabEmitter {
    let context: SwiftGenerationContext
    let index: Int

    private var graph: FlowGraph { context.bundle.flows[index] }
    private var type: String { context.flowTypes[index] }

    func write(to out: inout SwiftSourceWriter) {
        let definition = context.definitions[graph.name]
        let tabs = graph.tabs.map { tab in
            let name = graph.children[tab.child].name
            let declared = definition?.tab(named: name)
            return (
                name: name, title: declared?.title?.value, icon: declared?.icon?.value,
                presentation: graph.children[tab.child].presentation
            )
        }
        let first = tabs.first.map(\.name) ?? ""
        out.doc(
            SwiftDocComment(
                "The tabs of `\(graph.name)`, in display order: `TabView(selection: navigation.selectionBinding(tabSet, as: \(type).Tab.self))` with `.tag(\(type).Tab.\(first))`, `navigation.selectTab(.\(first), of: tabSet)`."
            ))
        out.block("public enum Tab: String, FlowTab {") { out in
            for tab in tabs {
                var summary = "Tab `\(tab.name)`"
                if let title = tab.title { summary += ", titled `\(title)`" }
                if let icon = tab.icon { summary += ", icon `\(icon)`" }
                if tab.presentation.isPresented {
                    summary +=
                        "; a tab-bar item that presents its child as a \(tab.presentation.rawValue) over the tab set"
                }
                out.doc(SwiftDocComment(summary + "."))
                out.line("case \(SwiftNames.identifier(tab.name))")
            }
            out.line()
            out.doc(SwiftDocComment("The tab flow that declares the tabs."))
            out.line("public static var tabFlow: String { \(type).name }")
            out.line()
            out.doc(SwiftDocComment("The tab's label: its `title:`, or its name."))
            out.block("public var title: String {") { out in
                out.switchBlock("self") { out in
                    for tab in tabs {
                        out.line(
                            "case .\(SwiftNames.identifier(tab.name)): \(SwiftNames.stringLiteral(tab.title ?? tab.name))"
                        )
                    }
                }
            }
            out.line()
            out.doc(SwiftDocComment("The tab's `icon:`, if the flow gives one."))
            out.block("public var icon: String? {") { out in
                guard tabs.contains(where: { $0.icon != nil }) else { return out.line("nil") }
                out.switchBlock("self") { out in
                    for tab in tabs {
                        out.line(
                            "case .\(SwiftNames.identifier(tab.name)): \(tab.icon.map(SwiftNames.stringLiteral) ?? "nil")"
                        )
                    }
                }
            }
            // Written only for a tab set with items (format 1.3): other tab sets keep `FlowTab`'s `false`.
            let items = tabs.filter { $0.presentation.isPresented }
            guard !items.isEmpty else { return }
            out.line()
            out.doc(
                SwiftDocComment(
                    "Whether the tab is a tab-bar item that presents its child over the whole tab set: selecting it presents, the selection stays."
                ))
            out.line(
                "public var presents: Bool { \(items.map { "self == .\(SwiftNames.identifier($0.name))" }.joined(separator: " || ")) }"
            )
        }
    }
}
