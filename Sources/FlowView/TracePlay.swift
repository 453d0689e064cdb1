import Foundation

extension FlowViewPage.Play {
    /// Why a trace cannot be played: `FILE:LINE: …`.
    public struct Problem: Error, Equatable {
        public var text: String
    }

    /// The `flowc run` trace at `path` (JSON lines; blank lines skipped): each line must be a JSON object.
    public static func trace(at path: String) -> Result<Self, Problem> {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(text: "cannot read trace '\(path)'"))
        }
        return trace(String(decoding: bytes, as: UTF8.self), named: path)
    }

    /// The trace `text` (named `name` in the title and errors).
    public static func trace(_ text: String, named name: String) -> Result<Self, Problem> {
        var steps: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            guard (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) is [String: Any] else {
                return .failure(
                    Problem(
                        text:
                            "\(name):\(number + 1): not a trace line (a JSON object, as 'flowc run' prints); write the trace with 'flowc run … > FILE.jsonl'"
                    ))
            }
            steps.append(trimmed)
        }
        guard !steps.isEmpty else { return .failure(Problem(text: "\(name): the trace has no lines")) }
        return .success(Self(title: "trace " + name, steps: steps))
    }
}
