import FlowModel
import FlowRuntime
import Testing

/// A chain of child flows deeper than Foundation's JSON encoder nests still gives a trace line
/// with the step's status and path, and says why `instances` is missing.
@MainActor
struct DeepChainTraceTests {
    static let depth = 300

    @Test func deepInstanceTreeLeavesOutInstancesWithAReason() throws {
        let sources = (0..<Self.depth).map { index -> String in
            var text = "flow: f\(index)\nstart: s\noutcomes: [done]\nscreens:\n  s:\n    on:\n      done: { finish: done }\n"
            if index + 1 < Self.depth {
                text += "      go: { start: c }\nchildren:\n  c: { flow: f\(index + 1), on: { done: stay } }\n"
            }
            return text
        }
        let runner = try FlowScriptRunner(bundle: try Fixtures.bundle(sources), flow: "f0")
        let script = (["start"] + Array(repeating: "event go", count: Self.depth - 1)).joined(separator: "\n")
        let lines = runner.run(script: script).map(FlowScriptRunner.json)
        #expect(lines.count == Self.depth)
        let last = try #require(lines.last)
        #expect(last.contains(#""status":"applied""#))
        #expect(last.contains(#""reason":"the instance tree is nested too deeply to write as JSON; 'instances' is left out""#))
        #expect(last.contains(#""flow":"f299","instance":300,"screen":"s","token":300"#))
        #expect(!lines[10].contains("nested too deeply"))
        #expect(lines[10].contains(#""instances":{"#))
    }
}
