import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Random tab-and-sheet apps, driven by random intents (events, back on the path or on a stack, dismissal,
/// tab selection, completions through kept handles, links, snapshot and restore, stop and start), with the
/// tree's invariants checked after every step.
@MainActor
struct TreeModelBasedTests {
    /// A tab bar of 2 or 3 tabs; each tab's flow pushes screens, presents an editor (sheet, cover or push,
    /// with a random removal policy) and a nested picker sheet, and selects another tab.
    static func app(seed: UInt64) throws -> FlowBundle { try appAndPresentations(seed: seed).bundle }

    /// The app, and how each tab presents its editor (`sheet`, `cover` or `push`).
    static func appAndPresentations(seed: UInt64) throws -> (bundle: FlowBundle, presentations: [String: String]) {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        let tabCount = 2 + Int(random.next() % 2)
        let tabs = (0..<tabCount).map { "tab\($0)" }
        var presentations: [String: String] = [:]
        var sources = [
            """
            flow: home
            tabs: [\(tabs.joined(separator: ", "))]
            start: tab0
            children:
            \(tabs.map { "  \($0): { flow: \($0) }" }.joined(separator: "\n"))
            links:
              "/t/{n:int}": [tab1, { s1: { n: $n } }]
              "/e": [tab0, editor]
            """
        ]
        for (index, tab) in tabs.enumerated() {
            // The first tab always presents a sheet, so that every app has something to dismiss.
            let presentation = index == 0 ? "sheet" : pick(["sheet", "cover", "push"])
            presentations[tab] = presentation
            let other = tabs[(index + 1) % tabCount]
            sources.append(
                """
                flow: \(tab)
                start: s0
                screens:
                  s0: { on: { next: { push: s1, with: { n: 1 } }, edit: { start: editor }, go: { select: \(other) } } }
                  s1:
                    params: { n: { type: int, min: 1 } }
                    on: { next: { push: s2 }, edit: { start: editor }, back: { pop: 1 }, go: { select: \(other) } }
                  s2: { on: { back: { pop: 1 }, top: { popTo: s0 } } }
                children:
                  editor: { flow: editor, presentation: \(presentation), on: { saved: { push: s2 }, cancelled: stay } }
                """)
        }
        let removal = pick(["discard", "preserve", "{ policy: confirm, ask: drop, outcome: cancelled }"])
        sources.append(
            """
            flow: editor
            start: form
            outcomes: [saved, cancelled]
            screens:
              form:
                removal: \(removal)
                on: { save: { finish: saved }, cancel: { finish: cancelled }, attach: { start: picker }, more: { push: extra } }
              extra: { on: { back: { pop: 1 }, save: { finish: saved } } }
            children:
              picker: { flow: picker, presentation: sheet, on: { picked: stay } }
            """)
        sources.append(
            """
            flow: picker
            start: photos
            outcomes: [picked]
            screens:
              photos: { on: { pick: { finish: picked } } }
            """)
        return (try Fixtures.bundle(sources), presentations)
    }

    final class Handle {
        let instance: FlowInstance
        var completions = 0
        init(_ instance: FlowInstance) { self.instance = instance }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func randomStepsKeepTheTreeInvariants(seed: UInt64) throws {
        let (bundle, presentations) = try Self.appAndPresentations(seed: seed)
        var random = SplitMix64(seed: seed &* 7919)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "home")
        coordinator.start()
        var handles: [FlowInstanceID: Handle] = [:]
        var model = Model(presentations: presentations)
        var snapshot: FlowSnapshot?
        var counts: [String: Int] = [:]
        // The tree's objects, watched from the first step (odd seeds) or created later, with tabs kept (even).
        let watch = TreeWatch()
        let watchFrom = seed % 2 == 1 ? 0 : 700
        for stepNumber in 0..<2000 {
            if stepNumber >= watchFrom { watch.arm(coordinator) }
            let stacks = coordinator.stacks
            let result: StepResult
            var kind: String
            switch random.next() % 100 {
            case 0..<40:
                kind = "event"
                let top = coordinator.path.last
                let graph = top.map { route in bundle.flows[bundle.flowIndex(named: route.flow)!] }
                let events = graph?.screens.first { $0.name == top?.screen }?.events ?? []
                let event = events.isEmpty ? "none" : events[Int(random.next() % UInt64(events.count))].name
                result = coordinator.send(event)
            case 40..<50:
                kind = "back"
                result = coordinator.back(Int(random.next() % 2))
            case 50..<58:
                kind = "stackBack"
                // The shown stacks and the kept tabs' stacks (back on a tab that is not selected).
                let kept = coordinator.tabSets.first?.keptStacks.values.sorted { $0.id < $1.id } ?? []
                let all = stacks + kept
                let stack = all.isEmpty ? nil : all[Int(random.next() % UInt64(all.count))]
                result =
                    stack.map { coordinator.back(1 + Int(random.next() % 2), onStack: $0.id) } ?? StepResult(.rejected)
                if let stack, result.status != .rejected, kept.contains(stack) { kind = "keptBack" }
            case 58..<68:
                kind = "dismiss"
                let layers = stacks.filter(\.isPresented)
                result =
                    layers.isEmpty
                    ? coordinator.dismiss() : coordinator.dismiss(layers[Int(random.next() % UInt64(layers.count))].id)
            case 68..<76:
                kind = "select"
                let tabs = coordinator.tabSets.first?.tabs ?? ["tab0"]
                result = coordinator.select(tab: tabs[Int(random.next() % UInt64(tabs.count))])
            case 76..<82:
                kind = "answer"
                result = random.next() % 2 == 0 ? coordinator.confirmRemoval() : coordinator.keepEditing()
            case 82..<88:
                kind = "finish"
                let live = handles.values.filter(\.instance.isAlive).sorted { $0.instance.id < $1.instance.id }
                if live.isEmpty {
                    result = StepResult(.stale)
                } else {
                    let handle = live[Int(random.next() % UInt64(live.count))]
                    let outcomes = bundle.flows[bundle.flowIndex(named: handle.instance.flow)!].outcomes
                    result = handle.instance.finish(
                        outcomes.isEmpty ? "none" : outcomes[Int(random.next() % UInt64(outcomes.count))])
                    if result.status == .applied { handle.completions += 1 }
                }
            case 88..<92:
                kind = "open"
                result = coordinator.open(["/t/2", "/e", "/t/0", "/x"][Int(random.next() % 4)])
            case 92..<96:
                kind = "snapshot"
                if let taken = snapshot, random.next() % 2 == 0 {
                    result = coordinator.restore(taken)
                    if result.status == .applied { #expect(coordinator.snapshot() == taken) }
                } else {
                    snapshot = coordinator.snapshot()
                    result = .applied
                }
            case 96..<97:
                kind = "stop"
                result = coordinator.stop()
            default:
                kind = "start"
                result = coordinator.start()
            }
            if result.status == .applied || result.status == .pending { counts[kind, default: 0] += 1 }
            // Completion at most once, whichever way an instance finishes (its event, a handle, a handler).
            for flow in result.finished {
                #expect(
                    !model.finished.contains(flow.instance), "instance \(flow.instance) of \(flow.flow) finished twice")
                model.finished.insert(flow.instance)
            }
            // Handles of every shown instance, as a host binding stacks would keep them.
            for stack in coordinator.stacks {
                for route in stack.routes where handles[route.instance] == nil {
                    if let instance = coordinator.instance(route.instance) {
                        handles[route.instance] = Handle(instance)
                    }
                }
            }
            for stack in coordinator.stacks where stack.isPresented { model.layers.insert(stack.id) }
            checkInvariants(coordinator, handles: handles, model: model)
            if stepNumber >= watchFrom { watch.check(coordinator, after: "step \(stepNumber) (\(kind))") }
        }
        #expect((counts["keptBack"] ?? 0) > 0, "no back on a kept tab applied or pending: \(counts)")
        for kind in ["event", "back", "stackBack", "dismiss", "select", "snapshot"] {
            #expect((counts[kind] ?? 0) > 5, "only \(counts[kind] ?? 0) \(kind) steps applied or pending: \(counts)")
        }
        #expect(handles.values.contains { $0.completions == 1 })
    }

    /// What the test remembers across steps.
    struct Model {
        /// How each tab presents its editor.
        var presentations: [String: String]
        /// Every instance that finished.
        var finished: Set<FlowInstanceID> = []
        /// Every instance seen beginning a presented layer.
        var layers: Set<FlowInstanceID> = []
    }

    func checkInvariants(_ coordinator: FlowCoordinator, handles: [FlowInstanceID: Handle], model: Model) {
        let stacks = coordinator.stacks
        let tabSets = coordinator.tabSets
        // Each presented layer's child is live exactly while its layer is shown (a kept tab holds none).
        for id in model.layers {
            guard let handle = handles[id] else { continue }
            let shown = stacks.contains { $0.id == id && $0.isPresented }
            #expect(
                handle.instance.isAlive == shown,
                "layer \(id) of \(handle.instance.flow): alive \(handle.instance.isAlive), shown \(shown)")
        }
        // The stacks partition the path, in order.
        #expect(stacks.flatMap(\.routes) == coordinator.path)
        for stack in stacks {
            guard let instance = coordinator.instance(stack.id) else {
                Issue.record("stack \(stack.id) begins with an instance that is not shown")
                continue
            }
            #expect(instance.isAlive)
            switch stack.kind {
            case .sheet, .cover:
                // A presented layer's child is live while its layer is shown.
                #expect(instance.parent != nil)
            case .tab(let name, let tabSet):
                // Each tab's stack belongs to its tab instance, a child of the tab set: every route on it is
                // the tab instance's or a pushed descendant's.
                #expect(instance.declaration == name)
                #expect(instance.parent?.id == tabSet)
                #expect(tabSets.first?.selected == name)
                for route in stack.routes {
                    var owner = coordinator.instance(route.instance)
                    while let current = owner, current.id != stack.id { owner = current.parent }
                    #expect(owner?.id == stack.id, "route \(route) on tab \(name) is not under its tab instance")
                }
            case .root:
                Issue.record("a tab app shows no root stack")
            }
        }
        // Tokens are unique across the shown stacks and the kept ones.
        let kept = tabSets.flatMap { $0.keptStacks.values }
        let tokens = (stacks + kept).flatMap { $0.routes.map(\.token) }
        #expect(Set(tokens).count == tokens.count)
        if let set = tabSets.first {
            #expect(set.keptStacks[set.selected] == nil)
            for (name, stack) in set.keptStacks {
                #expect(stack.kind == .tab(name: name, tabSet: set.id))
                #expect(stack.routes.first?.instance == stack.id)
            }
        }
        // No orphans: every live handle is in the shown tree or in a kept tab, and the snapshot (which lists
        // both) counts exactly the live instances seen.
        let snapshot = coordinator.snapshot()
        var described = 0
        var pending = [snapshot.instances]
        while let entries = pending.popLast() {
            described += entries.count
            for entry in entries { for segment in (entry.otherTabs ?? [:]).values { pending.append(segment) } }
        }
        let shownIDs = Set(stacks.flatMap { $0.routes.map(\.instance) })
        for handle in handles.values where handle.instance.isAlive {
            let shown = shownIDs.contains(handle.instance.id) || coordinator.instance(handle.instance.id) != nil
            let inKeptTab = !shown && handle.instance.finish("probe").reason == .instanceInKeptTab(handle.instance.id)
            #expect(
                shown || inKeptTab, "instance \(handle.instance.id) of \(handle.instance.flow) is alive but in no tree")
            // Completion happens at most once.
            #expect(handle.completions == 0)
        }
        let aliveSeen = handles.values.filter(\.instance.isAlive).count
        #expect(aliveSeen <= described)
        // No orphan in the shown chain: the root (which has no routes: it shows its tabs) and the instances
        // of the path, nothing else.
        if !coordinator.path.isEmpty {
            #expect(snapshot.instances.count == Set(coordinator.path.map(\.instance)).count + 1)
        }
        // A kept tab holds no sheet or cover: the tab bar was reachable when it was set aside.
        for segment in (snapshot.instances.first?.otherTabs ?? [:]).values {
            let tab = segment.first?.child ?? ""
            for entry in segment.dropFirst() {
                let presented =
                    entry.child == "picker" || (entry.child == "editor" && model.presentations[tab] != "push")
                #expect(!presented, "kept tab \(tab) holds \(entry.child ?? "") presented over it")
            }
        }
        for handle in handles.values where handle.completions > 0 {
            #expect(!handle.instance.isAlive && handle.completions == 1)
        }
    }
}
