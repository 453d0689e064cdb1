import FlowCompiler
import FlowModel
import Foundation
import Testing

/// docs/FORMAT.md says "Every example below is valid": each example that is a whole flow file (a YAML
/// block with a top-level `flow:`) validates without errors of its own, beside the shipped flows (in place
/// of the one of the same name) so that the flows it runs as children resolve.
@Suite struct FormatDocumentationTests {
    static func flowExamples() throws -> [String] {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/docs/FORMAT.md", encoding: .utf8)
        return text.matches(of: /```yaml\n((?:.|\n)*?)```/).map { String($0.output.1) }
            .filter { $0.split(separator: "\n").contains { $0.hasPrefix("flow: ") } }
    }

    @Test func everyWholeFlowExampleValidates() throws {
        let examples = try Self.flowExamples()
        #expect(examples.count >= 4)
        for (number, example) in examples.enumerated() {
            let name = try #require(example.firstMatch(of: /(?m)^flow: (\w+)/)?.output.1)
            let shipped = try TestPaths.shippedFlows().filter { source in
                String(decoding: source.bytes, as: UTF8.self).split(separator: "\n").allSatisfy {
                    $0.firstMatch(of: /^flow: (\w+)/)?.output.1 != name
                }
            }
            let path = "FORMAT.md example \(number + 1) (flow \(name)).yaml"
            let result = FlowValidation.validate(sources: shipped + [(path, Array(example.utf8))])
            // Only the example's own errors: a shipped flow may use the replaced flow differently.
            let errors = result.diagnostics.filter { $0.severity == .error && $0.location.file == path }
                .map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message) [\($0.code)]" }
            #expect(errors == [], "docs/FORMAT.md: the example of flow '\(name)' does not validate")
        }
    }
}
