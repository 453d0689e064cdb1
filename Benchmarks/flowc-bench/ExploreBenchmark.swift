import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import Foundation

/// `flowc-bench explore [--flows DIR] [--runs N]`: the explorer behind `flowc check` over each root flow of
/// the shipped apps: states, steps, covered states (a sound reduction's included) and the reduction factor,
/// the store's bytes per visited state, the frontier's peak, and states, covered states and steps per CPU
/// second (one core; best of N runs), with the steps whose runtime step a memo reused (docs/RUNNING.md,
/// "Unread answers").
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
        guard let bundle = RuntimeBenchmark.compiledBundle(of: flowsDirectory) else { return 1 }
        // CPU time of this thread besides wall time: on the shared 2-core machine wall time is inflated by
        // the load, and the rates are taken from CPU time.
        print(
            "flow          states    steps  complete   best ms    cpu ms   states/s    steps/s    reused   covered  covered/s  reduction  B/state  graph B/state  frontier"
        )
        var totalSeconds = 0.0
        var totalCPU = 0.0
        for name in FlowExplorer.rootFlows(of: bundle) {
            var best = Double.infinity
            var bestCPU = Double.infinity
            var report: ExplorationReport?
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                let startCPU = Self.threadCPUSeconds()
                do {
                    report = try FlowExplorer.explore(bundle, flow: name)
                } catch {
                    print("\(name): \(error)")
                    return 1
                }
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                best = min(best, seconds)
                bestCPU = min(bestCPU, Self.threadCPUSeconds() - startCPU)
            }
            guard let report else { continue }
            totalSeconds += best
            totalCPU += bestCPU
            let line = [
                name.padding(toLength: 12, withPad: " ", startingAt: 0),
                String(format: "%7d", report.states), String(format: "%8d", report.steps),
                report.isComplete ? "     yes" : "      no",
                String(format: "%9.1f", best * 1000), String(format: "%8.1f", bestCPU * 1000),
                String(format: "%10.0f", Double(report.states) / bestCPU),
                String(format: "%10.0f", Double(report.steps) / bestCPU),
                String(format: "%8d", report.reusedSteps),
                String(format: "%8d", report.coveredStates),
                String(format: "%9.0f", Double(report.coveredStates) / bestCPU),
                String(format: "%9.2f", report.reductionFactor), String(format: "%7.1f", report.bytesPerState),
                String(format: "%13.1f", Double(report.graphBytes) / Double(max(report.states, 1))),
                String(format: "%8d", report.peakFrontier),
            ]
            print(line.joined(separator: "  "))
        }
        print(String(format: "all root flows: %.2f s wall, %.2f s CPU (best runs added)", totalSeconds, totalCPU))
        print(
            "(rates per CPU second; reused: steps answered from a memo, the runtime's step not run; B/state: the store"
                + " of visited states, bytes per state; graph B/state: FC809's graph; frontier: most whole states held)"
        )
        return 0
    }

    /// The CPU time the calling thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
