import FlowCompiler
import FlowModel
import Testing

/// `ParallelMap` returns each index's result at its index, whatever order the workers finish in.
struct ParallelMapTests {
    @Test func resultsKeepIndexOrder() {
        #expect(ParallelMap.map(count: 1_000) { "file\($0)" } == (0..<1_000).map { "file\($0)" })
    }

    @Test func noIterationsGiveAnEmptyArray() {
        #expect(ParallelMap.map(count: 0) { $0 }.isEmpty)
    }

    /// The validator loads files in parallel and reports them in the order they were named.
    @Test func validationKeepsFileOrder() {
        let sources = (0..<64).map { index in
            (path: "f\(index).yaml", bytes: Array("flow: f\(index)\nstart: s\nscreens: { s: {} }\n".utf8))
        }
        let result = FlowValidation.validate(sources: sources)
        #expect(result.files.map(\.path) == (0..<64).map { "f\($0).yaml" })
        #expect(result.flows.map(\.name.value) == (0..<64).map { "f\($0)" })
        // Each flow is started by no other (FC304): one warning per file, none lost or doubled.
        #expect(result.diagnostics.map { "\($0.code) \($0.location.file)" }.sorted() == (0..<64).map { "FC304 f\($0).yaml" }.sorted())
    }
}
