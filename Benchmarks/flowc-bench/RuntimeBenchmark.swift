import FlowCompiler
import FlowModel
import FlowRuntime

/// `flowc-bench runtime [--iterations N] [--runs N] [--flows DIR] [--extra-flows N,N…]`: times the first seed's reading scenario
/// on `Flows/reading.yaml` + `Flows/edit.yaml`:
///
/// 1. `FlowCoordinator` (the generic runtime, bundle of the shipped flows) against
///    ``ObservableReadingCoordinator`` and ``PlainReadingCoordinator`` (the same semantics written by hand
///    for these two flows, with and without observation);
///    the target is a generic cost of at most 2× the observable hand-written one.
/// 2. `FlowCoordinator` on bundles of the shipped flows plus 1 000 and 10 000 synthetic flows
///    (`--extra-flows`; `0` for none); the cost per operation must not grow with the number of flows in the bundle.
///
/// One iteration is 9 operations: start, select book 7, start edit, save (the child finishes and its
/// route goes), start edit again, interactive back to [library, details] (crosses the editor's `confirm`
/// route: pending), confirm (the child is cancelled with `discarded`), `back` (pop to library), stop.
/// Every contender runs `--iterations` iterations per timed run; runs are interleaved and the median is
/// reported.
enum RuntimeBenchmark {
    static let operationsPerIteration = 9
    static let defaultExtraFlowCounts = [1_000, 10_000]

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        guard let iterations = Bench.intOption("--iterations", in: arguments, default: 20_000),
            let runs = Bench.intOption("--runs", in: arguments, default: 7),
            let flowsDirectory = stringOption("--flows", in: arguments, default: defaultFlowsDirectory),
            let extraFlowCounts = countsOption("--extra-flows", in: arguments, default: defaultExtraFlowCounts)
        else {
            print("usage: flowc-bench runtime [--iterations N] [--runs N] [--flows DIR] [--extra-flows N,N…]")
            return 64
        }

        // Bundles: the shipped flows, then the shipped flows plus synthetic ones, each validated as one set.
        let shipped: ValidationResult
        do {
            shipped = try FlowValidation.validate(paths: [flowsDirectory])
        } catch {
            print("cannot read \(flowsDirectory): \(error)")
            return 2
        }
        let shippedSources = shipped.files.map { (path: $0.path, bytes: $0.bytes) }
        var bundles: [(label: String, bundle: FlowBundle)] = []
        for extra in [0] + extraFlowCounts {
            let result = extra == 0 ? shipped : FlowValidation.validate(sources: shippedSources + synthetic(extra))
            guard !result.hasErrors else {
                print("flows with \(extra) synthetic flows do not validate:")
                for diagnostic in result.diagnostics.prefix(10) { print("  \(diagnostic)") }
                return 1
            }
            do {
                let bundle = try GraphLowering.lower(result.flows)
                bundles.append((label: "\(bundle.flows.count) flows", bundle: bundle))
            } catch {
                print("lowering failed: \(error)")
                return 1
            }
        }

        // One coordinator per contender, reused across iterations (stop, then start again).
        let observable = ObservableReadingCoordinator()
        let plain = PlainReadingCoordinator()
        var generics: [FlowCoordinator] = []
        for (_, bundle) in bundles {
            do {
                generics.append(try FlowCoordinator(bundle: bundle, flow: "reading"))
            } catch {
                print("cannot run 'reading': \(error)")
                return 1
            }
        }

        // The scenario must behave as specified in both coordinators before anything is timed.
        if let problem = checkHandWritten(observable) ?? checkHandWritten(plain)
            ?? generics.lazy.compactMap(checkGeneric).first
        {
            print("scenario check failed: \(problem)")
            return 1
        }

        var failures = 0
        var contenders: [(body: () -> Void, after: () -> Void)] = [
            (body: { failures += handWrittenScenario(observable, iterations: iterations) }, after: {}),
            (body: { failures += handWrittenScenario(plain, iterations: iterations) }, after: {}),
        ]
        let firstGeneric = contenders.count
        for coordinator in generics {
            contenders.append((body: { failures += genericScenario(coordinator, iterations: iterations) }, after: {}))
        }
        let samples = Bench.interleaved(runs: runs, contenders)
        guard failures == 0 else {
            print("scenario misbehaved \(failures) times while timed")
            return 1
        }

        let operations = Double(iterations * operationsPerIteration)
        func nanosecondsPerOperation(_ milliseconds: Double) -> Double { milliseconds * 1e6 / operations }
        func line(_ label: String, _ all: [Double]) -> String {
            let median = Bench.median(all)
            let best = all.min() ?? median
            return "\(label) median \(Bench.format(nanosecondsPerOperation(median))) ns/op"
                + " (\(Bench.format(median, 2)) ms/run), best \(Bench.format(nanosecondsPerOperation(best))) ns/op"
        }
        func ratio(_ numerator: [Double], _ denominator: [Double]) -> Double {
            Bench.median(zip(numerator, denominator).map { $0 / $1 })
        }
        let width = bundles.map(\.label.count).max() ?? 0
        func padded(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }

        print(
            "scenario: \(operationsPerIteration) operations per iteration, \(iterations) iterations per run,"
                + " \(runs) interleaved runs")
        let generic = samples[firstGeneric]
        print("1. generic vs hand-written (reading + edit, \(bundles[0].label))")
        print(line("   observable hand-written:", samples[0]))
        print(line("   plain hand-written:     ", samples[1]))
        print(line("   FlowCoordinator:        ", generic))
        let toObservable = ratio(generic, samples[0])
        let bestToBest = (generic.min() ?? 0) / (samples[0].min() ?? 1)
        print(
            "   generic / observable hand-written: median \(Bench.format(toObservable, 2))x,"
                + " best-to-best \(Bench.format(bestToBest, 2))x (target <= 2.00x: \(toObservable <= 2 ? "met" : "NOT met"))"
        )
        print(
            "   generic / plain hand-written:      median \(Bench.format(ratio(generic, samples[1]), 2))x;"
                + " observable / plain hand-written \(Bench.format(ratio(samples[0], samples[1]), 2))x")
        print("2. FlowCoordinator by bundle size (same scenario)")
        for (index, entry) in bundles.enumerated() {
            let samplesHere = samples[firstGeneric + index]
            let relative = index == 0 ? "" : ", \(Bench.format(ratio(samplesHere, generic), 2))x of \(bundles[0].label)"
            print(line("   \(padded(entry.label)):", samplesHere) + relative)
        }
        return 0
    }

    // MARK: Scenarios

    /// The scenario on the generic coordinator; returns how many steps did not answer as expected.
    @MainActor
    static func genericScenario(_ coordinator: FlowCoordinator, iterations: Int) -> Int {
        var failures = 0
        let bookID = 7
        for _ in 0..<iterations {
            if coordinator.start().status != .applied { failures += 1 }
            if coordinator.send("selectBook", arguments: ["bookID": .int(bookID)]).status != .applied { failures += 1 }
            if coordinator.send("edit").status != .applied { failures += 1 }
            if coordinator.send("save").status != .applied { failures += 1 }
            if coordinator.send("edit").status != .applied { failures += 1 }
            if coordinator.reconcile(to: Array(coordinator.path.prefix(2))).status != .pending { failures += 1 }
            if coordinator.confirmRemoval().status != .applied { failures += 1 }
            if coordinator.send("back").status != .applied { failures += 1 }
            if coordinator.stop().status != .applied { failures += 1 }
        }
        return failures
    }

    /// The scenario on the hand-written coordinator; returns how many steps did not answer as expected.
    @MainActor
    static func handWrittenScenario(_ coordinator: some HandWrittenReadingCoordinator, iterations: Int) -> Int {
        var failures = 0
        let bookID = 7
        for _ in 0..<iterations {
            if !coordinator.start() { failures += 1 }
            if !coordinator.selectBook(bookID) { failures += 1 }
            if coordinator.edit() == nil { failures += 1 }
            if !coordinator.save() { failures += 1 }
            if coordinator.edit() == nil { failures += 1 }
            if coordinator.reconcile(to: Array(coordinator.path.prefix(2))) != .pending { failures += 1 }
            if coordinator.confirmRemoval() != .applied { failures += 1 }
            if !coordinator.back() { failures += 1 }
            if !coordinator.stop() { failures += 1 }
        }
        return failures
    }

    /// Runs one iteration on the generic coordinator and checks the path and live instances after each step.
    @MainActor
    static func checkGeneric(_ coordinator: FlowCoordinator) -> String? {
        func screens() -> [String] { coordinator.path.map { "\($0.flow).\($0.screen)" } }
        func children() -> Int { coordinator.root?.children.count ?? -1 }
        let library = ["reading.library"]
        let details = library + ["reading.details"]
        let editor = details + ["edit.editor"]
        let name = "FlowCoordinator (\(coordinator.bundle.flows.count) flows)"
        coordinator.start()
        guard screens() == library else { return "\(name): start gave \(screens())" }
        coordinator.send("selectBook", arguments: ["bookID": .int(7)])
        guard screens() == details, coordinator.path.last?.arguments == ["bookID": .int(7)] else {
            return "\(name): selectBook gave \(coordinator.path)"
        }
        guard
            coordinator.send("selectBook", from: coordinator.path[0].token, arguments: ["bookID": .int(0)]).status
                == .rejected, coordinator.send("edit", arguments: ["bookID": .int(0)]).status == .rejected
        else { return "\(name): bad arguments were not rejected" }
        coordinator.send("edit")
        guard screens() == editor, children() == 1 else { return "\(name): edit gave \(screens())" }
        let saved = coordinator.root?.children.values.first
        coordinator.send("save")
        guard screens() == details, children() == 0, saved?.isAlive == false else {
            return "\(name): save gave \(screens())"
        }
        guard saved?.finish("saved").status == .stale else { return "\(name): a second completion was not stale" }
        coordinator.send("edit")
        let dismissed = coordinator.root?.children.values.first
        guard coordinator.reconcile(to: Array(coordinator.path.prefix(2))).status == .pending, screens() == editor
        else {
            return "\(name): back across the editor did not wait for confirmation"
        }
        coordinator.confirmRemoval()
        guard screens() == details, children() == 0, dismissed?.isAlive == false,
            dismissed?.finish("saved").status == .stale
        else { return "\(name): confirmed back gave \(screens())" }
        coordinator.send("back")
        guard screens() == library else { return "\(name): back gave \(screens())" }
        coordinator.stop()
        guard screens().isEmpty, coordinator.root == nil, coordinator.status == .stopped else {
            return "\(name): stop left \(screens())"
        }
        return nil
    }

    /// Runs one iteration on the hand-written coordinator and checks the path and children after each step.
    @MainActor
    static func checkHandWritten(_ coordinator: some HandWrittenReadingCoordinator) -> String? {
        let name = "\(type(of: coordinator))"
        coordinator.start()
        guard coordinator.path == [.library] else { return "\(name): start gave \(coordinator.path)" }
        guard !coordinator.selectBook(0) else { return "\(name): bookID 0 was accepted" }
        coordinator.selectBook(7)
        guard coordinator.path == [.library, .details(bookID: 7)] else {
            return "\(name): selectBook gave \(coordinator.path)"
        }
        guard let saved = coordinator.edit(), coordinator.childCount == 1, coordinator.path.count == 3 else {
            return "\(name): edit gave \(coordinator.path)"
        }
        coordinator.save()
        guard coordinator.path == [.library, .details(bookID: 7)], coordinator.childCount == 0 else {
            return "\(name): save gave \(coordinator.path)"
        }
        guard !saved.finish(.saved) else { return "\(name): a second completion was not inert" }
        guard let dismissed = coordinator.edit(),
            coordinator.reconcile(to: Array(coordinator.path.prefix(2))) == .pending, coordinator.path.count == 3
        else { return "\(name): back across the editor did not wait for confirmation" }
        coordinator.confirmRemoval()
        guard coordinator.path == [.library, .details(bookID: 7)], coordinator.childCount == 0,
            !dismissed.finish(.saved)
        else { return "\(name): confirmed back gave \(coordinator.path)" }
        coordinator.back()
        guard coordinator.path == [.library] else { return "\(name): back gave \(coordinator.path)" }
        coordinator.stop()
        guard coordinator.path.isEmpty, coordinator.childCount == 0, coordinator.status == .stopped else {
            return "\(name): stop left \(coordinator.path)"
        }
        return nil
    }

    // MARK: Inputs

    /// `count` synthetic flow files (`bench00000` …): each a list → item screen pair with typed arguments,
    /// a deep link, and a child that starts the next synthetic flow (in chains of 32), so the bundle has real cross-flow
    /// references. Their names sort among the shipped flows' names, moving `reading` and `edit` to other indices.
    static func synthetic(_ count: Int) -> [(path: String, bytes: [UInt8])] {
        (0..<count).map { index in
            let name = flowName(index)
            // Chains of 32, under the child nesting limit of 64 (FC406); a chain's first flow is unused (a warning).
            let startsNext = index + 1 < count && (index + 1) % 32 != 0
            var text = """
                flow: \(name)
                start: list
                outcomes: [done]

                screens:
                  list:
                    on:
                      open:
                        params: { itemID: { type: int, min: 1 } }
                        push: item
                        with: { itemID: $itemID }
                      close:
                        finish: done

                """
            if startsNext {
                text += """
                          more:
                            start: next

                    """
            }
            text += """
                  item:
                    params:
                      itemID: { type: int, min: 1 }
                    on:
                      back:
                        pop: 1

                """
            if startsNext {
                text += """

                    children:
                      next:
                        flow: \(flowName(index + 1))
                        on:
                          done: stay

                    """
            }
            return (path: "synthetic/\(name).yaml", bytes: Array(text.utf8))
        }
    }

    static func flowName(_ index: Int) -> String {
        let digits = String(index)
        return "bench" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// `Flows/` of this package, found from this source file's path.
    static var defaultFlowsDirectory: String {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Benchmarks/flowc-bench/RuntimeBenchmark.swift
        return components.joined(separator: "/") + "/Flows"
    }

    /// The bundle of the flows in `directory`, validated and lowered as `flowc compile` does; nil, with the
    /// reason printed, when they cannot be read or do not validate.
    static func compiledBundle(of directory: String) -> FlowBundle? {
        do {
            let result = try FlowValidation.validate(paths: [directory])
            guard !result.hasErrors else {
                print("the flows in \(directory) do not validate")
                return nil
            }
            return try GraphLowering.lower(result.flows)
        } catch {
            print("cannot compile \(directory): \(error)")
            return nil
        }
    }

    /// Value of `--name N,N…` in `arguments` (`0` alone: none), `fallback` when absent, nil when malformed.
    static func countsOption(_ name: String, in arguments: [String], default fallback: [Int]) -> [Int]? {
        guard let index = arguments.firstIndex(of: name) else { return fallback }
        guard index + 1 < arguments.count else { return nil }
        let counts = arguments[index + 1].split(separator: ",").map { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return counts.compactMap { $0 }.filter { $0 > 0 }
    }

    /// Value of `--name TEXT` in `arguments`, `fallback` when absent, nil when the value is missing.
    static func stringOption(_ name: String, in arguments: [String], default fallback: String) -> String? {
        guard let index = arguments.firstIndex(of: name) else { return fallback }
        return index + 1 < arguments.count ? arguments[index + 1] : nil
    }
}
