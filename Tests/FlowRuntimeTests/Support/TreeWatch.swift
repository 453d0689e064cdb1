import FlowModel
import FlowRuntime
import Observation
import Testing

/// Watches every live object of a coordinator's tree (``FlowStackModel``, ``FlowTabSetModel``) across one
/// step, each property with its own observation, and checks after the step that exactly the properties
/// whose value changed notified, that the objects describe the state the values (`stacks`, `tabSets`)
/// describe, and that an object keeps its identity while its stack lives.
@MainActor
final class TreeWatch {
    final class Flag: @unchecked Sendable { var fired = false }

    /// One property's value before the step, and whether its observers heard of a change.
    private struct Watched {
        let describe: @MainActor () -> String
        let before: String
        let flag: Flag
    }

    private var watched: [Watched] = []
    /// Every stack object seen, by id: a live id must keep its object.
    private var seen: [FlowInstanceID: FlowStackModel] = [:]
    private var seenTabSets: [FlowInstanceID: FlowTabSetModel] = [:]

    /// The live objects reachable from the root stack: each stack, its layer, its tab set and every started tab.
    static func objects(of coordinator: FlowCoordinator) -> (stacks: [FlowStackModel], tabSets: [FlowTabSetModel]) {
        var stacks: [FlowStackModel] = []
        var tabSets: [FlowTabSetModel] = []
        var pending = coordinator.rootStack.map { [$0] } ?? []
        while let stack = pending.popLast() {
            stacks.append(stack)
            if let presented = stack.presented { pending.append(presented) }
            if let tabSet = stack.tabSet {
                tabSets.append(tabSet)
                for name in tabSet.tabs { if let tab = tabSet.stack(forTab: name) { pending.append(tab) } }
            }
        }
        return (stacks, tabSets)
    }

    static func describe(_ stack: FlowStackModel?) -> String { stack.map { "\($0.id)" } ?? "-" }

    /// Registers an observation of each property of each live object, remembering its value.
    func arm(_ coordinator: FlowCoordinator) {
        watched = []
        let (stacks, tabSets) = Self.objects(of: coordinator)
        func watch(_ describe: @escaping @MainActor () -> String) {
            let flag = Flag()
            let before = withObservationTracking(describe) { flag.fired = true }
            watched.append(Watched(describe: describe, before: before, flag: flag))
        }
        for stack in stacks {
            seen[stack.id] = seen[stack.id] ?? stack
            watch { "routes of \(stack.id): \(stack.routes.map(\.token))" }
            watch { "layer over \(stack.id): \(Self.describe(stack.presented))" }
            watch { "tab set of \(stack.id): \(stack.tabSet.map { "\($0.id)" } ?? "-")" }
            watch { "\(stack.id) alive: \(stack.isAlive)" }
        }
        for tabSet in tabSets {
            seenTabSets[tabSet.id] = seenTabSets[tabSet.id] ?? tabSet
            watch { "selection of \(tabSet.id): \(tabSet.selected)" }
            watch { "tabs of \(tabSet.id): \(tabSet.tabs.map { "\($0)=\(Self.describe(tabSet.stack(forTab: $0)))" })" }
        }
        let flag = Flag()
        let root = withObservationTracking {
            Self.describe(coordinator.rootStack)
        } onChange: {
            flag.fired = true
        }
        watched.append(Watched(describe: { Self.describe(coordinator.rootStack) }, before: root, flag: flag))
    }

    /// Checks the step that ran since ``arm(_:)``.
    func check(_ coordinator: FlowCoordinator, after step: String) {
        for property in watched {
            let after = property.describe()
            if property.flag.fired {
                #expect(after != property.before, "\(step): notified, unchanged: \(after)")
            } else {
                #expect(after == property.before, "\(step): changed, not notified: \(property.before) → \(after)")
            }
        }
        // The shown objects are the shown stacks, in order, with the same routes.
        let shown = coordinator.shownStackModels
        #expect(shown.filter { !$0.routes.isEmpty }.map(\.value) == coordinator.stacks, "\(step): shown stacks")
        #expect(shown.first === coordinator.rootStack)
        for (lower, upper) in zip(shown, shown.dropFirst()) {
            let next = lower.presented ?? lower.tabSet?.selectedStack
            #expect(next === upper, "\(step): \(upper.id) does not follow \(lower.id)")
        }
        for tabSet in coordinator.tabSets {
            guard let object = coordinator.tabSetModel(tabSet.id) else {
                Issue.record("\(step): no object for tab set \(tabSet.id)")
                continue
            }
            #expect(object.selected == tabSet.selected)
            for (name, kept) in tabSet.keptStacks {
                #expect(object.stack(forTab: name)?.value == kept, "\(step): kept tab \(name)")
            }
            #expect(
                Set(object.tabs.filter { object.stack(forTab: $0) != nil }).subtracting([tabSet.selected])
                    == Set(tabSet.keptStacks.keys),
                "\(step): started tabs")
        }
        // Identity: a live stack keeps its object; a removed one is dead and not found again.
        for (id, object) in seen {
            if let live = coordinator.stackModel(id) {
                #expect(live === object && object.isAlive, "\(step): stack \(id) changed object")
            } else {
                #expect(!object.isAlive, "\(step): stack \(id) is gone but its object is alive")
            }
        }
        for (id, object) in seenTabSets {
            if let live = coordinator.tabSetModel(id) {
                #expect(live === object && object.isAlive)
            } else {
                #expect(!object.isAlive)
            }
        }
    }
}
