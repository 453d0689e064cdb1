import Foundation

/// Child-process contenders timed interleaved (A B C, A B C, …) after one warm-up round, with the
/// helpers the end-to-end benchmarks share: the `flowc` binary next to `flowc-bench`, scratch
/// folders, and writing generated files.
enum ProcessSeries {
    /// One command to time, and the exit statuses that count as a correct run.
    struct Contender {
        var label: String
        var arguments: [String]
        var expectedStatus: Set<Int32> = [0]
    }

    /// `runs` measures per contender, in contender order; nil (after printing why) when a run could
    /// not start or exited with an unexpected status.
    static func measure(_ contenders: [Contender], runs: Int) -> [[ChildProcess.Measure]]? {
        var samples = Array(repeating: [ChildProcess.Measure](), count: contenders.count)
        for round in 0...max(runs, 1) {
            for (index, contender) in contenders.enumerated() {
                guard let measure = ChildProcess.run(contender.arguments) else {
                    print("cannot start \(contender.arguments[0])")
                    return nil
                }
                guard contender.expectedStatus.contains(measure.status) else {
                    print(
                        "\(contender.label): exit status \(measure.status) (expected \(contender.expectedStatus.sorted())): "
                            + contender.arguments.joined(separator: " "))
                    return nil
                }
                if round > 0 { samples[index].append(measure) }
            }
        }
        return samples
    }

    /// The machine's load averages (`/proc/loadavg`), printed with every figure: wall times on a busy
    /// machine stretch, CPU times much less.
    static func loadLine() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return "machine: \(cores) cores, load average \(text.split(separator: " ").prefix(3).joined(separator: " "))"
    }

    /// Median of `key` over `samples`.
    static func median(_ samples: [ChildProcess.Measure], _ key: (ChildProcess.Measure) -> Double) -> Double {
        Bench.median(samples.map(key))
    }

    /// Median over rounds of the per-round ratio `numerator / denominator` (wall time): robust to drift.
    static func wallRatio(_ numerator: [ChildProcess.Measure], _ denominator: [ChildProcess.Measure]) -> Double {
        Bench.median(zip(numerator, denominator).map { $0.wallMs / $1.wallMs })
    }

    /// The `flowc` binary: `--flowc PATH`, or the one built next to this `flowc-bench`.
    static func flowcPath(_ arguments: [String]) -> String {
        if let index = arguments.firstIndex(of: "--flowc"), index + 1 < arguments.count { return arguments[index + 1] }
        return (selfPath() as NSString).deletingLastPathComponent + "/flowc"
    }

    /// The running `flowc-bench` binary.
    static func selfPath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// A fresh scratch folder under the system's temporary folder.
    static func scratchFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "flowc-bench-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `files` into `folder` (created); returns their paths.
    @discardableResult
    static func write(_ files: [AppGenerator.File], into folder: String) -> [String] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return files.map { file in
            let path = folder + "/" + file.name
            _ = FileManager.default.createFile(atPath: path, contents: Data(file.bytes))
            return path
        }
    }

    /// Size of the file at `path` in bytes (0 when missing).
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Value of `--name TEXT`, nil when absent.
    static func stringOption(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// Value of `--name N,N…` (positive integers), `fallback` when absent, nil when malformed.
    static func listOption(_ name: String, in arguments: [String], default fallback: [Int]) -> [Int]? {
        guard let index = arguments.firstIndex(of: name) else { return fallback }
        guard index + 1 < arguments.count else { return nil }
        let values = arguments[index + 1].split(separator: ",").map { Int($0) ?? 0 }
        return values.isEmpty || values.contains { $0 <= 0 } ? nil : values
    }
}
