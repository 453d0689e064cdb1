import FlowCompiler
import FlowModel
import FlowRuntime

/// `flowc-bench tabs [--iterations N] [--runs N] [--tabs N,N…] [--tree]`: per-step cost of `FlowCoordinator` on a
/// tab bar against the number of tabs kept aside. Each app has N tabs (all running one generated `page`
/// flow); before timing, every tab is selected once and given a pushed route (a tab cannot be left with a
/// sheet open: selection is refused while a layer hides the tab bar), then the first tab is selected again. One iteration is 4 operations in that tab, none touching the kept tabs:
/// push, present a sheet, dismiss it, pop. The cost per operation should not grow with N. With `--tree` the
/// host holds the tree's observable objects (`rootStack`), so every step also brings them in step.
enum TabsBenchmark {
    static let operationsPerIteration = 4
    static let defaultTabCounts = [1, 10, 100]

    /// A tab flow with `count` tabs, the `page` flow every tab runs and its `sheet` child.
    static func sources(tabs count: Int) -> [(path: String, bytes: [UInt8])] {
        let names = (0..<count).map { "tab\($0)" }
        let home = """
            flow: home
            tabs: [\(names.joined(separator: ", "))]
            start: tab0
            children:
            \(names.map { "  \($0): { flow: page }" }.joined(separator: "\n"))
            """
        let page = """
            flow: page
            start: list
            screens:
              list: { on: { open: { push: detail }, write: { start: note } } }
              detail: { on: { write: { start: note }, back: { pop: 1 } } }
            children:
              note: { flow: note, presentation: sheet }
            """
        let note = """
            flow: note
            start: editor
            screens:
              editor: {}
            """
        return [("home.yaml", Array(home.utf8)), ("page.yaml", Array(page.utf8)), ("note.yaml", Array(note.utf8))]
    }

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        guard let iterations = Bench.intOption("--iterations", in: arguments, default: 20_000),
            let runs = Bench.intOption("--runs", in: arguments, default: 7),
            let tabCounts = RuntimeBenchmark.countsOption("--tabs", in: arguments, default: defaultTabCounts),
            !tabCounts.isEmpty, tabCounts.allSatisfy({ $0 >= 1 })
        else {
            print("usage: flowc-bench tabs [--iterations N] [--runs N] [--tabs N,N…] [--tree] (each N at least 1)")
            return 64
        }
        var coordinators: [FlowCoordinator] = []
        for count in tabCounts {
            let result = FlowValidation.validate(sources: sources(tabs: count))
            guard !result.hasErrors else {
                print("the generated tab bar of \(count) tabs does not validate:")
                for diagnostic in result.diagnostics.prefix(10) { print("  \(diagnostic)") }
                return 1
            }
            do {
                let coordinator = try FlowCoordinator(bundle: try GraphLowering.lower(result.flows), flow: "home")
                guard let problem = prepare(coordinator, tabs: count) else {
                    if arguments.contains("--tree"),
                        let tabSet = coordinator.rootStack?.tabSet,
                        tabSet.tabs.compactMap(tabSet.stack(forTab:)).count != count
                    {
                        print("the tree of \(count) tabs has no object per tab")
                        return 1
                    }
                    coordinators.append(coordinator)
                    continue
                }
                print("preparing \(count) tabs failed: \(problem)")
                return 1
            } catch {
                print("cannot run the generated tab bar: \(error)")
                return 1
            }
        }
        var failures = 0
        let samples = Bench.interleaved(
            runs: runs,
            coordinators.map { coordinator in
                (body: { failures += scenario(coordinator, iterations: iterations) }, after: {})
            })
        guard failures == 0 else {
            print("scenario misbehaved \(failures) times while timed")
            return 1
        }
        let operations = Double(iterations * operationsPerIteration)
        print(
            "scenario: \(operationsPerIteration) operations per iteration in the selected tab, \(iterations) iterations"
                + " per run, \(runs) interleaved runs" + (arguments.contains("--tree") ? ", tree objects held" : ""))
        for (index, count) in tabCounts.enumerated() {
            let median = Bench.median(samples[index])
            let relative =
                index == 0
                ? ""
                : ", \(Bench.format(Bench.median(zip(samples[index], samples[0]).map { $0 / $1 }), 2))x of \(tabCounts[0]) tab\(tabCounts[0] == 1 ? "" : "s")"
            print(
                "   \(count) tabs (\(count - 1) kept, each with a pushed route):"
                    + " median \(Bench.format(median * 1e6 / operations)) ns/op\(relative)")
        }
        return 0
    }

    /// Starts the app, gives every tab a pushed route, and selects the first tab again (back at its list).
    @MainActor
    static func prepare(_ coordinator: FlowCoordinator, tabs count: Int) -> String? {
        guard coordinator.start().status == .applied else { return "start" }
        for tab in (0..<count).reversed() {
            guard coordinator.select(tab: "tab\(tab)").status == .applied, coordinator.send("open").status == .applied
            else { return "tab\(tab)" }
        }
        guard coordinator.send("back").status == .applied,
            coordinator.tabSets.first?.keptStacks.count == count - 1
        else { return "back to tab0" }
        return nil
    }

    /// Push, present, dismiss, pop in the selected tab; returns how many steps did not apply.
    @MainActor
    static func scenario(_ coordinator: FlowCoordinator, iterations: Int) -> Int {
        var failures = 0
        for _ in 0..<iterations {
            if coordinator.send("open").status != .applied { failures += 1 }
            if coordinator.send("write").status != .applied { failures += 1 }
            if coordinator.dismiss().status != .applied { failures += 1 }
            if coordinator.send("back").status != .applied { failures += 1 }
        }
        return failures
    }
}
