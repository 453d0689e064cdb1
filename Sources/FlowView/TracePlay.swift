import FlowDefinitions
import Foundation

extension FlowViewPage.Play {
    /// Why a trace cannot be played: `FILE:LINE: …`.
    public struct Problem: Error, Equatable {
        public var text: String
    }

    /// The `flowc run` trace at `path` (JSON lines; blank lines skipped): each line must be a JSON object,
    /// and, given `flows`, name only flows among them and screens they declare.
    public static func trace(at path: String, flows: [FlowDefinition]? = nil) -> Result<Self, Problem> {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(text: "cannot read trace '\(path)'"))
        }
        return trace(String(decoding: bytes, as: UTF8.self), named: path, flows: flows)
    }

    /// The trace `text` (named `name` in the title and errors). Given `flows` (the flows on the page), a
    /// line whose `path`, `instances` or `tabs` names a flow not among them, or whose `path` names a
    /// screen that flow does not declare, is refused with its line number: the trace was made with other
    /// flows, and played on these it would mark nothing.
    public static func trace(_ text: String, named name: String, flows: [FlowDefinition]? = nil) -> Result<
        Self, Problem
    > {
        var screensByFlow: [String: Set<String>]?
        if let flows {
            var known: [String: Set<String>] = [:]
            for flow in flows { known[flow.name.value, default: []].formUnion(flow.screens.map(\.name.value)) }
            screensByFlow = known
        }
        var steps: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                return .failure(
                    Problem(
                        text:
                            "\(name):\(number + 1): not a trace line (a JSON object, as 'flowc run' prints); write the trace with 'flowc run … > FILE.jsonl'"
                    ))
            }
            if let screensByFlow, let unknown = Self.unknownName(in: object, screensByFlow: screensByFlow) {
                return .failure(
                    Problem(
                        text:
                            "\(name):\(number + 1): the trace names \(unknown), which the flows viewed do not declare; it was made with other flows: view the flows it was run on"
                    ))
            }
            steps.append(trimmed)
        }
        guard !steps.isEmpty else { return .failure(Problem(text: "\(name): the trace has no lines")) }
        return .success(Self(title: "trace " + name, steps: steps))
    }

    /// The first flow or screen of a trace line that `screensByFlow` lacks: `flow 'x'` or `screen 'y' of flow 'x'`.
    /// The instance tree is walked with a work list (no recursion to the trace's depth).
    static func unknownName(in line: [String: Any], screensByFlow: [String: Set<String>]) -> String? {
        for route in line["path"] as? [[String: Any]] ?? [] {
            guard let flow = route["flow"] as? String else { continue }
            guard let screens = screensByFlow[flow] else { return "flow '\(flow)' (on the path)" }
            if let screen = route["screen"] as? String, !screens.contains(screen) {
                return "screen '\(screen)' of flow '\(flow)' (on the path)"
            }
        }
        var pending: [Any] = [line["instances"] as Any]
        while let next = pending.popLast() {
            guard let instance = next as? [String: Any] else { continue }
            if let flow = instance["flow"] as? String, screensByFlow[flow] == nil {
                return "flow '\(flow)' (an instance)"
            }
            pending += (instance["children"] as? [Any] ?? []).reversed()
        }
        for tabs in line["tabs"] as? [[String: Any]] ?? [] {
            if let flow = tabs["flow"] as? String, screensByFlow[flow] == nil { return "flow '\(flow)' (a tab set)" }
        }
        return nil
    }
}
