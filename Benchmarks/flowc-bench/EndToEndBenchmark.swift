import Foundation

/// `flowc-bench e2e [--screens N] [--files N] [--runs N] [--callgrind] [--flowc PATH]`: what users run,
/// as child processes on the generated app (``AppGenerator``), interleaved, medians:
///
/// - `flowc validate DIR` against a bare libyaml event scan of the same files (`flowc-bench scan`, C
///   through CYaml, one thread) — wall and CPU time; the goal is at most 2× the scan;
/// - `flowc compile DIR -o FILE` against `validate` — the goal is at most 1.3×;
/// - loading the bundle (`flowc run BUNDLE --flow part00` with an empty script) against loading the
///   YAML the same way (`flowc run DIR …`) — the goal is at least 5× faster, with less memory;
/// - bundle size against YAML size, and peak memory (`ru_maxrss`) of every command.
///
/// `--callgrind` adds one run of each under `valgrind --tool=callgrind`, and the same ratios in
/// instructions (all threads).
enum EndToEndBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        guard let screens = Bench.intOption("--screens", in: arguments, default: 41_000),
            let fileCount = Bench.intOption("--files", in: arguments, default: 1),
            let runs = Bench.intOption("--runs", in: arguments, default: 3)
        else {
            print("usage: flowc-bench e2e [--screens N] [--files N] [--runs N] [--callgrind] [--flowc PATH]")
            return 64
        }
        let flowc = ProcessSeries.flowcPath(arguments)
        let scratch = ProcessSeries.scratchFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let app = scratch + "/app"
        let files = ProcessSeries.write(AppGenerator.app(screens: screens, files: fileCount), into: app)
        let script = scratch + "/empty.flowscript"
        _ = FileManager.default.createFile(atPath: script, contents: Data())
        let bundle = scratch + "/app.flowbundle"
        guard
            let compiled = ChildProcess.run(
                [flowc, "compile", app, "-o", bundle], errorFile: scratch + "/compile.err"),
            compiled.status == 0
        else {
            let errors = (try? String(contentsOfFile: scratch + "/compile.err", encoding: .utf8)) ?? ""
            print("flowc compile failed on the generated app:\n" + String(errors.prefix(2000)))
            return 1
        }
        let yamlBytes = files.map(ProcessSeries.fileSize).reduce(0, +)
        let bundleBytes = ProcessSeries.fileSize(bundle)

        let contenders: [ProcessSeries.Contender] = [
            .init(label: "libyaml scan (C, 1 thread)", arguments: [ProcessSeries.selfPath(), "scan"] + files),
            .init(label: "flowc validate", arguments: [flowc, "validate", app]),
            .init(label: "flowc compile", arguments: [flowc, "compile", app, "-o", scratch + "/again.flowbundle"]),
            .init(label: "flowc run YAML", arguments: [flowc, "run", app, "--flow", "part00", "--script", script]),
            .init(
                label: "flowc run bundle", arguments: [flowc, "run", bundle, "--flow", "part00", "--script", script]),
        ]
        guard let samples = ProcessSeries.measure(contenders, runs: runs) else { return 1 }

        print(
            "input: \(screens) screens in \(fileCount) file\(fileCount == 1 ? "" : "s") + edit.yaml,"
                + " \(Bench.format(Double(yamlBytes) / 1e6, 2)) MB YAML; \(runs) interleaved runs, medians")
        print(ProcessSeries.loadLine())
        let width = contenders.map(\.label.count).max() ?? 0
        for (contender, runs) in zip(contenders, samples) {
            let label = contender.label + String(repeating: " ", count: width - contender.label.count)
            print(
                "  \(label)  wall \(Bench.format(ProcessSeries.median(runs, \.wallMs), 0)) ms"
                    + "  cpu \(Bench.format(ProcessSeries.median(runs, \.cpuMs), 0)) ms"
                    + "  peak \(Bench.format(ProcessSeries.median(runs, \.maxRSSMiB))) MiB")
        }
        let scan = samples[0]
        let validate = samples[1]
        let compile = samples[2]
        let runYAML = samples[3]
        let runBundle = samples[4]
        func cpuRatio(_ a: [ChildProcess.Measure], _ b: [ChildProcess.Measure]) -> Double {
            ProcessSeries.median(a, \.cpuMs) / ProcessSeries.median(b, \.cpuMs)
        }
        func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
        let validateRatio = ProcessSeries.wallRatio(validate, scan)
        let compileRatio = ProcessSeries.wallRatio(compile, validate)
        let loadSpeedup = ProcessSeries.wallRatio(runYAML, runBundle)
        let validatePeak = ProcessSeries.median(validate, \.maxRSSMiB)
        let bundlePeak = ProcessSeries.median(runBundle, \.maxRSSMiB)
        let yamlPeak = ProcessSeries.median(runYAML, \.maxRSSMiB)
        let sizeRatio = Double(bundleBytes) / Double(yamlBytes)
        print(
            "validate / scan:        \(Bench.format(validateRatio, 2))x wall, \(Bench.format(cpuRatio(validate, scan), 2))x cpu"
                + " (goal <= 2x wall: \(verdict(validateRatio <= 2)))")
        print(
            "compile / validate:     \(Bench.format(compileRatio, 2))x wall, \(Bench.format(cpuRatio(compile, validate), 2))x cpu"
                + " (goal <= 1.3x: \(verdict(compileRatio <= 1.3)))")
        print(
            "bundle load speed-up:   \(Bench.format(loadSpeedup, 2))x wall, \(Bench.format(cpuRatio(runYAML, runBundle), 2))x cpu faster than YAML, peak \(Bench.format(bundlePeak)) vs"
                + " \(Bench.format(yamlPeak)) MiB (goal >= 5x and less memory: \(verdict(loadSpeedup >= 5 && bundlePeak < yamlPeak)))"
        )
        print(
            "bundle size / YAML:     \(Bench.format(sizeRatio, 2))x (\(bundleBytes) vs \(yamlBytes) bytes; goal <= 1x: \(verdict(sizeRatio <= 1)))"
        )
        print("validate peak memory:   \(Bench.format(validatePeak)) MiB")

        if arguments.contains("--callgrind") {
            let counts = contenders.map { ChildProcess.instructions($0.arguments, scratch: scratch) }
            guard counts.allSatisfy({ $0 != nil }) else {
                print("callgrind: a run failed (is valgrind installed?)")
                return 1
            }
            let instructions = counts.map { Double($0 ?? 0) }
            print("callgrind instructions (all threads):")
            for (contender, count) in zip(contenders, instructions) {
                print("  \(contender.label): \(Bench.format(count / 1e6, 0)) M")
            }
            print(
                "  validate / scan \(Bench.format(instructions[1] / instructions[0], 2))x,"
                    + " compile / validate \(Bench.format(instructions[2] / instructions[1], 2))x,"
                    + " run YAML / run bundle \(Bench.format(instructions[3] / instructions[4], 2))x")
        }
        return 0
    }
}
