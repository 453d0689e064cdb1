import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// docs/RUNNING.md's table of trace-line keys ("Trace lines") lists exactly the keys a trace line writes
/// (issue 32: the table lacked `droppedTabs`).
struct TraceTableTests {
    /// The keys in the first column of the table under "### Trace lines".
    static func documentedKeys() throws -> [String] {
        let running = try String(contentsOfFile: Fixtures.flowsFolder + "/../docs/RUNNING.md", encoding: .utf8)
        let section = try #require(running.components(separatedBy: "### Trace lines").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| Key |") } ?? ""
        return table.split(separator: "\n").dropFirst(2).compactMap { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: true)
            guard let first = cells.first else { return nil }
            return first.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
    }

    @MainActor
    @Test func theTraceTableListsEveryKeyATraceLineWrites() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let line = try #require(runner.run(line: "start"))
        // Every stored property is a key of the line's JSON (no coding keys rename them).
        let written = Mirror(reflecting: line).children.compactMap(\.label).sorted()
        #expect(written.contains("droppedTabs"))
        #expect(written.contains("removed"))
        let documented = try Self.documentedKeys().sorted()
        let undocumented = Set(written).subtracting(documented).sorted()
        let unwritten = Set(documented).subtracting(written).sorted()
        #expect(documented == written, "not in the table: \(undocumented); not written: \(unwritten)")
    }
}
