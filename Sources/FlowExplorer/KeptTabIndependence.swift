import FlowRuntime
import FlowScript

/// The runtime facts the kept-tab reduction rests on, checked on every step an exploration runs
/// (docs/RUNNING.md, "Reductions", "Kept tabs"; on with ``ExplorationBounds/keptTabCheck``). Split a
/// state S into P(S), the contents of its kept tabs by slot, and E(S), everything else (the copy
/// ``FlowRuntime/CoordinatorStateCopy/withoutKeptTabs``, the host's answers, the waiting step). A step is
/// *local* when its command is of a kind that names nothing kept
/// (``isLocalKind(_:before:pendingOrigin:)``) and, run from E(S) alone, it leaves every tab set of the
/// shown chain where it was, showing the same tab and keeping no tab (no tab selected or started aside,
/// no tab set removed), and asks for no
/// confirmation (the question names every route the step would remove, a kept tab's among them). The facts, for every local step from a state that keeps a tab:
///
/// 1. it leaves every kept tab in the very storage it was in (it writes no kept tab), and
/// 2. it returns the same result, and leaves the same state with those kept tabs left out, as the same
///    command run from E(S) alone (it reads no kept tab).
///
/// A local step may add kept tabs: a tab set shown again from under a layer brings the tabs it kept
/// there, which were part of E.
///
/// Whether a step is local is decided from E alone, so from two states with the same E a step is local
/// from both or from neither; by the facts, a local step from (E, P) leads to (E′, P), E′ and every
/// verdict on the step the same for every P.
@MainActor
struct KeptTabIndependence {
    let rule: KeptTabRule
    /// How many local steps from a state that keeps a tab were checked.
    private(set) var checked = 0
    /// How many of them came from a state whose E an earlier expanded state had: the steps a reduction
    /// that steps each E once would not run.
    private(set) var repeated = 0
    /// The steps that break a fact, in words (the first few).
    private(set) var violations: [String] = []
    /// The fingerprints of E of the states expanded so far.
    private(set) var classes: Set<Int> = []
    /// The same, E compared with its ids and tokens (``FlowRuntime/CoordinatorStateCopy/numberedHash``).
    private(set) var numberedClasses: Set<Int> = []
    /// Whether the state being expanded has an E an earlier one had.
    private var inRepeatedClass = false

    init(rule: KeptTabRule) { self.rule = rule }

    /// Notes the state about to be expanded: its copy, answers and waiting step.
    mutating func expanding(_ copy: CoordinatorStateCopy, answers: HostAnswers, pendingOrigin: ScriptCommand?) {
        let shown = copy.withoutKeptTabs
        var hasher = Hasher()
        hasher.combine(shown)
        hasher.combine(answers)
        hasher.combine(pendingOrigin)
        inRepeatedClass = !classes.insert(hasher.finalize()).inserted
        var numbered = Hasher()
        numbered.combine(shown.numberedHash)
        numbered.combine(answers)
        numbered.combine(pendingOrigin)
        numberedClasses.insert(numbered.finalize())
    }

    /// Whether `command`'s kind names nothing a kept tab holds: not a tab selection, a deep link, a
    /// restore or `stop`, nor a back or a dismissal of a stack that is not shown (a kept tab's), nor a
    /// `confirm` that runs such a step again (`pendingOrigin`, the step waiting for it).
    func isLocalKind(_ command: ScriptCommand, before: CoordinatorStateCopy, pendingOrigin: ScriptCommand?) -> Bool {
        Self.isLocalKind(command, before: before, pendingOrigin: pendingOrigin, rule: rule)
    }

    /// ``isLocalKind(_:before:pendingOrigin:)`` under `rule`. `before` may be the state or its E: the stacks
    /// a command names are shown in both or in neither.
    static func isLocalKind(
        _ command: ScriptCommand, before: CoordinatorStateCopy, pendingOrigin: ScriptCommand?, rule: KeptTabRule
    ) -> Bool {
        switch command {
        case .confirm: pendingOrigin.map { isLocalKind($0, before: before, pendingOrigin: nil, rule: rule) } ?? true
        case .select: rule == .unsoundSelectionIsLocal
        case .open, .restore, .snapshot, .stop: false
        case .backOnStack(_, let stack), .dismiss(let stack?):
            before.instances.contains { $0.id == stack.rawValue && !$0.kept }
        case .start, .event, .back, .backTo, .keep, .condition, .check, .finish, .dismiss(nil): true
        }
    }

    /// Checks one step the explorer ran: `command` took `before` (where `pendingOrigin` waited for a
    /// confirmation) to `after` with `result`. Runs it again
    /// from `before` without its kept tabs on `coordinator` (which the caller puts back in its state
    /// afterwards). Only commands that drive the coordinator (not `condition` or `check`, which change
    /// the answers alone), from a state that keeps a tab.
    mutating func check(
        _ command: ScriptCommand, before: CoordinatorStateCopy, pendingOrigin: ScriptCommand?,
        after: CoordinatorStateCopy, result: StepResult, on coordinator: FlowCoordinator
    ) {
        guard before.tabSets.contains(where: { !$0.kept.isEmpty }),
            isLocalKind(command, before: before, pendingOrigin: pendingOrigin)
        else {
            return
        }
        let alone = before.withoutKeptTabs
        coordinator.restoreState(alone)
        let again = command.step(on: coordinator) ?? .applied
        let afterAlone = coordinator.copyState()
        guard
            rule == .unsoundSelectionIsLocal
                || (again.status != .pending && Self.keepsTheTabSets(before: alone, after: afterAlone))
        else { return }
        checked += 1
        if inRepeatedClass { repeated += 1 }
        var broken: [String] = []
        if !after.keepsTheSameTabs(as: before) {
            broken.append(after.keepsEqualTabs(as: before) ? "it wrote a kept tab, equal" : "it wrote a kept tab")
        }
        if again != result { broken.append("its result differs without the kept tabs (\(again) against \(result))") }
        if after.withoutTabs(keptIn: before) != afterAlone {
            broken.append("the state it leaves, kept tabs aside, differs without them")
        }
        if !broken.isEmpty, violations.count < 5 {
            violations.append("\(command.line): " + broken.joined(separator: "; "))
        }
    }

    /// Whether every tab set of `before`'s shown chain is still at its position in `after`, the same
    /// instance showing the same tab and keeping the same tabs (tab sets `after` adds are not compared).
    static func keepsTheTabSets(before: CoordinatorStateCopy, after: CoordinatorStateCopy) -> Bool {
        let later = after.tabSets
        return before.tabSets.allSatisfy { set in
            later.contains {
                $0.position == set.position && $0.instance == set.instance && $0.selected == set.selected
                    && $0.kept == set.kept
            }
        }
    }
}

/// Which steps ``KeptTabIndependence`` counts as local (``ExplorationBounds/keptTabCheck``).
package enum KeptTabRule: Sendable {
    /// The rule the facts are stated for (docs/RUNNING.md, "Reductions", "Kept tabs").
    case proved
    /// Not sound, never on outside the negative control: a `select` line counts as local, so the facts'
    /// test (``KeptTabIndependenceTests``) must find a step that breaks them.
    case unsoundSelectionIsLocal
}
