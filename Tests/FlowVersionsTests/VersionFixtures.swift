import FlowCompiler
import FlowModel
import Foundation

/// The two versions of the test app in `Tests/Fixtures/versions/{old,new}`, validated and lowered.
enum VersionFixtures {
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures/versions").path
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The version in `Tests/Fixtures/versions/NAME` (`old` or `new`) as a bundle.
    static func bundle(_ name: String) throws -> FlowBundle {
        let result = try FlowValidation.validate(paths: [folder + "/" + name])
        guard !result.hasErrors else {
            throw Failure(
                description: TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath))
        }
        return try GraphLowering.lower(result.flows)
    }
}
