import FlowRuntime
import FlowScript

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// What a step's result reports of one instance, as the guarantee checks and FC809's tracking ask it on
/// every step: searched, not hashed into sets (a step reports a handful). Outside the main actor: a
/// closure formed in main-actor code checks its isolation on every call.
extension StepResult {
    /// Whether the step reports instance `id` finished.
    func reportsFinished(_ id: Int) -> Bool { finished.contains { $0.instance.rawValue == id } }

    /// Whether the step reports instance `id` removed without finishing.
    func reportsRemoved(_ id: Int) -> Bool { removed.contains { $0.instance.rawValue == id } }

    /// Whether the step reports kept tab instance `id` dropped.
    func reportsDroppedTab(_ id: Int) -> Bool { droppedTabs.contains { $0.instance.rawValue == id } }

    /// Whether the step reports instance `id` removed by a deep link and a held link (queued, or pending on an
    /// outcome) opened after it: a step that ends the flow holding a link opens it in the same step, and the
    /// link may replace the part of the tree a cover is in (guarantee 3), though the step's command is not
    /// an `open`.
    func reportsRemovedByHeldLink(_ id: Int) -> Bool {
        removed.contains { $0.instance.rawValue == id && $0.cause == .link }
            && deferredLinks.contains { $0.status == .applied }
    }

    /// The `open` of the held link (queued, or pending on an outcome) that the step let out and that now waits
    /// for a confirmation, if any: the step a later `confirm` runs.
    var heldLinkAsking: ScriptCommand? {
        deferredLinks.last { $0.status == .pending }.map { .open($0.url) }
    }

    /// Whether the step reports deep link `url` dropped or opened after it.
    func reportsLink(_ url: String) -> Bool { deferredLinks.contains { $0.url == url } }
}
