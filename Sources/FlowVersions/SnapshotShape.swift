import FlowRuntime

/// The shape of a snapshot: its instances' child declarations, flows, selected and kept tabs and screens (a
/// kept tab's with its own), without arguments or held links; what `flowc diff` judges once for all the
/// snapshots that share it, so that the snapshots of one shape differ in their arguments only.
///
/// Written `app[home, post] / edit=editor[form]`: each instance as `CHILD=FLOW[screens]` (the root without
/// `CHILD=`), `{tab}` after a tab flow's name for the selected tab and `{tab; kept: a(…), b(…)}` with each kept
/// tab's instances written the same way in parentheses, instances joined by ` / `.
package enum SnapshotShape {
    package static func text(of snapshot: FlowSnapshot) -> String { text(of: snapshot.instances) }

    /// The instances' shape. Recursion: one level per tab set kept inside a kept tab, which the flows' child
    /// nesting bounds (`ChildNesting.limit`, FC406), not the snapshot's size.
    private static func text(of instances: [FlowSnapshot.Instance]) -> String {
        instances.map { instance in
            var text = (instance.child.map { $0 + "=" } ?? "") + instance.flow
            if let tab = instance.selectedTab {
                let kept = (instance.otherTabs ?? [:]).sorted { $0.key < $1.key }
                    .map { name, instances in name + "(" + Self.text(of: instances) + ")" }
                text += "{" + tab + (kept.isEmpty ? "" : "; kept: " + kept.joined(separator: ", ")) + "}"
            }
            return text + "[" + instance.routes.map(\.screen).joined(separator: ", ") + "]"
        }.joined(separator: " / ")
    }
}
