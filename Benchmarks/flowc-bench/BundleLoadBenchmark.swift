import FlowCompiler
import FlowExplorer
import FlowModel
import FlowRuntime
import Foundation

/// `flowc-bench bundle [--flows DIR] [--iterations N] [--runs N]`: what an app pays to load the bundle it
/// ships (by default the bundle compiled from the shipped `Flows/`), in this process and in a new one.
///
/// 1. In process: `BundleCodec.decode` of the file's bytes (header, content hash, sections, structural
///    checks), `--iterations` times: the first call, then the median, 95th percentile and best of the
///    rest, in microseconds of wall and of the calling thread's CPU time; and how many threads the
///    decoding started (``ParallelMap/startedThreadCount()``; the goal is none below
///    ``ParallelMap/bundleBytesForParallelWork``).
/// 2. Decoding and then showing the first screen: `BundleCodec.decode`, `FlowCoordinator(bundle:flow:)` and
///    `start()` for each root flow, in microseconds.
/// 3. In a new process, as an app starts: `flowc run BUNDLE --flow ROOT --script EMPTY` against
///    `flowc --version` (the process and the Swift runtime starting, nothing read), `--runs` interleaved
///    runs, medians of wall and CPU time and peak memory; the difference is what loading and starting cost
///    a cold process.
enum BundleLoadBenchmark {
    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        guard
            let flowsDirectory = RuntimeBenchmark.stringOption(
                "--flows", in: arguments, default: RuntimeBenchmark.defaultFlowsDirectory),
            let iterations = Bench.intOption("--iterations", in: arguments, default: 2_000), iterations >= 2,
            let runs = Bench.intOption("--runs", in: arguments, default: 20)
        else {
            print("usage: flowc-bench bundle [--flows DIR] [--iterations N] [--runs N] [--flowc PATH] (N at least 2)")
            return 64
        }
        guard let compiled = RuntimeBenchmark.compiledBundle(of: flowsDirectory) else { return 1 }
        let bytes = BundleCodec.bundleAndFile(of: compiled.flows).bytes
        let bundle: FlowBundle
        do {
            bundle = try BundleCodec.decode(bytes)
        } catch {
            print("the bundle does not decode: \(error)")
            return 1
        }
        let screens = bundle.flows.reduce(0) { $0 + $1.screens.count }
        print(
            "bundle: \(bytes.count) bytes, \(bundle.flows.count) flows, \(screens) screens (from \(flowsDirectory));"
                + " decoded on all cores from \(ParallelMap.bundleBytesForParallelWork) bytes")
        print(ProcessSeries.loadLine())

        // 1. Decoding alone.
        let threadsBefore = ParallelMap.startedThreadCount()
        var failures = 0
        let decoding = Samples.take(iterations) {
            if (try? BundleCodec.decode(bytes)) == nil { failures += 1 }
        }
        let threadsStarted = ParallelMap.startedThreadCount() - threadsBefore
        guard failures == 0 else {
            print("decoding failed \(failures) times")
            return 1
        }
        print(
            "1. BundleCodec.decode, \(iterations) calls on this thread (µs; the first call includes the flowc code's first use):"
        )
        print(decoding.line)
        print(
            "   threads started by decoding: \(threadsStarted) (goal: none;"
                + " \(threadsStarted == 0 ? "met" : "NOT met"))")

        // 2. From the bytes to the first screen, for each root flow.
        print("2. decode + FlowCoordinator(bundle:flow:) + start(), per root flow (µs):")
        for root in FlowExplorer.rootFlows(of: bundle) {
            var statuses: [StepStatus] = []
            let started = Samples.take(iterations) {
                guard let loaded = try? BundleCodec.decode(bytes),
                    let coordinator = try? FlowCoordinator(bundle: loaded, flow: root)
                else {
                    failures += 1
                    return
                }
                let status = coordinator.start().status
                if statuses.isEmpty || statuses.last != status { statuses.append(status) }
            }
            guard failures == 0 else {
                print("   \(root): the coordinator could not be made")
                return 1
            }
            print("   \(root) (start \(statuses.map { "\($0)" }.joined(separator: ", "))):")
            print(started.line)
        }

        // 3. A cold process.
        let flowc = ProcessSeries.flowcPath(arguments)
        let scratch = ProcessSeries.scratchFolder("bundle")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let bundlePath = scratch + "/app.flowbundle"
        let script = scratch + "/empty.flowscript"
        guard FileManager.default.createFile(atPath: bundlePath, contents: Data(bytes)),
            FileManager.default.createFile(atPath: script, contents: Data()),
            let root = FlowExplorer.rootFlows(of: bundle).first
        else {
            print("cannot write \(scratch)")
            return 1
        }
        let contenders: [ProcessSeries.Contender] = [
            .init(label: "flowc --version", arguments: [flowc, "--version"]),
            .init(
                label: "flowc run BUNDLE --flow \(root)",
                arguments: [flowc, "run", bundlePath, "--flow", root, "--script", script]),
        ]
        guard let processes = ProcessSeries.measure(contenders, runs: runs) else { return 1 }
        print("3. a new process, \(runs) interleaved runs, medians:")
        for (contender, samples) in zip(contenders, processes) {
            print(
                "   \(contender.label.padding(toLength: 32, withPad: " ", startingAt: 0))"
                    + " wall \(Bench.format(ProcessSeries.median(samples, \.wallMs), 2)) ms"
                    + "  cpu \(Bench.format(ProcessSeries.median(samples, \.cpuMs), 2)) ms"
                    + "  peak \(Bench.format(ProcessSeries.median(samples, \.maxRSSMiB))) MiB")
        }
        let extraCPU = ProcessSeries.median(processes[1], \.cpuMs) - ProcessSeries.median(processes[0], \.cpuMs)
        print(
            "   loading and starting in a cold process: \(Bench.format(extraCPU, 2)) ms of CPU beyond the process itself"
        )
        return 0
    }

    /// Per-call wall and thread CPU times of one body, in microseconds.
    struct Samples {
        var first: (wall: Double, cpu: Double)
        var wall: [Double]
        var cpu: [Double]

        /// Runs `body` `count` times (at least 2), timing each call.
        static func take(_ count: Int, _ body: () -> Void) -> Samples {
            var wall: [Double] = []
            var cpu: [Double] = []
            wall.reserveCapacity(count)
            cpu.reserveCapacity(count)
            for _ in 0..<count {
                let startWall = microseconds(CLOCK_MONOTONIC)
                let startCPU = microseconds(CLOCK_THREAD_CPUTIME_ID)
                body()
                cpu.append(microseconds(CLOCK_THREAD_CPUTIME_ID) - startCPU)
                wall.append(microseconds(CLOCK_MONOTONIC) - startWall)
            }
            let first = (wall: wall.removeFirst(), cpu: cpu.removeFirst())
            return Samples(first: first, wall: wall.sorted(), cpu: cpu.sorted())
        }

        /// `first … median … p95 … best` for wall and CPU.
        var line: String {
            func at(_ sorted: [Double], _ fraction: Double) -> Double {
                sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
            }
            return "     wall: first \(Bench.format(first.wall)), median \(Bench.format(at(wall, 0.5))),"
                + " p95 \(Bench.format(at(wall, 0.95))), best \(Bench.format(wall[0]))\n"
                + "     cpu:  first \(Bench.format(first.cpu)), median \(Bench.format(at(cpu, 0.5))),"
                + " p95 \(Bench.format(at(cpu, 0.95))), best \(Bench.format(cpu[0]))"
        }

        private static func microseconds(_ clock: clockid_t) -> Double {
            var time = timespec()
            clock_gettime(clock, &time)
            return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
        }
    }
}
