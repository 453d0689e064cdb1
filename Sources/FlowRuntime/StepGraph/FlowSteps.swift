import FlowModel

/// What the steps of one flow can do, read once from its compiled graph: for each place an action is
/// written (its `start`, each event of each screen, each outcome handler of each child declaration) the
/// leaves it can end in (``StepSite``), with the conditional choices on the way and the argument recipes;
/// and what follows from them: what the flow can show first, what can come right after a route of each
/// screen, and with which arguments (``ArgumentRecipe``).
///
/// The step graph is one of these per flow, built the first time a coordinator asks about the flow
/// (``StepContext/steps(of:)``), in linear time (docs/RUNNING.md, "The step graph"). A flow's links, `linkFallback` and `redirect` screen are recorded whatever
/// flow runs as the root; the queries that take `isRoot` count the links and the fallback only for the
/// root flow, which is the only one whose links a coordinator opens.
///
/// Built in time linear in the size of the flow and its links (each action's leaves once; the children
/// that can run above a screen once per screen, over the flow's declarations).
// Speed: PERFORMANCE.md, "Round 16, rtlink" (a class: every check that asks the step graph took a copy of
// its 18 reference-counted fields, about 800 instructions a call).
final class FlowSteps: Sendable {
    /// The flow's `start`.
    let start: StepSite
    /// By screen, by event: each event's action.
    let events: [[StepSite]]
    /// By child declaration, by outcome of its flow: each outcome handler.
    let handlers: [[StepSite]]
    /// The tab entries of a tab flow: the child each tab runs and the arguments it starts with.
    let tabs: [TabNode]
    /// The `linkFallback` screen, shown first for an invalid link (the root flow's only).
    let fallback: Int?
    /// The `redirect` screen the link policy pushes on any route of the flow.
    let redirect: Int?

    /// What the flow's steps show as its first route: a target of its `start`, or of a `replaceRoot` of an
    /// event or an outcome handler (not tabs, links or the fallback): the first routes a deep link and a
    /// restore check against the conditions now.
    let shownFirstBySteps: Set<TargetNode>
    /// What an instance of the flow can begin with, links aside: ``shownFirstBySteps``, the tabs, and, in a
    /// tab flow (no routes of its own), what its handlers start over the tab bar.
    let firsts: Set<TargetNode>
    /// What a link of the flow shows first (its first route, or its `otherwise`'s) and the fallback screen:
    /// first routes when the flow is the root.
    let linkFirsts: Set<TargetNode>
    /// By screen: the child declarations that can run above a route of it (those its events start, and
    /// those their handlers start, transitively), in the order found.
    let childrenAbove: [[Int]]
    /// By screen: what its events push or start (either branch of every `if`).
    let pushedByEvents: [Set<TargetNode>]
    /// By screen: what else can come right after a route of it: what the handlers of the children above it
    /// push or start, and the `redirect` screen.
    let pushedOtherwise: [Set<TargetNode>]
    /// By first route (screen or child): the recipes of the steps that show it first, links aside.
    let firstRecipes: [TargetNode: [ArgumentRecipe]]
    /// By first route: the recipes of the flow's links' first routes and the fallback.
    let linkFirstRecipes: [TargetNode: [ArgumentRecipe]]
    /// By screen, by what follows it (a pushed screen, a started child): the recipes of the steps that put
    /// it on top of a route of the screen (its events, the handlers of the children above it, the
    /// `redirect` policy).
    let nextRecipes: [[TargetNode: [ArgumentRecipe]]]
    /// The recipes of the flow's links' routes that follow a route of a screen (a screen pushed or a child
    /// started on top of it by the link), in whichever flow the link's routes have reached.
    let linkNextRecipes: [LinkNextRecipe]
    /// The recipes of the routes a `select` with `routes` (format 1.3) of this tab flow's events and handlers
    /// shows in its tab, as ``linkNextRecipes`` of a link whose routes begin with the tab: `$name` is open
    /// (the outcome's values), literals must match.
    let selectNextRecipes: [LinkNextRecipe]
    /// By leaf of ``start``: what the flow starts at with the answers that choose that leaf, as a refusal of a
    /// link or a restore says it (`flow 'app' starts at 'auth' now ('isLoggedIn' is false)`).
    // Speed: PERFORMANCE.md, "Round 16, rtlink" (written once per flow, not on every refusal).
    let startsNow: [String]

    /// A link's route `target` (of flow `flow`) on top of a route of `screen`.
    struct LinkNextRecipe: Hashable, Sendable {
        var flow: Int
        var screen: Int
        var target: TargetNode
        var recipe: ArgumentRecipe
    }

    /// The steps of flow `flow` of `bundle` (a bundle that passed its integrity checks).
    init(bundle: FlowBundle, flow: Int) {
        let graph = bundle.flows[flow]
        start = StepSite(graph.start)
        events = graph.screens.map { screen in
            screen.events.map { StepSite($0.action, given: $0.parameters) }
        }
        handlers = graph.children.map { child in
            child.handlers.indices.map { outcome in
                StepSite(child.handlers[outcome], given: bundle.flows[child.flow].parameters(ofOutcome: outcome))
            }
        }
        tabs = graph.tabs
        fallback = graph.linkFallback
        redirect = graph.linkRedirect

        // First routes and their recipes.
        var firstRecipes: [TargetNode: [ArgumentRecipe]] = [:]
        var shownFirst: Set<TargetNode> = []
        for leaf in start.leaves {
            guard let target = leaf.shown ?? leaf.replaced else { continue }
            shownFirst.insert(target)
            firstRecipes[target, default: []].append(
                ArgumentRecipe(arguments: leaf.arguments, scope: .resolved(given: [:], open: [])))
        }
        for (screen, sites) in events.enumerated() {
            let screenParameters = Set(graph.screens[screen].parameters.map(\.name))
            for site in sites {
                for leaf in site.leaves {
                    guard let target = leaf.replaced else { continue }
                    shownFirst.insert(target)
                    firstRecipes[target, default: []].append(
                        ArgumentRecipe(
                            arguments: leaf.arguments, scope: .resolved(given: site.given, open: screenParameters)))
                }
            }
        }
        // A handler's `$name` may also come from the route its child ran on: any screen's parameter.
        let anyScreenParameters = Set(graph.screens.flatMap { $0.parameters.map(\.name) })
        var firsts: Set<TargetNode> = []
        for sites in handlers {
            for site in sites {
                let open = ArgumentRecipe.Scope.resolved(given: site.given, open: anyScreenParameters)
                for leaf in site.leaves {
                    if let target = leaf.replaced {
                        shownFirst.insert(target)
                        firstRecipes[target, default: []].append(ArgumentRecipe(arguments: leaf.arguments, scope: open))
                    } else if !graph.tabs.isEmpty, let target = leaf.pushed {
                        // A tab flow has no routes: what its handlers start is presented over the tab bar.
                        firsts.insert(target)
                        if case .child = target {
                            firstRecipes[target, default: []].append(
                                ArgumentRecipe(arguments: leaf.arguments, scope: open))
                        }
                    }
                }
            }
        }
        for tab in graph.tabs {
            firsts.insert(.child(tab.child))
            firstRecipes[.child(tab.child), default: []].append(
                ArgumentRecipe(arguments: tab.arguments, scope: .resolved(given: [:], open: [])))
        }
        shownFirstBySteps = shownFirst
        self.firsts = firsts.union(shownFirst)
        self.firstRecipes = firstRecipes

        var linkFirsts: Set<TargetNode> = []
        var linkFirstRecipes: [TargetNode: [ArgumentRecipe]] = [:]
        for link in graph.links {
            for first in [link.routes.first, link.otherwise?.routes.first].compactMap({ $0 }) {
                linkFirsts.insert(first.target)
                linkFirstRecipes[first.target, default: []].append(
                    ArgumentRecipe(arguments: first.arguments, scope: .open))
            }
        }
        if let fallback = graph.linkFallback {
            linkFirsts.insert(.screen(fallback))
            linkFirstRecipes[.screen(fallback), default: []].append(
                ArgumentRecipe(arguments: [], scope: .resolved(given: [:], open: [])))
        }
        self.linkFirsts = linkFirsts
        self.linkFirstRecipes = linkFirstRecipes

        // What follows a route of each screen, and the children that can run above it.
        var childrenAbove: [[Int]] = []
        var pushedByEvents: [Set<TargetNode>] = []
        var pushedOtherwise: [Set<TargetNode>] = []
        var nextRecipes: [[TargetNode: [ArgumentRecipe]]] = []
        for sites in events {
            var byEvents: Set<TargetNode> = []
            var recipes: [TargetNode: [ArgumentRecipe]] = [:]
            var above: [Int] = []
            var seen: Set<Int> = []
            for site in sites {
                for leaf in site.leaves {
                    guard let target = leaf.pushed else { continue }
                    byEvents.insert(target)
                    recipes[target, default: []].append(
                        ArgumentRecipe(arguments: leaf.arguments, scope: .resolved(given: site.given, open: [])))
                    if case .child(let child) = target, seen.insert(child).inserted { above.append(child) }
                }
            }
            var others: Set<TargetNode> = []
            var next = 0
            while next < above.count {
                let running = above[next]
                next += 1
                for site in handlers[running] {
                    for leaf in site.leaves {
                        guard let target = leaf.pushed else { continue }
                        others.insert(target)
                        recipes[target, default: []].append(
                            ArgumentRecipe(arguments: leaf.arguments, scope: .resolved(given: site.given, open: [])))
                        if case .child(let child) = target, seen.insert(child).inserted { above.append(child) }
                    }
                }
            }
            if let redirect = graph.linkRedirect {
                others.insert(.screen(redirect))
                recipes[.screen(redirect), default: []].append(
                    ArgumentRecipe(arguments: [], scope: .resolved(given: [:], open: [])))
            }
            childrenAbove.append(above)
            pushedByEvents.append(byEvents)
            pushedOtherwise.append(others)
            nextRecipes.append(recipes)
        }
        self.childrenAbove = childrenAbove
        self.pushedByEvents = pushedByEvents
        self.pushedOtherwise = pushedOtherwise
        self.nextRecipes = nextRecipes
        linkNextRecipes = graph.links.flatMap { link in
            Self.linkNextRecipes([link.routes, link.otherwise?.routes ?? []], from: flow, in: bundle)
        }
        var shownInTabs: [[LinkRouteNode]] = []
        if !graph.tabs.isEmpty {
            // Conditional branches are walked with a list, not by recursion.
            var pending = graph.screens.flatMap { $0.events.map(\.action) } + graph.children.flatMap(\.handlers)
            while let action = pending.popLast() {
                switch action {
                case .selectShowing(let routes): shownInTabs.append(routes)
                case .conditional(_, let then, let otherwise): pending += [then, otherwise]
                default: break
                }
            }
        }
        selectNextRecipes = Self.linkNextRecipes(shownInTabs, from: flow, in: bundle)
        startsNow = start.leaves.map { Self.startsNow(graph, shown: $0.shown, choices: $0.choices) }
    }

    /// `flow 'app' starts at 'auth' now ('isLoggedIn' is false)`: `graph`'s start shows `shown` (nothing: a
    /// damaged bundle) when the answers are `choices`.
    static func startsNow(_ graph: FlowGraph, shown: TargetNode?, choices: [StepChoice]) -> String {
        let name =
            switch shown {
            case .screen(let index): graph.screens[index].name
            case .child(let index): graph.children[index].name
            case nil: "nothing"
            }
        let answers = choices.map { "'\(graph.conditions[$0.condition])' is \($0.answer)" }
        return "flow '\(graph.name)' starts at '\(name)' now"
            + (answers.isEmpty ? "" : " (\(answers.joined(separator: ", ")))")
    }

    /// The next routes of a link's route lists, following the lists from `root` down: a route after a
    /// screen route shares the placeholders the link passes to both (the screen's parameter of the same
    /// name); after a child route (its flow's `start` shows the screen below) every placeholder is open.
    private static func linkNextRecipes(_ lists: [[LinkRouteNode]], from root: Int, in bundle: FlowBundle)
        -> [LinkNextRecipe]
    {
        var found: [LinkNextRecipe] = []
        for routes in lists {
            var current = root
            // The screens the previous route may show, with the placeholders it shares.
            var previous: [(screen: Int, shared: [String: String])] = []
            for node in routes {
                for candidate in previous {
                    found.append(
                        LinkNextRecipe(
                            flow: current, screen: candidate.screen, target: node.target,
                            recipe: ArgumentRecipe(arguments: node.arguments, scope: .shared(candidate.shared))))
                }
                switch node.target {
                case .screen(let screen):
                    let parameters = bundle.flows[current].screens[screen].parameters
                    var shared: [String: String] = [:]
                    for argument in node.arguments {
                        guard case .parameter(let placeholder) = argument.source,
                            parameters.contains(named: argument.name)
                        else { continue }
                        shared[placeholder] = argument.name
                    }
                    previous = [(screen, shared)]
                case .child(let child):
                    current = bundle.flows[current].children[child].flow
                    previous = StepSite(bundle.flows[current].start).leaves.compactMap { leaf in
                        if case .screen(let screen)? = leaf.shown { (screen, [:]) } else { nil }
                    }
                }
            }
        }
        return found
    }
}

extension FlowSteps {
    /// The sites that run while `target` is shown: a screen's events, a child's outcome handlers.
    func sites(of target: TargetNode) -> [StepSite] {
        switch target {
        case .screen(let screen): events.indices.contains(screen) ? events[screen] : []
        case .child(let child): handlers.indices.contains(child) ? handlers[child] : []
        }
    }
}
