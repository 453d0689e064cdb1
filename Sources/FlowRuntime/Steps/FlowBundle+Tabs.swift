import FlowModel

// Speed: PERFORMANCE.md, "Round 16, rtcommit": a call of a method of a graph (FlowModel, another module)
// copies the whole graph first (a retain of each of its fields); these read only the fields they need, by
// the graph's own rules (``FlowModel/FlowGraph/tabIndex(named:tabs:children:)``,
// ``FlowModel/FlowGraph/tabPresents(_:tabs:children:)``).
extension FlowBundle {
    /// Flow `flow`'s ``FlowModel/FlowGraph/tabIndex(named:)``: the position of its tab named `name`.
    func tabIndex(named name: String, inFlow flow: Int) -> Int? {
        FlowGraph.tabIndex(named: name, tabs: flows[flow].tabs, children: flows[flow].children)
    }

    /// Flow `flow`'s ``FlowModel/FlowGraph/tabPresents(_:)``: whether its tab-bar item `tab` presents its child.
    func tabPresents(_ tab: Int, inFlow flow: Int) -> Bool {
        FlowGraph.tabPresents(tab, tabs: flows[flow].tabs, children: flows[flow].children)
    }
}
