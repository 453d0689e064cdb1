/// A ``TargetPath`` as a `flowc run` script: a header comment naming the target and the host answers
/// the path assumes, then the path's lines (docs/RUNNING.md, "Test paths: flowc paths").
package enum PathScript {
    /// The script text, each line ending in `\n`.
    package static func text(of path: TargetPath, rootFlow: String, coverage: PathCoverage) -> String {
        var lines = [
            "# flowc paths --flow \(rootFlow) --cover \(coverage.rawValue): \(path.target)",
            "# The shortest script the explorer found (\(path.script.count) \(path.script.count == 1 ? "line" : "lines")); run it with 'flowc run PATH… --flow \(rootFlow) --script FILE'.",
        ]
        for condition in path.conditions {
            let origin = condition.setByScript ? "set by the script" : "the default; the script does not set it"
            lines.append("# assumes: condition \(condition.name) \(condition.value) (\(origin))")
        }
        for check in path.checks {
            lines.append(
                "# assumes: check \(check.name) \(check.value) true (the explorer's host answers every check true)")
        }
        return (lines + path.script).map { $0 + "\n" }.joined()
    }

    /// The file name of the script of `report.paths[index]`: its number (from 1, zero-padded to the
    /// count's width, at least 2 digits), the target's kind and names, and `.flowscript`:
    /// `02-screen-reading.details.flowscript`, `01-link-books_bookID_int_.flowscript`.
    package static func fileName(of index: Int, in report: PathReport) -> String {
        let width = max(2, String(report.paths.count).count)
        let number = String(index + 1)
        let padded = String(repeating: "0", count: max(0, width - number.count)) + number
        let name = String(report.paths[index].target.description.drop { $0 == "/" })
        let safe = String(
            name.replacingOccurrences(of: " /", with: "-").replacingOccurrences(of: " ", with: "-").map {
                $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_"
            })
        return "\(padded)-\(safe).flowscript"
    }
}
