import FlowCodegen
import FlowCompiler
import FlowDefinitions
import FlowModel
import Foundation

/// Validates in-memory or package flow files and generates Swift for them, as `flowc generate swift` does.
enum Generation {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let goldenFolder = packageRoot + "/Tests/Fixtures/generated"

    /// The `*.yaml` files of a package folder, with paths relative to the package root, sorted.
    static func sources(_ folder: String) throws -> [(path: String, bytes: [UInt8])] {
        let full = packageRoot + "/" + folder
        let names = (FileManager.default.subpaths(atPath: full) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map {
            (folder + "/" + $0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: full + "/" + $0))))
        }
    }

    /// The validated definitions and their bundle; fails the test with the diagnostics when there are errors.
    static func compile(_ sources: [(path: String, bytes: [UInt8])]) throws -> (FlowBundle, [FlowDefinition]) {
        let result = FlowValidation.validate(sources: sources)
        guard !result.hasErrors else {
            throw Failure(TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath))
        }
        return (try GraphLowering.lower(result.flows), result.flows)
    }

    static func generate(_ sources: [(path: String, bytes: [UInt8])], namespace: String = "Flows") throws -> String {
        let (bundle, flows) = try compile(sources)
        return try SwiftGenerator.generate(
            bundle, definitions: flows, options: SwiftGenerationOptions(namespace: namespace))
    }

    /// One flow file in memory.
    static func file(_ path: String, _ text: String) -> (path: String, bytes: [UInt8]) { (path, Array(text.utf8)) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
