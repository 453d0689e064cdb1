/// A model-based generator of YAML apps (docs/FORMAT.md, format 1.1), seeded with ``SplitMix64`` so each
/// app replays exactly: several flow files with a root flow `app` that is a stack of screens, a tab bar
/// (with a nested tab bar sometimes), or a conditional start through a sign-in child with a guarded
/// link; child flows pushed or presented as sheets and covers, whose outcomes carry data (`finish`
/// `with`, handlers `with`); host conditions (`if`, conditional pushes) and checks; link policies
/// (`allow`, `queue`, `reject`); removal policies (`discard`, `preserve`, `confirm`); typed parameters
/// with constraints; deep links into tabs and children. Every container nesting the format allows: tab
/// bars presented as sheets and covers (the covered one finishes through its first tab's outcomes), tab
/// sets inside tabs, sheets over sheets, covers inside tabs; since format 1.3, tab-bar items that present a
/// sheet or cover over their tab set (selected from a tab's screen, a link or the host) and handlers that
/// select a tab and say what its stack shows (`{ select: TAB, routes: [...] }`, with the outcome's `$v`);
/// tab sets three deep, items of inner tab sets whose handlers select an outer tab, links (plain, guarded,
/// into items that queue links) to an inner tab set's item, and tab-bar items that are tab bars themselves.
///
/// Every app it writes is valid unless a ``NearMiss`` is asked for: then one mistake is put in and the
/// exact diagnostics it causes are in ``GeneratedApp/expected``.
public struct YAMLAppGenerator {
    private var random: SplitMix64
    /// The choices of the nestings added since (presented tab bars, more tab sets inside tabs, sheets over
    /// sheets, covers inside tabs), from a stream of their own: an app that takes none of them is the app
    /// its seed made before.
    private var nesting: SplitMix64
    /// The choices of the format 1.3 nestings (tab-bar items that present, a handler's select with routes),
    /// from a third stream, for the same reason.
    private var layers: SplitMix64
    /// The choices of wrapper flows (a child run through an intermediate flow that relays or maps its
    /// outcome, with `confirm` screens) and of root flows that declare outcomes and finish while links are
    /// held, from a fourth stream, for the same reason.
    private var wrappers: SplitMix64
    /// The choices of the deeper container nestings (tab sets three deep, items of inner tab sets that
    /// select an outer tab or queue links, links to an inner set's item), from a fifth stream, for the
    /// same reason.
    private var containers: SplitMix64
    /// The choice of a tab-bar item that is itself a tab bar (breaker r13), from a sixth stream, for the same
    /// reason.
    private var itemBars: SplitMix64
    /// Whether the wrapper, finishing-root and deeper container choices are drawn at all (false: the app its
    /// seed made before them, for the witnesses found on those apps).
    private let wrapping: Bool
    private var screenWords: [String]
    private var childWords: [String]
    private var flows: [FlowDraft] = []
    private let seed: UInt64

    public init(seed: UInt64, wrapping: Bool = true) {
        self.seed = seed
        self.wrapping = wrapping
        random = SplitMix64(seed: seed &* 0x2545_f491_4f6c_dd1d &+ 17)
        nesting = SplitMix64(seed: seed &* 0x9e37_79b9_7f4a_7c15 &+ 32)
        layers = SplitMix64(seed: seed &* 0xbf58_476d_1ce4_e5b9 &+ 13)
        wrappers = SplitMix64(seed: seed &* 0x94d0_49bb_1331_11eb &+ 7)
        containers = SplitMix64(seed: seed &* 0xd6e8_feb8_6659_fd93 &+ 29)
        itemBars = SplitMix64(seed: seed &* 0xa076_1d64_78bd_642f &+ 41)
        screenWords = Self.screenPool
        childWords = Self.childPool
    }

    /// The app of `seed`, valid, or with `nearMiss` put in; without `wrapping`, the app the seed made before
    /// wrapper flows, finishing roots and the deeper container nestings (tab sets three deep, inner sets'
    /// items that select outer tabs or queue links, links to them) were drawn.
    public static func app(seed: UInt64, nearMiss: NearMiss? = nil, wrapping: Bool = true) -> GeneratedApp {
        var generator = YAMLAppGenerator(seed: seed, wrapping: wrapping)
        return generator.make(nearMiss: nearMiss)
    }

    // MARK: - The model

    enum Role { case root, tabBar, child, longLived }

    struct ScreenDraft {
        var name: String
        var params: String?
        var removal: String?
        var events: [(name: String, action: String)] = []
    }

    struct ChildDraft {
        var name: String
        var flow: String
        var presentation: String
        var handlers: [(outcome: String, action: String)]
    }

    struct FlowDraft {
        var name: String
        var role: Role
        var conditions: [String] = []
        var params: String?
        var start = ""
        var outcomes: [(name: String, params: String?)] = []
        var screens: [ScreenDraft] = []
        var children: [ChildDraft] = []
        var tabs: [String] = []
        /// The `tabs` entries of tab-bar items that present (since format 1.3), written after the first tab.
        var items: [String] = []
        var links: [String] = []
        var linkPolicy: String?
        var linkFallback: String?

        /// The flow as YAML, one declaration or event a line.
        var text: String {
            var lines = ["flow: \(name)"]
            if !conditions.isEmpty { lines.append("conditions: [\(conditions.joined(separator: ", "))]") }
            if let params { lines.append("params: \(params)") }
            if !tabs.isEmpty {
                let entries = tabs.prefix(1) + items + tabs.dropFirst()
                lines.append("tabs: [\(entries.joined(separator: ", "))]")
            }
            lines.append("start: \(start)")
            if let linkPolicy { lines.append("linkPolicy: \(linkPolicy)") }
            if let linkFallback { lines.append("linkFallback: \(linkFallback)") }
            if !outcomes.isEmpty {
                lines.append("outcomes:")
                for outcome in outcomes {
                    lines.append("  \(outcome.name):" + (outcome.params.map { " { params: \($0) }" } ?? ""))
                }
            }
            if !screens.isEmpty {
                lines.append("screens:")
                for screen in screens {
                    if screen.params == nil, screen.removal == nil, screen.events.isEmpty {
                        lines.append("  \(screen.name): {}")
                        continue
                    }
                    lines.append("  \(screen.name):")
                    if let params = screen.params { lines.append("    params: \(params)") }
                    if let removal = screen.removal { lines.append("    removal: \(removal)") }
                    if !screen.events.isEmpty {
                        lines.append("    on:")
                        for event in screen.events { lines.append("      \(event.name): \(event.action)") }
                    }
                }
            }
            if !children.isEmpty {
                lines.append("children:")
                for child in children {
                    let handlers = child.handlers.map { "\($0.outcome): \($0.action)" }.joined(separator: ", ")
                    let presentation = child.presentation == "push" ? "" : ", presentation: \(child.presentation)"
                    let on = child.handlers.isEmpty ? "" : ", on: { \(handlers) }"
                    lines.append("  \(child.name): { flow: \(child.flow)\(presentation)\(on) }")
                }
            }
            if !links.isEmpty {
                lines.append("links:")
                lines += links
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static let screenPool = [
        "hub", "map", "log", "home", "feed", "menu", "cart", "news", "intro", "about", "brief", "terms", "photo",
        "panel", "detail", "review", "browse", "summary", "welcome", "payment", "settings", "overview", "checkout",
        "complete", "dashboard", "favorites", "inventory", "scheduler", "timeline", "calendar", "contacts",
        "messages", "receipt", "history", "library", "gallery", "account", "profile", "archive", "options",
        "quiz", "chat", "notes", "tasks", "agenda", "status",
    ]
    static let childPool = [
        "compose", "picker", "player", "signup", "editor", "viewer", "share", "upload", "scanner", "filter",
        "invite", "rating",
    ]
    /// Screen names of the lengths at the did-you-mean limits (4 | 5 and 8 | 9 characters).
    static let boundaryWords = [
        4: ["bell", "door"], 5: ["lemon", "piano"], 8: ["register", "notebook"], 9: ["workbench", "spotlight"],
    ]

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    private mutating func nestingChance(_ percent: UInt64) -> Bool { nesting.next() % 100 < percent }
    private mutating func layerChance(_ percent: UInt64) -> Bool { layers.next() % 100 < percent }
    private mutating func wrapperChance(_ percent: UInt64) -> Bool { wrapping && wrappers.next() % 100 < percent }
    private mutating func containerChance(_ percent: UInt64) -> Bool {
        wrapping && containers.next() % 100 < percent
    }
    private mutating func itemBarChance(_ percent: UInt64) -> Bool { wrapping && itemBars.next() % 100 < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

    private mutating func screenWord() -> String {
        let index = Int(random.next() % UInt64(screenWords.count))
        return screenWords.remove(at: index)
    }

    private mutating func childWord() -> String {
        let index = Int(random.next() % UInt64(childWords.count))
        return childWords.remove(at: index)
    }

    // MARK: - Flows

    /// A flow of screens (a child with outcomes, a long-lived tab or main, or the root): a chain of 2 or 3
    /// screens pushed in turn, with pops, a conditional push, finishes, a child started from a screen.
    /// Returns the flow's name; the flow and the flows it runs are added to `flows`.
    @discardableResult
    private mutating func screenFlow(name: String, role: Role, depth: Int, tabSiblings: [String] = []) -> String {
        var flow = FlowDraft(name: name, role: role)
        let count = chance(20) ? 3 : 2
        var screens = (0..<count).map { _ in ScreenDraft(name: screenWord()) }
        let first = screens[0].name
        let second = screens[1].name
        let nParams =
            chance(30)
            ? "{ n: { type: int, min: 1, max: 9, check: itemExists } }" : "{ n: { type: int, min: 1, max: 9 } }"
        screens[1].params = nParams
        screens[0].events.append(("next", "{ push: \(second), with: { n: 1 } }"))
        screens[1].events.append(("back", "{ pop: 1 }"))
        if count == 3 {
            let third = screens[2].name
            screens[1].events.append(("next", "{ push: \(third) }"))
            screens[2].events.append(("back", "{ pop: 1 }"))
            if chance(50) { screens[2].events.append(("top", "{ popTo: \(first) }")) }
            // Two routes of the flow are below the third when the second pushed it.
            if chance(30) { screens[2].events.append(("up", "{ pop: 2 }")) }
        }
        if chance(20) {
            let condition = "isPro"
            flow.conditions = [condition]
            let otherwise = count == 3 ? "{ push: \(screens[2].name) }" : "{ push: \(second), with: { n: 3 } }"
            screens[0].events.append(
                ("go", "{ if: \(condition), then: { push: \(second), with: { n: 2 } }, else: \(otherwise) }"))
        }
        if role == .child {
            let carries = chance(60)
            flow.outcomes = [("ok", carries ? "{ v: { type: int, min: 1 } }" : nil), ("cancelled", nil)]
            let last = screens.count - 1
            let value = last == 1 ? "$n" : "2"
            screens[last].events.append(("done", carries ? "{ finish: ok, with: { v: \(value) } }" : "{ finish: ok }"))
            screens[0].events.append(("cancel", "{ finish: cancelled }"))
            switch random.next() % 4 {
            case 0: screens[last].removal = "preserve"
            case 1: screens[last].removal = "{ policy: confirm, ask: discardDraft, outcome: cancelled }"
            default: break
            }
            if chance(40) { flow.linkPolicy = pick(["allow", "queue", "reject"]) }
            if chance(30) { flow.params = "{ id: { type: int, min: 1, check: idExists } }" }
        }
        if !tabSiblings.isEmpty, chance(70) {
            screens[0].events.append(("switch", "{ select: \(pick(tabSiblings)) }"))
        }
        // A sheet over a sheet (or cover), or a cover inside a tab, beyond the children drawn as before.
        var nested: String?
        let drawn = depth < 2 && chance(role == .root ? 90 : depth == 0 ? 40 : 10)
        if depth == 1, !drawn {
            if role == .child, nestingChance(30) { nested = "sheet" }
            if role == .longLived, !tabSiblings.isEmpty, nestingChance(30) { nested = "cover" }
        }
        if drawn || nested != nil {
            let child = childWord()
            let childFlow = child + "Flow"
            let from = chance(50) ? 0 : 1
            let presentation = nested ?? pick(["push", "sheet", "cover"])
            screens[from].events.append(("open", "{ start: \(child)__ARGS__ }"))
            flow.children.append(ChildDraft(name: child, flow: childFlow, presentation: presentation, handlers: []))
            // A tab bar presented as a sheet or cover: it finishes with `done` when its first tab's flow does.
            if presentation != "push", depth == 0, nestingChance(35) {
                tabBar(name: childFlow, depth: depth + 1, finishing: true)
                let index = screens[from].events.count - 1
                screens[from].events[index].action = screens[from].events[index].action.replacingOccurrences(
                    of: "__ARGS__", with: "")
                flow.children[flow.children.count - 1].handlers = [("done", "stay")]
                flow.screens = screens
                flow.start = first
                flows.append(flow)
                return name
            }
            self.childFlow(name: childFlow, depth: depth + 1)
            let childDraft = flows.last { $0.name == childFlow }!
            let args = childDraft.params == nil ? "" : ", with: { id: \(from == 1 ? "$n" : "4") }"
            let index = screens[from].events.count - 1
            screens[from].events[index].action = screens[from].events[index].action.replacingOccurrences(
                of: "__ARGS__", with: args)
            let carries = childDraft.outcomes.first?.params != nil
            var okHandler = "stay"
            switch random.next() % 4 {
            case 0 where carries: okHandler = "{ push: \(second), with: { n: $v } }"
            case 1: okHandler = "{ popTo: \(first) }"
            case 2:
                // A screen only this handler shows: reachable (FC301) through the handler alone.
                let after = screenWord()
                screens.append(ScreenDraft(name: after, events: [("back", "{ pop: 1 }")]))
                okHandler = "{ push: \(after) }"
            default: break
            }
            flow.children[flow.children.count - 1].handlers = [("ok", okHandler), ("cancelled", "stay")]
        }
        flow.screens = screens
        flow.start = first
        flows.append(flow)
        return name
    }

    /// A child flow (one with outcomes `ok`, which may carry `v`, and `cancelled`): a flow of screens, or
    /// sometimes a wrapper named `name` around one (``wrapper(name:core:)``).
    private mutating func childFlow(name: String, depth: Int, tabSiblings: [String] = []) {
        guard wrapperChance(35) else {
            screenFlow(name: name, role: .child, depth: depth, tabSiblings: tabSiblings)
            return
        }
        let core = name + "Core"
        screenFlow(name: core, role: .child, depth: depth + 1, tabSiblings: tabSiblings)
        wrapper(name: name, core: core)
    }

    /// An intermediate flow `name` whose screen (or whose start) runs `core` and whose handlers relay its
    /// outcome up (`ok` with its `v`) or map it (`ok` to `cancelled`); `confirm` screens in the core and in
    /// the wrapper, whose confirmed removal ends the flow with `cancelled`. The core is started without
    /// arguments (its parameters are dropped) and restores no draft (no `preserve` screen).
    private mutating func wrapper(name: String, core: String) {
        guard let made = flows.firstIndex(where: { $0.name == core }) else { return }
        flows[made].params = nil
        let last = flows[made].screens.count - 1
        for screen in flows[made].screens.indices where flows[made].screens[screen].removal == "preserve" {
            flows[made].screens[screen].removal = nil
        }
        let confirm = "{ policy: confirm, ask: discardDraft, outcome: cancelled }"
        if wrapperChance(60) { flows[made].screens[last].removal = confirm }
        let carries = flows[made].outcomes.first?.params != nil
        var flow = FlowDraft(name: name, role: .child)
        flow.outcomes = [("ok", carries ? "{ v: { type: int, min: 1 } }" : nil), ("cancelled", nil)]
        let relay = carries ? "{ finish: ok, with: { v: $v } }" : "{ finish: ok }"
        let okHandler = wrapperChance(75) ? relay : "{ finish: cancelled }"
        let handlers: [(outcome: String, action: String)] = [("ok", okHandler), ("cancelled", "{ finish: cancelled }")]
        if wrapperChance(35) {
            // A wrapper without routes of its own: its start is the core.
            flow.start = "inner"
            flow.children = [ChildDraft(name: "inner", flow: core, presentation: "push", handlers: handlers)]
        } else {
            let presentation = ["push", "sheet", "cover"][Int(wrappers.next() % 3)]
            if presentation != "push" {
                // A presented core hides the tab bar below it: it selects no sibling tab (FC270).
                for screen in flows[made].screens.indices {
                    flows[made].screens[screen].events.removeAll { $0.name == "switch" }
                }
            }
            var frame = ScreenDraft(name: "frame")
            frame.events = [("open", "{ start: inner }"), ("cancel", "{ finish: cancelled }")]
            if wrapperChance(50) { frame.removal = confirm }
            flow.screens = [frame]
            flow.start = "frame"
            flow.children = [ChildDraft(name: "inner", flow: core, presentation: presentation, handlers: handlers)]
        }
        if wrapperChance(30) { flow.linkPolicy = "queue" }
        flows.append(flow)
    }

    /// A tab bar of 2 or 3 tabs (one of them a nested tab bar sometimes, up to three sets deep). Returns the
    /// flow's name and its tabs.
    /// - Parameters:
    ///   - finishing: the tab bar is presented (a sheet or cover): its first tab's flow has outcomes, and
    ///     either one finishes the tab bar with `done`.
    ///   - outer: the tabs of the tab sets around this one (it is a tab of a tab of …), which `select`
    ///     from its handlers reaches.
    ///   - items: whether an item of this tab bar may itself be a tab bar (not in such an item's tab bar).
    @discardableResult
    private mutating func tabBar(
        name: String, depth: Int, finishing: Bool = false, outer: [String] = [], items: Bool = true
    ) -> (name: String, tabs: [String]) {
        var flow = FlowDraft(name: name, role: .tabBar)
        let tabs = (0..<(chance(10) ? 3 : 2)).map { index in "\(name)Tab\(index)" }
        flow.tabs = tabs
        flow.start = tabs[0]
        if finishing { flow.outcomes = [("done", nil)] }
        for (index, tab) in tabs.enumerated() {
            let tabFlow = tab + "Flow"
            let siblings = tabs.filter { $0 != tab }
            var handlers: [(outcome: String, action: String)] = []
            if depth == 0, index == tabs.count - 1, chance(20) || nestingChance(30) {
                tabBar(name: tabFlow, depth: depth + 1, outer: outer + tabs)
            } else if depth == 1, !finishing, index == tabs.count - 1, containerChance(35) {
                // A tab set in a tab of a set in a tab (three deep), or a set in a tab of sign-in's main.
                tabBar(name: tabFlow, depth: depth + 1, outer: outer + tabs)
            } else if finishing, index == 0 {
                childFlow(name: tabFlow, depth: depth + 1, tabSiblings: siblings)
                // A tab passes its declared arguments: none here; and no event starts a tab, so no draft of it
                // could be restored (FC702): no `preserve` screen.
                if let made = flows.firstIndex(where: { $0.name == tabFlow }) {
                    flows[made].params = nil
                    for screen in flows[made].screens.indices where flows[made].screens[screen].removal == "preserve" {
                        flows[made].screens[screen].removal = nil
                    }
                }
                handlers = [("ok", "{ finish: done }"), ("cancelled", "{ finish: done }")]
            } else {
                screenFlow(name: tabFlow, role: .longLived, depth: depth + 1, tabSiblings: siblings)
            }
            flow.children.append(ChildDraft(name: tab, flow: tabFlow, presentation: "push", handlers: handlers))
        }
        if layerChance(45) || (!outer.isEmpty && containerChance(50)) {
            presentingItem(in: &flow, outer: outer, bars: items)
        }
        flows.append(flow)
        return (name, tabs)
    }

    /// A tab-bar item that presents (format 1.3): a `tabs` entry whose child is a sheet or cover over the
    /// whole tab set, selected by the first tab's first screen (and by a link or the host). Its `ok` handler
    /// selects a tab, or selects one and says what its stack shows with the outcome's value; in an inner tab
    /// set, it may select a tab of a set around it (`outer`), and the item may queue links.
    private mutating func presentingItem(in flow: inout FlowDraft, outer: [String] = [], bars: Bool = true) {
        let item = childWord()
        let itemFlow = item + "Flow"
        let presentation = layers.next() % 2 == 0 ? "sheet" : "cover"
        if bars, itemBarChance(30) {
            // An item that is itself a tab bar (no items of its own): it finishes with `done` when its first
            // tab's flow does, and goes whole by dismissal (a sheet) or back at its tabs' roots.
            tabBar(name: itemFlow, depth: 2, finishing: true, items: false)
            flow.items.append(layers.next() % 2 == 0 ? item : "{ tab: \(item), title: New }")
            flow.children.append(
                ChildDraft(name: item, flow: itemFlow, presentation: presentation, handlers: [("done", "stay")]))
            if let first = flows.firstIndex(where: { $0.name == flow.tabs[0] + "Flow" }), !flows[first].screens.isEmpty
            {
                flows[first].screens[0].events.append(("present", "{ select: \(item) }"))
            }
            return
        }
        childFlow(name: itemFlow, depth: 2)
        // An item passes no arguments here, and no event starts it, so no draft of it could be restored
        // (FC702): no parameters, no `preserve` screen, as for a finishing tab.
        guard let made = flows.firstIndex(where: { $0.name == itemFlow }) else { return }
        flows[made].params = nil
        for screen in flows[made].screens.indices where flows[made].screens[screen].removal == "preserve" {
            flows[made].screens[screen].removal = nil
        }
        let carries = flows[made].outcomes.first?.params != nil
        // The tabs with screens of their own (not a nested tab bar): a select with routes shows their second.
        let stacks = flow.tabs.compactMap { tab in draft(tab + "Flow").map { (tab, $0) } }.filter {
            $0.1.tabs.isEmpty && $0.1.screens.count > 1
        }
        var okHandler = "stay"
        switch layers.next() % 3 {
        case 0: okHandler = "{ select: \(flow.tabs[Int(layers.next() % UInt64(flow.tabs.count))]) }"
        case 1 where !stacks.isEmpty:
            let (tab, target) = stacks[Int(layers.next() % UInt64(stacks.count))]
            okHandler = "{ select: \(tab), routes: [{ \(target.screens[1].name): { n: \(carries ? "$v" : "1") } }] }"
        default: break
        }
        if !outer.isEmpty, containerChance(50) {
            // `select` searches outward from the tab flow: an outer set's tab.
            okHandler = "{ select: \(outer[Int(containers.next() % UInt64(outer.count))]) }"
        }
        if !outer.isEmpty, containerChance(40) { flows[made].linkPolicy = "queue" }
        flow.items.append(layers.next() % 2 == 0 ? item : "{ tab: \(item), title: New }")
        let handlers: [(outcome: String, action: String)] = [("ok", okHandler), ("cancelled", "stay")]
        flow.children.append(ChildDraft(name: item, flow: itemFlow, presentation: presentation, handlers: handlers))
        if let first = flows.firstIndex(where: { $0.name == flow.tabs[0] + "Flow" }), !flows[first].screens.isEmpty {
            flows[first].screens[0].events.append(("present", "{ select: \(item) }"))
        }
    }

    // MARK: - Apps

    private func draft(_ name: String) -> FlowDraft? { flows.first { $0.name == name } }

    /// Whether `child` runs a tab bar (presented: it cannot be made a pushed child).
    private func presentsTabBar(_ child: ChildDraft) -> Bool { !(draft(child.flow)?.tabs.isEmpty ?? true) }

    /// A deep link into the screens of `flow`: its first screen, then the one it pushes with `n`.
    private func linkRoutes(into flow: String) -> String? {
        guard let draft = draft(flow) else { return nil }
        if !draft.tabs.isEmpty {
            let tab = draft.tabs[draft.tabs.count - 1]
            guard let tabFlow = draft.children.first(where: { $0.name == tab })?.flow,
                let rest = linkRoutes(into: tabFlow)
            else { return tab }
            return "\(tab), " + rest
        }
        guard draft.screens.count > 1 else { return nil }
        return "{ \(draft.screens[1].name): { n: $n } }"
    }

    /// A deep link's routes from tab flow `flow` to the item of a tab set inside it (through its last tabs, the
    /// deepest set that has an item): `[tab, item]` or `[tab, tab, item]`; nil when no inner set has one.
    private func innerItemRoutes(into flow: String) -> String? {
        guard let draft = draft(flow), let tab = draft.tabs.last,
            let tabFlow = draft.children.first(where: { $0.name == tab })?.flow, let inner = self.draft(tabFlow),
            !inner.tabs.isEmpty
        else { return nil }
        if let deeper = innerItemRoutes(into: tabFlow) { return "\(tab), " + deeper }
        guard let item = inner.children.first(where: { $0.presentation != "push" }) else { return nil }
        return "\(tab), \(item.name)"
    }

    private mutating func make(nearMiss: NearMiss?) -> GeneratedApp {
        var links: [String] = []
        switch random.next() % 3 {
        case 0:
            screenFlow(name: "app", role: .root, depth: 0)
            var root = flows.removeLast()
            let second = root.screens[1].name
            links.append("  \"/items/{n:int}\": [\(root.screens[0].name), { \(second): { n: $n } }]")
            if let child = root.children.first,
                let opener = root.screens.firstIndex(where: { screen in
                    screen.events.contains { $0.action.hasPrefix("{ start: \(child.name)") }
                }), let childDraft = draft(child.flow), childDraft.params == nil, childDraft.screens.count > 1
            {
                let path = opener == 0 ? root.screens[0].name : "\(root.screens[0].name), { \(second): { n: 1 } }"
                links.append(
                    "  \"/open/{n:int}\": [\(path), \(child.name), { \(childDraft.screens[1].name): { n: $n } }]")
            }
            root.links = links
            if chance(50) {
                // A screen shown when a link fails: it replaces the path, through the removal guard.
                let lost = screenWord()
                root.screens.append(
                    ScreenDraft(name: lost, events: [("restart", "{ replaceRoot: \(root.screens[0].name) }")]))
                root.linkFallback = lost
            }
            if wrapperChance(40) {
                // A root that finishes (from its first screen, or a child's `cancelled`) while it or its
                // child holds queued links: the coordinator ends as the root's outcome says.
                root.outcomes = [("closed", nil)]
                root.screens[0].events.append(("quit", "{ finish: closed }"))
                if wrapperChance(50) {
                    root.linkPolicy = "queue"
                    // A root that queues every link never shows a fallback (FC301 on its screen).
                    if let lost = root.linkFallback {
                        root.screens.removeAll { $0.name == lost }
                        root.linkFallback = nil
                    }
                }
                for child in root.children.indices where wrapperChance(50) {
                    for handler in root.children[child].handlers.indices
                    where root.children[child].handlers[handler].outcome == "cancelled" {
                        root.children[child].handlers[handler].action = "{ finish: closed }"
                    }
                }
            }
            flows.append(root)
        case 1:
            let (_, tabs) = tabBar(name: "app", depth: 0)
            // The links into the tab bar's tabs are found while its draft is still in `flows`.
            // (Before, they were looked up after it, and found none: without `wrapping`, the app made then.)
            if wrapping, let routes = linkRoutes(into: "app") { links.append("  \"/tab/{n:int}\": [\(routes)]") }
            let inner = innerItemRoutes(into: "app")
            var root = flows.removeLast()
            links.append("  \"/first\": [\(tabs[0])]")
            if let item = root.children.first(where: { $0.presentation != "push" }) {
                links.append("  \"/new\": [\(item.name)]")
            }
            // An inner tab set's item reached by a link: the link selects the outer tab(s) and presents it.
            if let routes = inner, containerChance(80) {
                links.append("  \"/inner/item\": [\(routes)]")
            }
            root.links = links
            flows.append(root)
        default:
            // Sign-in first: a conditional start, a sign-in child whose outcome carries the account to
            // main's first screen, and a guarded link that continues after sign-in.
            let main =
                chance(50)
                ? tabBar(name: "mainTabs", depth: 1).name : screenFlow(name: "mainFlow", role: .longLived, depth: 1)
            var signIn = FlowDraft(name: "signInFlow", role: .child)
            let form = screenWord()
            let help = screenWord()
            signIn.screens = [
                ScreenDraft(
                    name: form, params: nil, removal: nil,
                    events: [
                        (
                            "submit",
                            "{ params: { email: { type: string, minLength: 3, maxLength: 40 } }, finish: signedIn, with: { account: $email } }"
                        ),
                        ("help", "{ push: \(help) }"),
                    ]),
                ScreenDraft(name: help, params: nil, removal: nil, events: [("back", "{ pop: 1 }")]),
            ]
            signIn.start = form
            signIn.outcomes = [("signedIn", "{ account: { type: string, minLength: 3 } }")]
            if chance(50) { signIn.linkPolicy = "queue" }
            // Sign-in that can be cancelled, which finishes the root while the guarded link (pending) and
            // the links sign-in queued are held.
            let closes = wrapperChance(50)
            if closes {
                signIn.outcomes.append(("cancelled", nil))
                signIn.screens[0].events.append(("cancel", "{ finish: cancelled }"))
                if wrapperChance(50) { signIn.linkPolicy = "queue" }
            }
            flows.append(signIn)
            var root = FlowDraft(name: "app", role: .root)
            root.conditions = ["isSignedIn"]
            root.start = "{ if: isSignedIn, then: main, else: login }"
            root.children = [
                ChildDraft(
                    name: "login", flow: "signInFlow", presentation: "push",
                    handlers: [("signedIn", "{ replaceRoot: main }")]),
                ChildDraft(name: "main", flow: main, presentation: "push", handlers: []),
            ]
            if closes {
                root.outcomes = [("closed", nil)]
                root.children[0].handlers.append(("cancelled", "{ finish: closed }"))
            }
            if let routes = linkRoutes(into: main) {
                root.links = [
                    "  \"/go/{n:int}\":", "    when: isSignedIn", "    routes: [main, \(routes)]",
                    "    otherwise: { routes: [login], continueOn: signedIn }",
                ]
            }
            // A guarded link through main's tab sets to an inner set's item, or to main's own item.
            let mainIsTabBar = !(draft(main)?.tabs.isEmpty ?? true)
            let ownItem = mainIsTabBar ? draft(main)?.children.first(where: { $0.presentation != "push" })?.name : nil
            let item = innerItemRoutes(into: main) ?? ownItem
            if let item, containerChance(80) {
                root.links += [
                    "  \"/inner/item\":", "    when: isSignedIn", "    routes: [main, \(item)]",
                    "    otherwise: { routes: [login], continueOn: signedIn }",
                ]
            }
            flows.append(root)
        }
        var app = GeneratedApp(seed: seed, files: [])
        if let nearMiss, put(nearMiss, into: &app) { app.nearMiss = nearMiss }
        // The root flow first, then the others in the order made (children after their parents' files
        // would do as well: files are validated as one set).
        let ordered = flows.filter { $0.name == "app" } + flows.filter { $0.name != "app" }
        app.files = ordered.map(\.text)
        app.expected = app.expected.map { expected in
            var located = expected
            located.file = "inline\(ordered.firstIndex { $0.name == expected.file } ?? 0).yaml"
            return located
        }
        // Lines and columns were found in each flow's own text, so they hold in its file.
        app.expected.sort()
        return app
    }

    // MARK: - Near-misses

    /// Where `token` first appears in `flow`'s text at or after a line containing `after` (1-based line
    /// and column).
    private func position(of token: String, in flow: FlowDraft, onLineWith marker: String) -> (Int, Int) {
        let lines = flow.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains(marker) {
            guard let marked = line.range(of: marker), let range = line[marked.lowerBound...].range(of: token)
            else { continue }
            return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
        }
        return (0, 0)
    }

    /// The screen flows (drafts with screens), by index.
    private var screenFlowIndices: [Int] { flows.indices.filter { !flows[$0].screens.isEmpty } }

    /// Puts `nearMiss` into the app; false when the app has no place for it (no child to leave unhandled).
    private mutating func put(_ nearMiss: NearMiss, into app: inout GeneratedApp) -> Bool {
        switch nearMiss {
        case .brokenReference:
            // Cycle through the name lengths at the limits, each at the limit and one past it.
            let lengths = [4, 5, 8, 9]
            let variant = Int(seed % 8)
            let length = lengths[variant / 2]
            let target = flows[pick(screenFlowIndices)]
            let index = flows.firstIndex { $0.name == target.name }!
            let used = Set(flows.flatMap { $0.screens.map(\.name) })
            let word = Self.boundaryWords[length]!.first { !used.contains($0) } ?? Self.boundaryWords[length]![0]
            rename(screen: flows[index].screens[0].name, to: word, inFlow: index)
            let limit = NameMisspelling.suggestionLimit(forLength: length)
            let edits = variant % 2 == 0 ? limit : limit + 1
            let all = flows.flatMap { $0.screens.map(\.name) } + flows.flatMap { $0.children.map(\.name) }
            var misspelt: String?
            for _ in 0..<8 where misspelt == nil {
                misspelt = NameMisspelling.misspell(
                    word, edits: edits, avoiding: all.filter { $0 != word }, using: &random)
            }
            guard let misspelt else { return false }
            flows[index].screens[0].events.append(("jump", "{ push: \(misspelt) }"))
            let (line, column) = position(of: misspelt, in: flows[index], onLineWith: "jump: { push: ")
            let hint = edits <= limit ? "; did you mean '\(word)'?" : ""
            app.expected = [
                ExpectedDiagnostic(
                    file: flows[index].name, line: line, column: column, code: "FC203",
                    message: "unknown screen '\(misspelt)' in flow '\(flows[index].name)'\(hint)")
            ]
        case .unhandledOutcome:
            guard
                let index = flows.indices.filter({ !flows[$0].children.isEmpty && flows[$0].tabs.isEmpty }).first(
                    where: { flow in
                        flows[flow].children.contains { child in
                            !child.handlers.isEmpty && !presentsTabBar(child)
                                && flows[flow].screens.contains {
                                    $0.events.contains { $0.action.hasPrefix("{ start: \(child.name)") }
                                }
                        }
                    })
            else { return false }
            // A child of each presentation in turn: cover, sheet, push.
            let wanted = ["cover", "sheet", "push"][Int(seed % 3)]
            // A child an event starts (a first-route child's `stay` would leave its flow without a route).
            let screens = flows[index].screens
            if let slot = flows[index].children.firstIndex(where: { child in
                !child.handlers.isEmpty && !presentsTabBar(child)
                    && screens.contains { $0.events.contains { $0.action.hasPrefix("{ start: \(child.name)") } }
            }) {
                flows[index].children[slot].presentation = wanted
                let child = flows[index].children[slot]
                // Not a handler that alone shows a screen (`{ push: S }` without arguments): S would be unreachable too.
                let alone = { (action: String) in action.hasPrefix("{ push: ") && !action.contains("with:") }
                let dropped = child.handlers.firstIndex { !alone($0.action) } ?? 0
                let outcome = child.handlers[dropped].outcome
                flows[index].children[slot].handlers.remove(at: dropped)
                let (line, column) = position(of: child.name, in: flows[index], onLineWith: "  \(child.name): { flow:")
                app.expected = [
                    ExpectedDiagnostic(
                        file: flows[index].name, line: line, column: column, code: "FC402",
                        message:
                            "child '\(child.name)' does not handle outcome '\(outcome)' of flow '\(child.flow)'; add '\(outcome): stay' or another action under its 'on'"
                    )
                ]
                // The bundle lowered with FC402 let through handles the outcome with `stay` (GraphLowering).
            }
        case .unreachableScreen:
            let index = pick(screenFlowIndices)
            let orphan = screenWord()
            let flow = flows[index].name
            flows[index].screens.append(ScreenDraft(name: orphan))
            let sender = flows[index].screens[1].name
            if seed % 2 == 0 {
                // The orphan as a popTo target too: still unreachable, and that popTo always refused.
                flows[index].screens[1].events.append(("up", "{ popTo: \(orphan) }"))
                let (line, column) = position(of: orphan, in: flows[index], onLineWith: "up: { popTo: ")
                app.expected.append(
                    ExpectedDiagnostic(
                        file: flow, line: line, column: column, code: "FC308",
                        message:
                            "'popTo: \(orphan)' is always refused: screen '\(orphan)' is never below screen '\(sender)' in flow '\(flow)'; pop to a screen that can be below, or push '\(orphan)' before"
                    ))
                app.refusedEvents.insert("\(flow).\(sender).up")
            }
            let (line, column) = position(of: orphan, in: flows[index], onLineWith: "  \(orphan): {}")
            app.expected.append(
                ExpectedDiagnostic(
                    file: flow, line: line, column: column, code: "FC301",
                    message:
                        "screen '\(orphan)' is unreachable from the start of flow '\(flow)'; push it from a reachable screen or remove it"
                ))
        case .alwaysRefusedAction:
            // `pop: 2` on the second screen, which only the first is ever below (a handler of its flow
            // that pushes it is made `stay`, so nothing pushes it higher).
            let index = pick(screenFlowIndices)
            let sender = flows[index].screens[1].name
            for slot in flows[index].children.indices {
                for handler in flows[index].children[slot].handlers.indices
                where flows[index].children[slot].handlers[handler].action.contains("push: \(sender),") {
                    flows[index].children[slot].handlers[handler].action = "stay"
                }
            }
            flows[index].screens[1].events.append(("leave", "{ pop: 2 }"))
            let (line, column) = position(of: "2", in: flows[index], onLineWith: "leave: { pop: ")
            app.expected = [
                ExpectedDiagnostic(
                    file: flows[index].name, line: line, column: column, code: "FC308",
                    message:
                        "'pop: 2' is always refused: at most 1 route of flow '\(flows[index].name)' can be below screen '\(sender)', and pop never removes the flow's first route; pop 1 or use 'popTo'"
                )
            ]
            app.refusedEvents.insert("\(flows[index].name).\(sender).leave")
        }
        return true
    }

    /// Renames screen `old` of flow `index` everywhere the app names it (its flow's actions, the root's links).
    private mutating func rename(screen old: String, to new: String, inFlow index: Int) {
        func replaced(_ text: String) -> String {
            var result = ""
            var word = ""
            for character in text + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    result += word == old ? new : word
                    word = ""
                    result.append(character)
                }
            }
            return String(result.dropLast())
        }
        flows[index].start = replaced(flows[index].start)
        for screen in flows[index].screens.indices {
            if flows[index].screens[screen].name == old { flows[index].screens[screen].name = new }
            for event in flows[index].screens[screen].events.indices {
                flows[index].screens[screen].events[event].action = replaced(
                    flows[index].screens[screen].events[event].action)
            }
        }
        for child in flows[index].children.indices {
            for handler in flows[index].children[child].handlers.indices {
                flows[index].children[child].handlers[handler].action = replaced(
                    flows[index].children[child].handlers[handler].action)
            }
        }
        for flow in flows.indices {
            flows[flow].links = flows[flow].links.map(replaced)
        }
    }
}
