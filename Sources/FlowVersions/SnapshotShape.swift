import FlowRuntime

/// The shape of a snapshot: its instances' child declarations, flows, selected and kept tabs and screens,
/// without arguments or held links; what `flowc diff` judges once for all the snapshots that share it.
///
/// Written `app[home, post] / edit=editor[form]`: each instance as `CHILD=FLOW[screens]` (the root without
/// `CHILD=`), `{tab}` after a tab flow's name for the selected tab and `{tab; kept: a, b}` with kept tabs,
/// instances joined by ` / `.
package enum SnapshotShape {
    package static func text(of snapshot: FlowSnapshot) -> String {
        snapshot.instances.map { instance in
            var text = (instance.child.map { $0 + "=" } ?? "") + instance.flow
            if let tab = instance.selectedTab {
                let kept = (instance.otherTabs ?? [:]).keys.sorted()
                text += "{" + tab + (kept.isEmpty ? "" : "; kept: " + kept.joined(separator: ", ")) + "}"
            }
            return text + "[" + instance.routes.map(\.screen).joined(separator: ", ") + "]"
        }.joined(separator: " / ")
    }
}
