#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// Small helpers shared by the benchmarks.
enum Bench {
    /// Duration of one run of `body`, in milliseconds.
    static func milliseconds(_ body: () -> Void) -> Double {
        let duration = ContinuousClock().measure(body)
        return Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// Times several contenders interleaved (A B C, A B C, …) after one warm-up
    /// round, so that machine noise hits all of them alike. `after` runs after
    /// each timed call, outside the measured time. Returns one sample list per contender.
    static func interleaved(runs: Int, _ contenders: [(body: () -> Void, after: () -> Void)]) -> [[Double]] {
        for contender in contenders {
            contender.body()
            contender.after()
        }
        var samples = Array(repeating: [Double](), count: contenders.count)
        for _ in 0..<max(runs, 1) {
            for (index, contender) in contenders.enumerated() {
                samples[index].append(milliseconds(contender.body))
                contender.after()
            }
        }
        return samples
    }

    /// The median of `values` (upper median for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Value of `--name N` in `arguments`, `fallback` when absent, nil when malformed.
    static func intOption(_ name: String, in arguments: [String], default fallback: Int) -> Int? {
        guard let index = arguments.firstIndex(of: name) else { return fallback }
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else { return nil }
        return value
    }

    /// `value` with `digits` decimals.
    static func format(_ value: Double, _ digits: Int = 1) -> String {
        guard digits > 0 else { return value.isFinite ? String(Int(value.rounded())) : String(value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            text += String(repeating: "0", count: max(0, digits - decimals))
        }
        return text
    }
}
