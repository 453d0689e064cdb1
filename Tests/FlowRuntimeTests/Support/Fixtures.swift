import FlowCompiler
import FlowModel
import FlowRuntime
import Foundation

/// The shipped flows, validated and lowered once.
enum Fixtures {
    /// The repository's `Flows/` folder, found from this file.
    static let flowsFolder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Flows").path
    }()

    /// `Flows/*.yaml` lowered into a bundle, or why that failed (validated and lowered once).
    private static let shippedResult: Result<FlowBundle, FixtureError> = {
        do {
            let result = try FlowValidation.validate(paths: [flowsFolder])
            if result.hasErrors {
                return .failure(FixtureError(message: TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath)))
            }
            return .success(try GraphLowering.lower(result.flows))
        } catch {
            return .failure(FixtureError(message: "\(error)"))
        }
    }()

    /// `Flows/*.yaml` lowered into a bundle.
    /// - Throws: ``FixtureError`` with the diagnostics when the shipped flows do not validate.
    static func shipped() throws -> FlowBundle { try shippedResult.get() }

    /// The shipped flows' names (the ones without parameters can be a root flow on their own).
    static let rootFlowNames = ["app", "auth", "createPost", "main", "notesApp", "onboarding", "posts", "reading"]

    /// Validates and lowers inline flows. `ignoring` lists rule codes whose errors are let through, to
    /// build bundles the validator would refuse and prove the runtime still refuses what they try.
    static func bundle(_ sources: [String], ignoring codes: Set<String> = []) throws -> FlowBundle {
        let result = FlowValidation.validate(sources: sources.enumerated().map { ("inline\($0.offset).yaml", Array($0.element.utf8)) })
        let errors = result.diagnostics.filter { $0.severity == .error && !codes.contains($0.code) }
        if !errors.isEmpty { throw FixtureError(message: TextDiagnosticRenderer().render(errors, sources: result.sourcesByPath)) }
        return try GraphLowering.lower(result.flows)
    }

    /// A photo picker that finishes `picked`: a flow for tests to present in a sheet.
    static let pickerFlow = """
        flow: picker
        start: photos
        outcomes: [picked]
        screens:
          photos: { on: { pick: { finish: picked } } }
        """

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A host whose answers tests set: conditions default to false, checks to true.
@MainActor
final class TestHost {
    var conditions: [String: Bool] = [:]
    /// Check answers by check name and value text (`["bookExists": ["8": false]]`).
    var checks: [String: [String: Bool]] = [:]
    private(set) var asked: [String] = []

    var host: FlowHost {
        FlowHost(
            condition: { [weak self] name in
                self?.asked.append(name)
                return self?.conditions[name] ?? false
            },
            check: { [weak self] name, value in self?.checks[name]?[value.description] ?? true })
    }
}

extension FlowCoordinator {
    /// `flow.screen(args)` for every route, bottom to top.
    var screens: [String] { path.map(\.description) }
    /// The flows of the live instances, root first, walking the owned children.
    var instanceFlows: [String] {
        var names: [String] = []
        var current = root
        while let instance = current {
            names.append(instance.flow)
            current = instance.children.values.first
        }
        return names
    }
    var top: Route { path[path.count - 1] }
}
