import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import Foundation

/// `flowc-bench explore [--flows DIR] [--runs N]`: the explorer behind `flowc check` over each root flow of
/// the shipped apps: states, steps, and states and steps per second (one core; best of N runs).
enum ExploreBenchmark {
    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        guard
            let flowsDirectory = RuntimeBenchmark.stringOption(
                "--flows", in: arguments, default: RuntimeBenchmark.defaultFlowsDirectory),
            let runs = Bench.intOption("--runs", in: arguments, default: 3), runs >= 1
        else {
            print("usage: flowc-bench explore [--flows DIR] [--runs N] (N at least 1)")
            return 64
        }
        let bundle: FlowBundle
        do {
            let result = try FlowValidation.validate(paths: [flowsDirectory])
            guard !result.hasErrors else {
                print("the flows in \(flowsDirectory) do not validate")
                return 1
            }
            bundle = try GraphLowering.lower(result.flows)
        } catch {
            print("cannot read \(flowsDirectory): \(error)")
            return 1
        }
        print("flow          states    steps  complete   best ms   states/s    steps/s")
        var totalSeconds = 0.0
        for name in FlowExplorer.rootFlows(of: bundle) {
            var best = Double.infinity
            var report: ExplorationReport?
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                do {
                    report = try FlowExplorer.explore(bundle, flow: name)
                } catch {
                    print("\(name): \(error)")
                    return 1
                }
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                best = min(best, seconds)
            }
            guard let report else { continue }
            totalSeconds += best
            let line = [
                name.padding(toLength: 12, withPad: " ", startingAt: 0),
                String(format: "%7d", report.states), String(format: "%8d", report.steps),
                report.isComplete ? "     yes" : "      no",
                String(format: "%9.1f", best * 1000),
                String(format: "%10.0f", Double(report.states) / best),
                String(format: "%10.0f", Double(report.steps) / best),
            ]
            print(line.joined(separator: "  "))
        }
        print(String(format: "all root flows: %.2f s (best runs added)", totalSeconds))
        return 0
    }
}
