import FlowModel
import FlowRuntime

/// The checks of fuzz target (d), `api`: the coordinator's host-facing calls with any stack id, token,
/// instance or name — ids taken from the state (shown stacks, a presented tab bar's own entry, kept tabs'
/// stacks, live instances, path tokens) and made up (0, negative, never made, gone, another coordinator's) —
/// either apply or refuse with a reason, and never trap. Shared by the libFuzzer entry point
/// (Fuzz/PublicAPIFuzz.swift, built by scripts/fuzz.sh) and `PublicAPIFuzzTests`, which replays
/// Tests/Fixtures/fuzz/api and drives the shipped and nested fixtures.
///
/// Input: the layout of target (b) (``RuntimeFuzzHarness``): a 4-byte little-endian length, that many
/// bytes of bundle payload, then commands, three bytes each (an operation and two arguments; the first
/// command byte picks the root flow). After every call: a refused (rejected or stale) or pending step
/// has a reason (pending: a question) and leaves the path, the instances and the snapshot as they were;
/// every instance alive before a step and gone after it is in the step's `finished` or `removed`
/// (guarantee 8); route tokens increase along the path; every route belongs to a live instance.
enum PublicAPIFuzzHarness {
    private static let texts = ["1", "7", "0", "-3", "x", "true", "2.5", ""]

    /// Decodes the bundle part of `bytes` and, when it passes the decoder's checks, drives a coordinator with
    /// the command part; returns the first broken check, or nil.
    @MainActor
    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 4 else { return nil }
        let declared = bytes[0..<4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let payloadEnd = 4 + min(declared, bytes.count - 4)
        let payload = Array(bytes[4..<payloadEnd])
        guard let bundle = try? BundleCodec.decode(RuntimeFuzzHarness.bundleFile(payload)), !bundle.flows.isEmpty
        else { return nil }
        do {
            try drive(bundle, Array(bytes[payloadEnd...]))
            return nil
        } catch {
            return error.description
        }
    }

    private typealias Violation = RuntimeFuzzHarness.Violation

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(Violation) {
        if !condition { throw RuntimeFuzzHarness.Violation(description: message()) }
    }

    /// What a step is checked against: the path's tokens, the snapshot and the live instances before it.
    private struct Before {
        var tokens: [RouteToken]
        var snapshot: FlowSnapshot
        var alive: Set<Int>
    }

    @MainActor
    private static func drive(_ bundle: FlowBundle, _ commands: [UInt8]) throws(RuntimeFuzzHarness.Violation) {
        let seed = commands.first ?? 0
        let host = FlowHost(
            condition: { name in (name.utf8.reduce(seed) { $0 &+ $1 }) & 1 == 1 },
            check: { _, value in value != .string("x") })
        let rootName = bundle.flows[Int(seed) % bundle.flows.count].name
        guard let coordinator = try? FlowCoordinator(bundle: bundle, flow: rootName, host: host),
            let other = try? FlowCoordinator(bundle: bundle, flow: rootName, host: host)
        else { return }
        _ = other.start()
        let navigation = FlowNavigation(coordinator)
        var snapshot: FlowSnapshot?
        var seen: [FlowInstanceID] = []
        var index = 1
        while index + 2 < commands.count, index < 3 * 400 {
            let (operation, a, b) = (commands[index], Int(commands[index + 1]), Int(commands[index + 2]))
            index += 3
            let before = Before(
                tokens: coordinator.path.map(\.token), snapshot: coordinator.snapshot(), alive: alive(coordinator))
            let kept = coordinator.tabSets.flatMap { set in set.tabs.compactMap { set.keptStacks[$0] } }
            let stacks = coordinator.stacks + kept
            seen += stacks.map(\.id)
            // An id the state lists, or one made up: never made, 0, negative, or one seen before (gone now).
            func instanceID(_ pick: Int) -> FlowInstanceID {
                switch pick % 6 {
                case 0: FlowInstanceID(pick - 200)
                case 1: FlowInstanceID(0)
                case 2: seen.isEmpty ? FlowInstanceID(pick) : seen[pick % seen.count]
                default: stacks.isEmpty ? FlowInstanceID(pick) : stacks[pick % stacks.count].id
                }
            }
            let result: StepResult?
            switch operation % 12 {
            case 0:
                result = coordinator.start()
            case 1:
                let path = coordinator.path
                let route = path.isEmpty ? nil : path[a % path.count]
                let token: RouteToken? =
                    switch b % 4 {
                    case 0: nil
                    case 1: RouteToken(b - 128)
                    case 2: other.path.first?.token
                    default: route?.token
                    }
                let events =
                    route.flatMap { route in
                        bundle.flowIndex(named: route.flow).flatMap { flow in
                            bundle.flows[flow].screens.first { $0.name == route.screen }?.events
                        }
                    } ?? []
                let event = events.isEmpty || b % 7 == 0 ? nil : events[a % events.count]
                var arguments: [String: String] = [:]
                for (offset, parameter) in (event?.parameters ?? []).enumerated() {
                    arguments[parameter.name] = texts[(a + offset) % texts.count]
                }
                result = coordinator.send(event?.name ?? "none", from: token, textArguments: arguments)
            case 2:
                let id = instanceID(a)
                let routes = stacks.first { $0.id == id }?.routes ?? coordinator.path
                var proposed = Array(routes.prefix(b % (routes.count + 1)))
                if b % 5 == 4 { proposed += other.path.prefix(1) }
                result = coordinator.reconcile(stack: id, to: proposed)
            case 3:
                result = coordinator.back(b % 3, onStack: instanceID(a))
            case 4:
                result = coordinator.dismiss(a % 5 == 0 ? nil : instanceID(a))
            case 5:
                result = a % 2 == 0 ? coordinator.confirmRemoval() : coordinator.keepEditing()
            case 6:
                result = coordinator.open(RuntimeFuzzHarness.linkURL(in: bundle, pick: a, fill: b, texts: texts))
            case 7:
                if let taken = snapshot, a % 2 == 0 {
                    result = coordinator.restore(taken)
                } else {
                    snapshot = coordinator.snapshot()
                    result = nil
                }
            case 8:
                let id = a % 3 == 0 ? instanceID(b) : FlowInstanceID(1 + b % 12)
                let instance = coordinator.instance(id)
                let flow = instance.flatMap { bundle.flowIndex(named: $0.flow) }
                let outcomes = flow.map { bundle.flows[$0].outcomes } ?? []
                let outcome = outcomes.isEmpty || a % 4 == 1 ? "none" : outcomes[a % outcomes.count]
                result = instance?.finish(outcome)
            case 9:
                let tabSet = coordinator.tabSets.isEmpty ? nil : coordinator.tabSets[a % coordinator.tabSets.count]
                if let model = tabSet.flatMap({ coordinator.tabSetModel($0.id) }) {
                    navigation.selectTab(at: b % (model.tabs.count + 2) - 1, of: model)
                } else {
                    _ = coordinator.tabSetModel(instanceID(b))
                }
                result = nil
            case 10:
                if let model = coordinator.stackModel(instanceID(a)) {
                    if b % 2 == 0 {
                        navigation.setPath(Array(model.path.prefix(b % (model.path.count + 1))), of: model)
                    } else {
                        navigation.setPresented(b % 3 == 0 ? instanceID(b) : nil, over: model)
                    }
                }
                result = nil
            default:
                let tab = texts[b % texts.count]
                result = a % 8 == 0 ? coordinator.stop() : coordinator.select(tab: tab, in: instanceID(a))
            }
            try check(coordinator, before: before, result: result)
        }
    }

    /// The ids of every live instance (kept tabs' included).
    @MainActor
    private static func alive(_ coordinator: FlowCoordinator) -> Set<Int> {
        var ids: Set<Int> = []
        var pending = coordinator.instanceTree().map { [$0] } ?? []
        while let entry = pending.popLast() {
            ids.insert(entry.id)
            pending += entry.children
        }
        return ids
    }

    @MainActor
    private static func check(_ coordinator: FlowCoordinator, before: Before, result: StepResult?)
        throws(RuntimeFuzzHarness.Violation)
    {
        let path = coordinator.path
        let tokens = path.map(\.token)
        try require(zip(tokens, tokens.dropFirst()).allSatisfy { $0 < $1 }, "route tokens are not increasing")
        for route in path {
            let alive = coordinator.instance(route.instance)?.isAlive == true
            try require(alive, "a route of an instance that is not alive")
        }
        guard let result else { return }
        switch result.status {
        case .rejected, .stale:
            try require(result.reason != nil, "a \(result.status) step without a reason")
            try require(tokens == before.tokens, "a \(result.status) step changed the path")
            try require(coordinator.snapshot() == before.snapshot, "a \(result.status) step changed the state")
        case .pending:
            try require(coordinator.pendingConfirmation != nil, "a pending step without a question")
            try require(tokens == before.tokens, "a pending step changed the path")
        case .applied, .queued, .redirected:
            break
        }
        let reported = Set(result.finished.map(\.instance.rawValue) + result.removed.map(\.instance.rawValue))
        let gone = before.alive.subtracting(alive(coordinator))
        try require(
            gone.isSubset(of: reported),
            "instances \(gone.subtracting(reported).sorted()) left without being reported finished or removed")
    }
}
