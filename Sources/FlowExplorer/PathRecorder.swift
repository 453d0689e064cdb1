import FlowModel
import FlowRuntime
import FlowScript

/// Watches the explorer's steps for ``FlowPaths``: the first script that reaches each wanted target
/// (breadth first, so a shortest one), and what the coverage summary says of the others: the steps
/// that tried and were refused, the screens shown and the children started.
struct PathRecorder {
    let bundle: FlowBundle
    let wanted: Set<PathTarget>
    /// The patterns of the root flow's links by the URL the explorer opens for them.
    let patternsByURL: [String: [String]]

    /// The first script that reached each target, with the trace line of each of its commands.
    private(set) var scripts: [PathTarget: (script: [ScriptCommand], traces: [TraceLine])] = [:]
    /// For each explored state: the state it was first reached from and the trace line of that step.
    private var stateTraces: [Int: (parent: Int, trace: TraceLine)] = [:]
    /// The targets tried and refused: how many times, and the first reason.
    private var refusals: [PathTarget: (count: Int, reason: String)] = [:]
    /// The screens (`flow.screen`) on top of some explored state, and the children (`flow.child`) started.
    private var shownScreens: Set<String> = []
    private var startedChildren: Set<String> = []
    /// The event each waiting step sent, by the script that ends with it: `confirm` takes it.
    private var waiting: [[ScriptCommand]: PathTarget?] = [:]

    init(bundle: FlowBundle, root: Int, wanted: Set<PathTarget>) {
        self.bundle = bundle
        self.wanted = wanted
        var patterns: [String: [String]] = [:]
        for link in bundle.flows[root].links {
            patterns[ArgumentWitness.url(of: link, flow: root, in: bundle), default: []].append(link.pattern)
        }
        patternsByURL = patterns
    }

    @MainActor
    mutating func observe(_ step: ExploredStep) {
        // Speed (`flowc paths` within 1.5x of `check`: docs/PERFORMANCE.md, "`flowc paths`"): the script is
        // built only for a target it reaches first or a step that waits, the trace line only for a step that
        // reaches a new state, a target first or a state a bound left out (the rest is read off the step's
        // result), and what only the state after tells (its top screen, the children it runs) is read once
        // per state, from the step that reached it first (breadth first, so the shortest script), or for a
        // state a bound left out.
        var built: [ScriptCommand]?
        func script() -> [ScriptCommand] {
            if let built { return built }
            let made = step.script + [step.command]
            built = made
            return made
        }
        var traced: TraceLine?
        func after() -> TraceLine {
            if let traced { return traced }
            let made = step.trace()
            traced = made
            return made
        }
        if let added = step.added { stateTraces[added] = (step.state, after()) }
        let before = stateTraces[step.state]?.trace
        func reach(_ target: PathTarget) { self.reach(target, by: script, from: step.state, after: after) }
        let status = step.result.status
        let reason = step.result.reason?.description ?? status.rawValue
        let refused = status == .rejected || status == .stale
        if step.added != nil || step.target == nil {
            let after = after()
            if let top = after.path.last {
                shownScreens.insert(top.flow + "." + top.screen)
                reach(.screen(flow: top.flow, screen: top.screen))
            }
            for entry in after.instances.map(ExplorationActions.entries(of:)) ?? [] {
                for child in entry.children { startedChildren.insert(entry.flow + "." + (child.child ?? "")) }
            }
        }
        switch step.command {
        case .event(let name, let token, _):
            guard let sender = before?.path.last(where: { token == nil || $0.token == token?.rawValue })
            else { break }
            let target = PathTarget.event(flow: sender.flow, screen: sender.screen, event: name)
            if refused {
                refuse(target, reason)
            } else if status == .pending {
                waiting[script()] = target
            } else {
                reach(target)
            }
        case .confirm:
            guard !refused, status != .pending else { break }
            // The step waiting for this confirmation: the longest earlier script that ended waiting.
            for length in stride(from: step.script.count, to: 0, by: -1) {
                guard let origin = waiting[Array(step.script.prefix(length))] else { continue }
                if let origin { reach(origin) }
                break
            }
        case .open(let url):
            // Applied is not enough: a guarded link whose `otherwise` opened (sign-in first) or a queued
            // one holds the URL; it is reached when the step that opens it shows its routes.
            let held = step.heldLinksAfter.values.contains { $0.contains(url) }
            for pattern in patternsByURL[url] ?? [] {
                if status == .applied, !held {
                    reach(.link(pattern: pattern))
                } else if refused {
                    refuse(.link(pattern: pattern), reason)
                }
            }
        default:
            break
        }
        if status == .pending, waiting.index(forKey: script()) == nil { waiting[script()] = .some(nil) }
        for link in step.result.deferredLinks where link.status == .applied {
            for pattern in patternsByURL[link.url] ?? [] { reach(.link(pattern: pattern)) }
        }
        let finishedFlows = step.result.finished
        let entriesBefore =
            finishedFlows.isEmpty ? [] : before?.instances.map(ExplorationActions.entries(of:)) ?? []
        for finished in finishedFlows {
            let id = finished.instance.rawValue
            guard let parent = entriesBefore.first(where: { $0.children.contains { $0.id == id } }),
                let child = parent.children.first(where: { $0.id == id })?.child
            else { continue }
            reach(.handler(flow: parent.flow, child: child, outcome: finished.outcome))
            reach(.outcome(flow: parent.flow, child: child, outcome: finished.outcome))
        }
    }

    /// For an event with a `pattern` or an argument `check`: the explorer's witness may not meet it.
    private func witnessCaveat(_ target: PathTarget) -> String {
        guard case .event(let flow, let screen, let event) = target,
            let parameters = bundle.screen(flow, screen)?.events.first(where: { $0.name == event })?.parameters,
            !ArgumentWitness.surelyValid(parameters)
        else { return "" }
        return " (the explorer's witness for a `pattern` or an argument `check` may not meet it)"
    }

    /// Keeps `script` (state `state`'s shortest script and the step, whose trace line `after` builds) for
    /// `target` when it is the first to reach it, with the trace line of each command: those of the steps
    /// that first reached the states on the way, then `after`. No line is run again.
    private mutating func reach(
        _ target: PathTarget, by script: () -> [ScriptCommand], from state: Int, after: () -> TraceLine
    ) {
        guard wanted.contains(target), scripts[target] == nil else { return }
        var traces = [after()]
        var current = state
        while let (parent, trace) = stateTraces[current] {
            traces.append(trace)
            current = parent
        }
        scripts[target] = (script(), traces.reversed())
    }

    private mutating func refuse(_ target: PathTarget, _ reason: String) {
        guard wanted.contains(target) else { return }
        refusals[target, default: (0, reason)].count += 1
    }

    /// Why `target` was not reached, in a sentence ending with how far the exploration went.
    func reason(_ target: PathTarget, exploration: ExplorationReport, bounds: ExplorationBounds) -> String {
        let why: String
        if let refusal = refusals[target] {
            let times = refusal.count == 1 ? "the one time" : "all \(refusal.count) times"
            why =
                "refused \(times) it was \(target.isLink ? "opened" : "sent"): \(refusal.reason)"
                + witnessCaveat(target)
        } else {
            switch target {
            case .screen: why = "no step shows it"
            case .event(let flow, let screen, _):
                why = shownScreens.contains(flow + "." + screen) ? "never taken" : "its screen is never shown"
            case .handler(let flow, let child, let outcome), .outcome(let flow, let child, let outcome):
                why =
                    startedChildren.contains(flow + "." + child)
                    ? "the child never finishes with '\(outcome)'" : "the child is never started"
            case .link: why = "never opened"
            }
        }
        let extent =
            exploration.bound.map { "the exploration was bounded by \($0)" }
            ?? "the exploration was complete (\(MessageText.counted(exploration.states, "state")), a screen at most \(exploration.repeatCutoff) times on one path)"
        return why + "; " + extent
    }
}

extension PathTarget {
    var isLink: Bool {
        if case .link = self { return true }
        return false
    }
}
