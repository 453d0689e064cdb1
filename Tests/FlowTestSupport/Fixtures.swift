import FlowCompiler
import FlowModel
import FlowRuntime
import Foundation

/// The shipped flows, validated and lowered once.
public enum Fixtures {
    /// The repository's `Flows/` folder, found from this file.
    public static let flowsFolder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Flows").path
    }()

    /// `Flows/*.yaml` lowered into a bundle, or why that failed (validated and lowered once).
    private static let shippedResult: Result<FlowBundle, FixtureError> = {
        do {
            let result = try FlowValidation.validate(paths: [flowsFolder])
            if result.hasErrors {
                return .failure(
                    FixtureError(
                        message: TextDiagnosticRenderer().render(result.diagnostics, sources: result.sourcesByPath)))
            }
            return .success(try GraphLowering.lower(result.flows))
        } catch {
            return .failure(FixtureError(message: "\(error)"))
        }
    }()

    /// `Flows/*.yaml` lowered into a bundle.
    /// - Throws: ``FixtureError`` with the diagnostics when the shipped flows do not validate.
    public static func shipped() throws -> FlowBundle { try shippedResult.get() }

    /// The shipped flows' names (the ones without parameters can be a root flow on their own).
    public static let rootFlowNames = [
        "app", "auth", "createPost", "main", "notesApp", "onboarding", "posts", "reading",
    ]

    /// Validates and lowers inline flows. `ignoring` lists rule codes whose errors are let through, to
    /// build bundles the validator would refuse and prove the runtime still refuses what they try.
    public static func bundle(_ sources: [String], ignoring codes: Set<String> = []) throws -> FlowBundle {
        let result = FlowValidation.validate(
            sources: sources.enumerated().map { ("inline\($0.offset).yaml", Array($0.element.utf8)) })
        let errors = result.diagnostics.filter { $0.severity == .error && !codes.contains($0.code) }
        if !errors.isEmpty {
            throw FixtureError(message: TextDiagnosticRenderer().render(errors, sources: result.sourcesByPath))
        }
        return try GraphLowering.lower(result.flows)
    }

    /// A photo picker that finishes `picked`: a flow for tests to present in a sheet.
    public static let pickerFlow = """
        flow: picker
        start: photos
        outcomes: [picked]
        screens:
          photos: { on: { pick: { finish: picked } } }
        """

    public static let linkPolicyFlows = [
        """
        flow: shell
        start: home
        linkFallback: notFound
        screens:
          home:
            on:
              gate: { start: gate }
              wizard: { start: wizard }
              closed: { start: closed }
              open: { push: item, with: { id: 1 } }
              lost: { push: notFound }
          item:
            params: { id: { type: int, min: 1 } }
          notFound: {}
        children:
          gate: { flow: gate, on: { done: stay } }
          wizard: { flow: wizard, on: { done: stay } }
          closed: { flow: closed, on: { done: stay } }
        links:
          "/items/{id:int}": [home, { item: { id: $id } }]
        """,
        """
        flow: gate
        start: signIn
        outcomes: [done]
        linkPolicy: { redirect: signIn }
        screens:
          signIn:
            on:
              more: { push: help }
              ok: { finish: done }
          help:
            on:
              back: { pop: 1 }
        """,
        """
        flow: wizard
        start: step
        outcomes: [done]
        linkPolicy: queue
        screens:
          step:
            on:
              ok: { finish: done }
        """,
        """
        flow: closed
        start: only
        outcomes: [done]
        linkPolicy: reject
        screens:
          only:
            on:
              ok: { finish: done }
        """,
    ]

    public struct FixtureError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// A host whose answers tests set: conditions default to false, checks to true.
@MainActor
public final class TestHost {
    public init() {}
    public var conditions: [String: Bool] = [:]
    /// Check answers by check name and value text (`["bookExists": ["8": false]]`).
    public var checks: [String: [String: Bool]] = [:]
    public private(set) var asked: [String] = []

    public var host: FlowHost {
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
    public var screens: [String] { path.map(\.description) }
    /// The flows of the live instances, root first, walking the owned children.
    public var instanceFlows: [String] {
        var names: [String] = []
        var current = root
        while let instance = current {
            names.append(instance.flow)
            current = instance.children.values.first
        }
        return names
    }
    public var top: Route { path[path.count - 1] }
}
