import FlowCompiler
import FlowModel

/// The checks of fuzz target (a), shared by the libFuzzer entry point (Fuzz/CompilerFuzz.swift, built by
/// scripts/fuzz.sh) and `FuzzRegressionTests`, which replays the inputs in Tests/Fixtures/fuzz/compiler.
///
/// The input is one or more flow files separated by NUL bytes, validated as one set (so references
/// across files are exercised): loader → decoder → every rule → lowering → bundle round trip → every
/// renderer. Uses only public API.
enum CompilerFuzzHarness {
    /// Runs `bytes` through the whole compiler and returns what went wrong: a diagnostic outside the
    /// files or before line 1 column 1, valid flows that fail to lower, or a bundle that does not
    /// survive a round trip. A crash inside is reported by the caller's process.
    static func problems(_ bytes: [UInt8]) -> [String] {
        var sources: [(path: String, bytes: [UInt8])] = []
        for (index, part) in bytes.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false).enumerated() {
            sources.append(("f\(index).yaml", Array(part)))
        }
        let result = FlowValidation.validate(sources: sources)
        var problems: [String] = []
        let paths = Set(sources.map(\.path))
        for diagnostic in result.diagnostics {
            for location in [diagnostic.location] + diagnostic.notes.map(\.location) {
                if !paths.contains(location.file) {
                    problems.append("\(diagnostic.code) in unknown file \(location.file)")
                }
                if location.line < 1 || location.column < 1 || location.offset < 0 {
                    problems.append(
                        "\(diagnostic.code) at \(location.line):\(location.column) offset \(location.offset)")
                }
            }
        }
        _ = TextDiagnosticRenderer(colored: true).render(result.diagnostics, sources: result.sourcesByPath)
        _ = TextDiagnosticRenderer(colored: false).render(result.diagnostics, sources: result.sourcesByPath)
        _ = JSONDiagnosticRenderer.render(result.diagnostics)
        _ = SARIFDiagnosticRenderer.render(result.diagnostics, version: "fuzz")
        _ = GitHubDiagnosticRenderer.render(result.diagnostics)
        _ = ValidationSummary.text(for: result)
        guard !result.hasErrors else { return problems }
        let bundle: FlowBundle
        do {
            bundle = try GraphLowering.lower(result.flows)
        } catch {
            return problems + ["valid flows failed to lower: \(error)"]
        }
        let encoded = BundleCodec.encode(bundle)
        do {
            let decoded = try BundleCodec.decode(encoded)
            if decoded != bundle { problems.append("the bundle changed in a round trip") }
            if BundleCodec.encode(decoded) != encoded { problems.append("encoding the bundle is not deterministic") }
        } catch {
            problems.append("a compiled bundle failed to decode: \(error)")
        }
        return problems
    }
}
