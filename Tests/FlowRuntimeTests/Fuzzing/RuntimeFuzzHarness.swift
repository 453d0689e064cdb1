import FlowModel
import FlowRuntime

/// The checks of fuzz target (b), shared by the libFuzzer entry point (Fuzz/RuntimeFuzz.swift, built by
/// scripts/fuzz.sh) and `RuntimeFuzzRegressionTests`, which replays Tests/Fixtures/fuzz/runtime.
///
/// Input: a 4-byte little-endian length, that many bytes of bundle payload (flows in the binary
/// encoding of docs/BUNDLE.md), then commands (two bytes each: an operation and its argument; the
/// first command byte also picks the root flow). The payload is wrapped in a bundle file with its
/// content hash computed ("fixed"), so mutated graphs get past the hash check to the binary decoder
/// and `BundleCodec.decode`'s integrity checks and, when those pass, to a coordinator. After every step: route tokens increase along the path, every route
/// belongs to a live instance of a known flow, a step that is not applied leaves the path as it was,
/// going back only removes routes, `stop` empties the path, and `restore` restores the snapshot.
/// Uses only public API.
enum RuntimeFuzzHarness {
    private static let texts = ["1", "7", "0", "-3", "x", "true", "2.5", "07", ""]

    /// Decodes the bundle part of `bytes` and, when it passes the decoder's checks, drives a coordinator
    /// with the command part; returns the first invariant broken, or nil.
    @MainActor
    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 4 else { return nil }
        let declared = bytes[0..<4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let payloadEnd = 4 + min(declared, bytes.count - 4)
        let payload = Array(bytes[4..<payloadEnd])
        guard let bundle = try? BundleCodec.decode(bundleFile(payload)), !bundle.flows.isEmpty else { return nil }
        do {
            try drive(bundle, Array(bytes[payloadEnd...]))
            return nil
        } catch {
            return error.description
        }
    }

    /// A bundle file around `payload`, with the content hash computed for it (the "fixed" hash).
    static func bundleFile(_ payload: [UInt8]) -> [UInt8] {
        let hash = ContentHash.fnv1a64(payload)
        let header = Array("\(BundleCodec.magic) \(FlowBundle.currentFormatVersion)\n".utf8)
        return header + (0..<8).map { UInt8(truncatingIfNeeded: hash >> UInt64(8 * $0)) } + payload
    }

    /// An input of this harness: `payload` (a bundle's flows in the binary encoding) and `commands`.
    static func input(payload: [UInt8], commands: [UInt8]) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: payload.count >> (8 * $0)) } + payload + commands
    }

    /// A URL to open: one of the bundle's link patterns (`pick`) with its placeholders filled from `texts` (from
    /// `fill` on), or, one time in five or without links, a made-up path.
    static func linkURL(in bundle: FlowBundle, pick: Int, fill: Int, texts: [String]) -> String {
        let links = bundle.flows.flatMap(\.links)
        guard !links.isEmpty, pick % 5 != 0 else { return "/" + texts[fill % texts.count] }
        let parts = links[pick % links.count].segments.enumerated().map { offset, segment -> String in
            switch segment {
            case .literal(let text): text
            case .placeholder: texts[(fill + offset) % texts.count]
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// A broken invariant.
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(Violation) {
        if !condition { throw Violation(description: message()) }
    }

    @MainActor
    private static func drive(_ bundle: FlowBundle, _ commands: [UInt8]) throws(Violation) {
        let seed = commands.first ?? 0
        let host = FlowHost(
            condition: { name in (name.utf8.reduce(seed) { $0 &+ $1 }) & 1 == 1 },
            check: { _, value in value != .string("x") })
        let rootName = bundle.flows[Int(seed) % bundle.flows.count].name
        guard let coordinator = try? FlowCoordinator(bundle: bundle, flow: rootName, host: host) else { return }
        var snapshot: FlowSnapshot?
        var index = 1
        while index + 1 < commands.count, index < 2 * 512 {
            let operation = commands[index]
            let argument = Int(commands[index + 1])
            index += 2
            let before = coordinator.path.map(\.token)
            let result: StepResult
            var isBack = false
            switch operation % 9 {
            case 0:
                result = coordinator.start()
            case 1, 2:
                let path = coordinator.path
                let route = path.isEmpty ? nil : path[argument % 4 == 0 ? argument % path.count : path.count - 1]
                let events =
                    route.flatMap { route in
                        bundle.flowIndex(named: route.flow).flatMap { flow in
                            bundle.flows[flow].screens.first { $0.name == route.screen }?.events
                        }
                    } ?? []
                let event = events.isEmpty ? nil : events[argument % events.count]
                var arguments: [String: String] = [:]
                for (offset, parameter) in (event?.parameters ?? []).enumerated() {
                    arguments[parameter.name] = texts[(argument + offset) % texts.count]
                }
                result = coordinator.send(event?.name ?? "none", from: route?.token, textArguments: arguments)
            case 3:
                isBack = true
                result = coordinator.back(argument % 3)
            case 4:
                result = argument % 2 == 0 ? coordinator.confirmRemoval() : coordinator.keepEditing()
            case 5:
                result = coordinator.open(linkURL(in: bundle, pick: argument, fill: argument, texts: texts))
            case 6:
                if let taken = snapshot, argument % 2 == 0 {
                    result = coordinator.restore(taken)
                    if result.status == .applied {
                        try require(coordinator.snapshot() == taken, "restore did not restore the snapshot")
                    }
                } else {
                    snapshot = coordinator.snapshot()
                    result = .applied
                }
            case 7:
                result = coordinator.stop()
                try require(coordinator.path.isEmpty && coordinator.root == nil, "stop left routes")
            default:
                let path = coordinator.path
                isBack = true
                result = coordinator.reconcile(
                    toTokens: Array(path.prefix(path.isEmpty ? 0 : argument % (path.count + 1)).map(\.token)))
            }
            try checkInvariants(coordinator, bundle: bundle, before: before, result: result, isBack: isBack)
        }
    }

    @MainActor
    private static func checkInvariants(
        _ coordinator: FlowCoordinator, bundle: FlowBundle, before: [RouteToken], result: StepResult, isBack: Bool
    ) throws(Violation) {
        let path = coordinator.path
        let after = path.map(\.token)
        try require(zip(after, after.dropFirst()).allSatisfy { $0 < $1 }, "route tokens are not increasing")
        for route in path {
            guard let instance = coordinator.instance(route.instance) else {
                throw Violation(description: "route of a dead instance")
            }
            try require(instance.isAlive, "route of a released instance")
            try require(bundle.flowIndex(named: route.flow) != nil, "route of an unknown flow")
        }
        switch result.status {
        case .rejected, .stale, .pending:
            try require(after == before, "a \(result.status) step changed the path")
        case .queued:
            // A link queued before `start` starts the app first (docs/RUNNING.md, "Guarantees"): only then
            // may the path change.
            try require(after == before || before.isEmpty, "a queued step changed the path")
        case .applied, .redirected:
            if isBack {
                // Back removes routes; only a tab set's own layer going (format 1.3) shows the tab kept under it
                // again, whose routes are older than every route the back removed.
                let common = zip(before, after).prefix { $0 == $1 }.count
                let removed = before[common...]
                try require(
                    after[common...].allSatisfy { shown in !before.contains(shown) && removed.allSatisfy { shown < $0 }
                    },
                    "going back added routes")
            }
        }
    }
}
