import Foundation

/// `flowc-bench scaling [--series N,N…] [--per-file N] [--runs N]`: `flowc validate` on the generated
/// app at each size of the series (default 1k, 10k, 100k screens; add 1000000 by hand), in files of at
/// most `--per-file` screens (default 10,000), next to a bare libyaml scan of the same files. The goal:
/// 10× the screens costs at most 11× the time.
///
/// `flowc-bench oneline [--series N,N…] [--runs N]`: `flowc validate` on one flow written on one line
/// in flow style where every screen has an error (default 125 → 2,000 screens); the goal is linear
/// time (×2 per doubling), whatever the length of the line.
enum ScalingBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        guard let series = ProcessSeries.listOption("--series", in: arguments, default: [1_000, 10_000, 100_000]),
            let perFile = Bench.intOption("--per-file", in: arguments, default: 10_000),
            let runs = Bench.intOption("--runs", in: arguments, default: 3)
        else {
            print("usage: flowc-bench scaling [--series N,N…] [--per-file N] [--runs N] [--flowc PATH]")
            return 64
        }
        let flowc = ProcessSeries.flowcPath(arguments)
        let scratch = ProcessSeries.scratchFolder("scaling")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var contenders: [ProcessSeries.Contender] = []
        for screens in series {
            let folder = scratch + "/\(screens)"
            let files = ProcessSeries.write(
                AppGenerator.app(screens: screens, files: (screens + perFile - 1) / perFile), into: folder)
            contenders.append(.init(label: "scan \(screens)", arguments: [ProcessSeries.selfPath(), "scan"] + files))
            contenders.append(.init(label: "validate \(screens)", arguments: [flowc, "validate", folder]))
        }
        guard let samples = ProcessSeries.measure(contenders, runs: runs) else { return 1 }
        print(
            "flowc validate on the generated app, files of at most \(perFile) screens; \(runs) interleaved runs, medians"
        )
        print(ProcessSeries.loadLine())
        print("screens     files  validate ms  cpu ms   peak MiB  scan ms  validate/scan  cpu time × per 10× screens")
        var previous: (screens: Int, ms: Double)?
        for (position, screens) in series.enumerated() {
            let scan = samples[2 * position]
            let validate = samples[2 * position + 1]
            let ms = ProcessSeries.median(validate, \.cpuMs)
            var growth = ""
            if let previous {
                // Normalised to a 10× step so any series reads the same way.
                let exponent = log(ms / previous.ms) / log(Double(screens) / Double(previous.screens))
                growth = Bench.format(pow(10, exponent), 1) + "x (goal <= 11x)"
            }
            print(
                pad(String(screens), 12) + pad(String((screens + perFile - 1) / perFile), 7)
                    + pad(Bench.format(ProcessSeries.median(validate, \.wallMs), 0), 13) + pad(Bench.format(ms, 0), 9)
                    + pad(Bench.format(ProcessSeries.median(validate, \.maxRSSMiB)), 10)
                    + pad(Bench.format(ProcessSeries.median(scan, \.wallMs), 0), 9)
                    + pad(Bench.format(ProcessSeries.wallRatio(validate, scan), 2) + "x", 15) + growth)
            previous = (screens, ms)
        }
        return 0
    }

    static func oneLine(_ arguments: [String]) -> Int32 {
        guard let series = ProcessSeries.listOption("--series", in: arguments, default: [125, 250, 500, 1_000, 2_000]),
            let runs = Bench.intOption("--runs", in: arguments, default: 3)
        else {
            print("usage: flowc-bench oneline [--series N,N…] [--runs N] [--flowc PATH]")
            return 64
        }
        let flowc = ProcessSeries.flowcPath(arguments)
        let scratch = ProcessSeries.scratchFolder("oneline")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let contenders = series.map { screens in
            let path = ProcessSeries.write(
                [
                    AppGenerator.File(
                        name: "oneline\(screens).yaml", bytes: AppGenerator.oneLineWithErrors(screens: screens))
                ],
                into: scratch)[0]
            return ProcessSeries.Contender(
                label: "oneline \(screens)", arguments: [flowc, "validate", path], expectedStatus: [1])
        }
        guard let samples = ProcessSeries.measure(contenders, runs: runs) else { return 1 }
        print("flowc validate on one flow on one line, every screen with an error; \(runs) interleaved runs, medians")
        print(ProcessSeries.loadLine())
        print("screens  line bytes  validate ms  cpu ms   cpu time × per doubling (goal ~2x)")
        var previous: (screens: Int, ms: Double)?
        for (screens, runs) in zip(series, samples) {
            let ms = ProcessSeries.median(runs, \.cpuMs)
            var growth = ""
            if let previous {
                let exponent = log(ms / previous.ms) / log(Double(screens) / Double(previous.screens))
                growth = Bench.format(pow(2, exponent), 2) + "x"
            }
            print(
                pad(String(screens), 9) + pad(String(AppGenerator.oneLineWithErrors(screens: screens).count), 12)
                    + pad(Bench.format(ProcessSeries.median(runs, \.wallMs), 0), 13) + pad(Bench.format(ms, 0), 9)
                    + growth)
            previous = (screens, ms)
        }
        return 0
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
