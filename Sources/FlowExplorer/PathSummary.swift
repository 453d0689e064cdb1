import FlowModel

/// The coverage summary of a ``PathReport``: a line with the counts and the exploration's extent, a line
/// per target reached (with its path's length) and a line per target not reached, with why.
///
/// ```text
/// flow reading, cover screens: 3 of 3 targets reached; exploration complete, 9 states, 73 steps
/// reached: screen reading.library (1 line)
/// ```
package enum PathSummary {
    /// The summary, each line ending in `\n`.
    package static func text(of report: PathReport) -> String {
        let total = report.paths.count + report.unreached.count
        let exploration = report.exploration
        // As `flowc check` words it: a complete exploration that left states out for their repeats says so.
        let extent =
            exploration.bound.map { "exploration bounded by \($0)" }
            ?? "exploration \(exploration.extent(ExplorationBounds()))"
        var lines = [
            "flow \(report.rootFlow), cover \(report.coverage.rawValue): \(report.paths.count) of \(total) targets reached; \(extent), \(MessageText.counted(exploration.states, "state")), \(MessageText.counted(exploration.steps, "step"))"
        ]
        for path in report.paths {
            lines.append("reached: \(path.target) (\(path.script.count) \(path.script.count == 1 ? "line" : "lines"))")
        }
        for target in report.unreached { lines.append("not reached: \(target.target): \(target.reason)") }
        return lines.map { $0 + "\n" }.joined()
    }
}
