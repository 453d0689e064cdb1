import FlowCompiler
import FlowModel
import Testing

/// `ParallelMap` returns each index's result at its index, whatever order the workers finish in.
struct ParallelMapTests {
    @Test func resultsKeepIndexOrder() {
        #expect(ParallelMap.map(count: 1_000) { "file\($0)" } == (0..<1_000).map { "file\($0)" })
    }

    /// Started largest first, the results still come back at their indices (ties and all).
    @Test func largestFirstKeepsIndexOrder() {
        let sizes = [3, 9, 0, 9, 1, 7, 3, 3, 12, 0]
        #expect(
            ParallelMap.map(count: sizes.count, largestFirst: { sizes[$0] }) { "item\($0)" }
                == (0..<sizes.count).map { "item\($0)" })
        #expect(ParallelMap.map(count: 0, largestFirst: { $0 }) { $0 }.isEmpty)
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
        #expect(
            result.diagnostics.map { "\($0.code) \($0.location.file)" }.sorted()
                == (0..<64).map { "FC304 f\($0).yaml" }.sorted())
    }

    /// Files of different sizes (loaded largest first) and an unreadable one are reported in the order named.
    @Test func validationKeepsFileOrderWhateverTheSizes() {
        let sources = (0..<12).map { index in
            let screens = (0...(index * 7 % 12)).map { "s\($0): { on: { next: { push: s\($0 + 1) } } }" }.joined(
                separator: ", ")
            let text = index == 5 ? "flow: [broken\n" : "flow: f\(index)\nstart: s0\nscreens: { \(screens), s99: {} }\n"
            return (path: "f\(index).yaml", bytes: Array(text.utf8))
        }
        let result = FlowValidation.validate(sources: sources)
        #expect(result.files.map(\.path) == (0..<12).map { "f\($0).yaml" })
        #expect(result.flows.map(\.name.value) == (0..<12).filter { $0 != 5 }.map { "f\($0)" })
        #expect(
            result.diagnostics.first { $0.location.file == "f5.yaml" }.map {
                "\($0.code) \($0.location.line):\($0.location.column)"
            }
                == "FC001 1:14")
    }
}
