import FlowModel

/// Checks a deep link's routes against the conditional choices they pass through, with the host's
/// answers at the moment the link opens: a link may build only a state the flows' own steps could build
/// now (docs/RUNNING.md, "Deep links and conditions").
///
/// - **The root flow's first route** must be the one its `start` shows now (a conditional start is
///   evaluated). A first route that `start` never shows, only a `replaceRoot` does, must be shown by a
///   `replaceRoot` the flow's steps reach from what `start` shows now, following every screen's events
///   with their `if`s evaluated now, before any `if` that shows it only on the branch the host does not
///   take now: with `start: splash` and splash's `if: isLoggedIn, then: { replaceRoot: main }, else: {
///   replaceRoot: auth }`, a link to `main` is refused while `isLoggedIn` is false. The walk never passes
///   a child's outcome handler: a link cannot finish a child flow (sign-in), so a route shown first only
///   after a child finishes is refused, naming the child; `when:` and `otherwise:` send the person
///   through it.
/// - **A next route** must be pushed or started by an event of the screen below it, with every `if` on the
///   way evaluated now. When that screen was shown by a child's (conditional) `start`, the refusal names
///   the start's choice.
/// - **A route naming the child a flow's start started** (a child whose flow starts with a child) must be
///   the child that start chose now.
///
/// A tab route may select any tab (the person can select every tab); the tab flow's `start` and the tab's
/// flow's `start` still run with the answers now. What the steps can do is read from the step graph
/// (``FlowSteps``: each site's leaves with the choices on the way), evaluated with the answers now; work is
/// linear in the size of the flow inspected.
///
/// A restore asks the same of every instance it rebuilds, through its own entries
/// (``checkRestoredFirst(_:of:)``, ``checkRestoredStep(to:from:of:impliedStart:)``): the walk then passes
/// children's outcome handlers (a snapshot may hold what a handler showed after its child finished), and
/// a refusal is an invalid snapshot naming the condition, not a link.
@MainActor
struct LinkConditions {
    let context: StepContext

    /// Who asks: a deep link, named by its URL in a refusal, or a restore.
    enum Asker: Equatable {
        case link(url: String)
        case restore

        /// The refusal of `route` for this asker, `because` the answers now decide against it.
        func refusal(of route: String, because: String) -> FlowRuntimeError {
            switch self {
            case .link(let url): .linkContradictsCondition(url: url, route: route, because: because)
            case .restore: .invalidSnapshot("it shows '\(route)', which steps could not show now: \(because)")
            }
        }
    }

    private var bundle: FlowBundle { context.bundle }
    private var host: FlowHost { context.host }

    /// The name of a screen or child declaration of `flow`.
    func name(of target: TargetNode, in flow: Int) -> String {
        switch target {
        case .screen(let index): bundle.flows[flow].screens[index].name
        case .child(let index): bundle.flows[flow].children[index].name
        }
    }

    /// The host's answer now to condition `condition` of `flow`.
    private func answer(_ condition: Int, of flow: Int) -> Bool {
        host.condition(bundle.flows[flow].conditions[condition])
    }

    /// The index of the leaf of `flow`'s `start` (in `steps`, the flow's) the answers now lead to, asking each
    /// condition on the way once, outermost first; nil when none does (a damaged bundle).
    private func startLeaf(of flow: Int, in steps: FlowSteps) -> Int? {
        for index in steps.start.leaves.indices where steps.start.leaves[index].isChosen(by: { answer($0, of: flow) }) {
            return index
        }
        return nil
    }

    /// `flow 'app' starts at 'auth' now ('isLoggedIn' is false)`: what `flow`'s start shows through its leaf
    /// `leaf` (``startLeaf(of:in:)``), with the answers that chose it.
    // Speed: PERFORMANCE.md, "Round 16, rtlink" (the step graph writes each leaf's text once).
    private func startsNow(_ flow: Int, leaf: Int?, in steps: FlowSteps) -> String {
        guard let leaf else { return FlowSteps.startsNow(bundle.flows[flow], shown: nil, choices: []) }
        return steps.startsNow[leaf]
    }

    /// Refuses a first route of the root flow that its steps would not show first now. A link cannot finish
    /// a child, so the walk stops at children.
    func checkFirstRoute(_ target: TargetNode, of flow: Int, url: String) throws(FlowRuntimeError) {
        try checkFirstRoute(target, of: flow, asker: .link(url: url))
    }

    /// ``checkFirstRoute(_:of:url:)`` for `asker`; a restore's walk passes children's outcome handlers.
    /// - Parameter startBranchByReplaceRoot: a target another branch of the conditional `start` shows is
    ///   also accepted when a `replaceRoot` the walk reaches shows it (a restored child instance: steps
    ///   built it so); otherwise it is refused at once.
    private func checkFirstRoute(
        _ target: TargetNode, of flow: Int, asker: Asker, startBranchByReplaceRoot: Bool = false
    ) throws(FlowRuntimeError) {
        let passingChildren = asker == .restore
        guard bundle.flows[flow].tabs.isEmpty else { return }
        let steps = context.steps(of: flow)
        guard let leaf = startLeaf(of: flow, in: steps), let shown = steps.start.leaves[leaf].shown, shown != target
        else { return }
        let graph = bundle.flows[flow]
        let starts = steps.startsNow[leaf]
        func refuse(_ because: String) -> FlowRuntimeError {
            asker.refusal(of: name(of: target, in: flow), because: because)
        }
        let startShowsIt = steps.start.leaves.contains(where: { $0.shown == target })
        if startShowsIt, !startBranchByReplaceRoot { throw refuse(starts) }
        let answer = { (condition: Int) in self.answer(condition, of: flow) }
        // Shown first only by a `replaceRoot`: follow the flow's steps from what start shows now, breadth
        // first, each site's leaf chosen by the answers now. Each target is visited once. Children are not
        // passed (a link cannot finish one); they are kept to name the one a refusal is about.
        var visited = Set<TargetNode>([shown])
        var queue: [TargetNode] = [shown]
        var children: [Int] = []
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if !passingChildren, case .child(let child) = current {
                children.append(child)
                continue
            }
            let sites = namedSites(of: current, in: flow)
            if sites.contains(where: { $0.site.chosen(by: answer)?.replaced == target }) { return }
            for (siteName, site) in sites where !startShowsIt {
                if let condition = blockingChoice(in: site, to: target, replacing: true, answer: answer) {
                    throw refuse(
                        starts
                            + ", and \(siteName) shows it first only when '\(graph.conditions[condition.condition])' is \(condition.answer), and it is \(!condition.answer)"
                    )
                }
            }
            for (_, site) in sites {
                if let successor = site.chosen(by: answer)?.destination, visited.insert(successor).inserted {
                    queue.append(successor)
                }
            }
        }
        if startShowsIt { throw refuse(starts) }
        if let child = firstChildShowing(target, after: children, in: steps) {
            throw refuse(
                starts
                    + ", and it is shown first only after child '\(graph.children[child].name)' finishes, which a link cannot do"
            )
        }
        throw refuse(starts + ", and no step from there shows it first with the answers now")
    }

    /// Refuses a first route the flow's own steps show first (its `start`, in any branch, or a `replaceRoot`)
    /// only under conditions that do not hold now, as ``checkFirstRoute(_:of:url:)`` does for a link. A
    /// screen no step shows first — a `linkFallback` screen of its own, say — is left to the caller. Used for
    /// the `linkFallback` screen (a state a link builds).
    func checkShownFirst(_ target: TargetNode, of flow: Int, url: String) throws(FlowRuntimeError) {
        guard context.steps(of: flow).shownFirstBySteps.contains(target) else { return }
        try checkFirstRoute(target, of: flow, asker: .link(url: url))
    }

    /// For a restore: refuses a first route (screen, or the child an instance without routes of its own
    /// runs) that the flow's own steps show first only under conditions that do not hold now, as
    /// ``checkShownFirst(_:of:url:)`` does for a link, passing children's outcome handlers (a snapshot may
    /// hold what a handler showed after its child finished). The refusal is an invalid snapshot.
    ///
    /// For an instance other than the root's (`isRoot` false), a first route that another branch of its
    /// flow's conditional `start` shows is accepted when a `replaceRoot` the steps reach from what `start`
    /// shows now shows it (`payee`'s `pick: { replaceRoot: amount }` under `start: { if: hasPayee, then:
    /// amount, else: payee }`): steps build that state with the answers now (guarantee 6). The root
    /// flow's first route is the one its `start` chooses now (docs/RUNNING.md, "Guarantees").
    func checkRestoredFirst(_ target: TargetNode, of flow: Int, isRoot: Bool) throws(FlowRuntimeError) {
        guard context.steps(of: flow).shownFirstBySteps.contains(target) else { return }
        try checkFirstRoute(target, of: flow, asker: .restore, startBranchByReplaceRoot: !isRoot)
    }

    /// The first of `children` from whose outcome handlers the flow's steps (every leaf of every site, each
    /// target once) reach a `replaceRoot` of `target`; nil when none does.
    private func firstChildShowing(_ target: TargetNode, after children: [Int], in steps: FlowSteps) -> Int? {
        var visited = Set<TargetNode>()  // shared: what a node reaches does not depend on the child before it
        for child in children where visited.insert(.child(child)).inserted {
            var pending: [TargetNode] = [.child(child)]
            while let current = pending.popLast() {
                for site in steps.sites(of: current) {
                    if site.leaves.contains(where: { $0.replaced == target }) { return child }
                    for leaf in site.leaves {
                        if let successor = leaf.pushed ?? leaf.replaced, visited.insert(successor).inserted {
                            pending.append(successor)
                        }
                    }
                }
            }
        }
        return nil
    }

    /// Refuses a route naming a child of `flow` when its start started another child now (`started`: the
    /// declaration of the child instance its start created).
    func checkStartedChild(_ child: Int, started: Int?, of flow: Int, url: String) throws(FlowRuntimeError) {
        guard started != child else { return }
        let steps = context.steps(of: flow)
        let leaf = startLeaf(of: flow, in: steps)
        guard steps.start.leaves.contains(where: { $0.shown == .child(child) }) else {
            throw FlowRuntimeError.linkRouteBelowChild(
                flow: bundle.flows[flow].name, route: name(of: .child(child), in: flow))
        }
        throw FlowRuntimeError.linkContradictsCondition(
            url: url, route: name(of: .child(child), in: flow), because: startsNow(flow, leaf: leaf, in: steps))
    }

    /// Refuses a route that no event of `screen` pushes or starts with the host's current answers.
    /// - Parameter impliedStart: the screen was shown by its flow's `start` (a child's implied first route).
    func checkStep(to target: TargetNode, from screen: Int, of flow: Int, impliedStart: Bool, url: String)
        throws(FlowRuntimeError)
    {
        try checkStep(to: target, from: screen, of: flow, impliedStart: impliedStart, asker: .link(url: url))
    }

    /// For a restore: ``checkStep(to:from:of:impliedStart:url:)`` for a restored route (a screen, or a child
    /// instance) on top of a route of `screen`; the refusal is an invalid snapshot.
    func checkRestoredStep(to target: TargetNode, from screen: Int, of flow: Int, impliedStart: Bool)
        throws(FlowRuntimeError)
    {
        try checkStep(to: target, from: screen, of: flow, impliedStart: impliedStart, asker: .restore)
    }

    private func checkStep(to target: TargetNode, from screen: Int, of flow: Int, impliedStart: Bool, asker: Asker)
        throws(FlowRuntimeError)
    {
        guard bundle.flows[flow].tabs.isEmpty else { return }
        let steps = context.steps(of: flow)
        let sites = steps.events[screen]
        let answer = { (condition: Int) in self.answer(condition, of: flow) }
        // Speed: PERFORMANCE.md, "Round 15, rtopen: the deep-link step" (a loop, not a closure checked for
        // the main actor).
        for site in sites where site.chosen(by: answer)?.pushed == target { return }
        let graph = bundle.flows[flow]
        func refuse(_ because: String) -> FlowRuntimeError {
            asker.refusal(of: name(of: target, in: flow), because: because)
        }
        // Reached only through a branch the host does not take now: name the first such condition.
        for (event, site) in sites.enumerated() {
            if let condition = blockingChoice(in: site, to: target, replacing: false, answer: answer) {
                throw refuse(
                    "event '\(graph.screens[screen].events[event].name)' of screen '\(graph.screens[screen].name)' reaches it only when '\(graph.conditions[condition.condition])' is \(condition.answer), and it is \(!condition.answer)"
                )
            }
        }
        // Not reached from this screen at all: when a conditional start chose the screen, say so.
        let leaf = startLeaf(of: flow, in: steps)
        let because =
            impliedStart && !(leaf.map { steps.start.leaves[$0].choices.isEmpty } ?? true)
            ? startsNow(flow, leaf: leaf, in: steps)
                + ", and no event of '\(graph.screens[screen].name)' pushes or starts it"
            : "no event of screen '\(graph.screens[screen].name)' of flow '\(graph.name)' pushes or starts it"
        throw refuse(because)
    }

    /// The sites that run while `target` is shown in `flow` — a screen's events, a child's outcome handlers —
    /// each with how messages name it.
    private func namedSites(of target: TargetNode, in flow: Int) -> [(name: String, site: StepSite)] {
        let graph = bundle.flows[flow]
        let sites = context.steps(of: flow).sites(of: target)
        switch target {
        case .screen(let screen):
            return sites.enumerated().map { event, site in
                ("event '\(graph.screens[screen].events[event].name)' of screen '\(graph.screens[screen].name)'", site)
            }
        case .child(let child):
            let outcomes = bundle.flows[graph.children[child].flow].outcomes
            return sites.enumerated().map { index, site in
                let outcome = outcomes.indices.contains(index) ? outcomes[index] : "#\(index)"
                return ("the handler of outcome '\(outcome)' of child '\(graph.children[child].name)'", site)
            }
        }
    }

    /// The first `if`, on the way the answers now take through `site`, whose other branch pushes or starts
    /// `target` (with `replacing`, shows it by `replaceRoot`): the choice that branch needs. Of the leaves
    /// that reach `target`, the one whose path leaves the answers' path first names it.
    private func blockingChoice(in site: StepSite, to target: TargetNode, replacing: Bool, answer: (Int) -> Bool)
        -> StepChoice?
    {
        var found: (position: Int, choice: StepChoice)?
        for leaf in site.leaves where (replacing ? leaf.replaced : leaf.pushed) == target {
            guard let position = leaf.firstSkippingChoice(answer), position < (found?.position ?? .max) else {
                continue
            }
            found = (position, leaf.choices[position])
        }
        return found?.choice
    }
}
