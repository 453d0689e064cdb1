import FlowModel
import Foundation
import Testing

@testable import FlowCompiler

/// The JSON Schema for editors (`FlowSchema`, `schema/flow.schema.json`) against the decoder: the same
/// keys and enums, every valid flow file accepted and every schema-level invalid fixture refused, as
/// judged by the maintained PyPI validator `check-jsonschema` (installed by scripts/setup.sh).
///
/// When a format key is added: add it to the schema in Sources/FlowCompiler/EditorSchema/FlowSchema.swift
/// (with a description), then run `FLOWC_UPDATE_GOLDEN=1 swift test --filter FlowSchemaTests` to copy it
/// to schema/flow.schema.json.
@Suite struct FlowSchemaTests {
    static let schemaFile = TestPaths.packageRoot + "/schema/flow.schema.json"

    static var schema: [String: Any] {
        get throws {
            let object = try JSONSerialization.jsonObject(with: Data(FlowSchema.json.utf8))
            return try #require(object as? [String: Any])
        }
    }

    @Test func committedCopyIsTheSchemaFlowcPrints() throws {
        if ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDEN"] == "1" {
            try FlowSchema.json.write(toFile: Self.schemaFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.schemaFile, encoding: .utf8)
        #expect(
            committed == FlowSchema.json,
            "schema/flow.schema.json differs from FlowSchema.json; run FLOWC_UPDATE_GOLDEN=1 swift test --filter FlowSchemaTests"
        )
    }

    // MARK: The decoder's keys and enums

    /// Follows a path of object keys and array indexes (`"definitions", "screen", "oneOf", 1`).
    static func node(_ path: [Any]) throws -> Any {
        var current: Any = try schema
        for step in path {
            if let key = step as? String, let object = current as? [String: Any], let next = object[key] {
                current = next
            } else if let index = step as? Int, let array = current as? [Any], array.indices.contains(index) {
                current = array[index]
            } else {
                Issue.record("the schema has no \(path.map { "\($0)" }.joined(separator: "/"))")
                return [String: Any]()
            }
        }
        return current
    }

    static func propertyNames(_ path: [Any]) throws -> Set<String> {
        Set(((try node(path + ["properties"])) as? [String: Any] ?? [:]).keys)
    }

    static func enumValues(_ path: [Any]) throws -> Set<String> {
        Set((try node(path + ["enum"])) as? [String] ?? [])
    }

    static func keys<Key: SchemaKey>(_ type: Key.Type) -> Set<String> { Set(Key.allCases.map(\.rawValue)) }

    @Test func everyMappingHasTheDecodersKeys() throws {
        let expectations: [(what: String, schema: Set<String>, decoder: Set<String>)] = [
            ("a flow (root properties) vs FlowKeys", try Self.propertyNames([]), Self.keys(FlowKeys.self)),
            (
                "definitions/screen vs ScreenKeys", try Self.propertyNames(["definitions", "screen"]),
                Self.keys(ScreenKeys.self)
            ),
            (
                "definitions/event and definitions/start's 'to' vs ActionKeys",
                try Self.propertyNames(["definitions", "event"]).union(
                    Self.propertyNames(["definitions", "start", "oneOf", 1])),
                Self.keys(ActionKeys.self)
            ),
            (
                "definitions/branch vs ActionKeys without params and to",
                try Self.propertyNames(["definitions", "branch"]),
                Self.keys(ActionKeys.self).subtracting(["params", "to"])
            ),
            (
                "definitions/removal vs RemovalKeys", try Self.propertyNames(["definitions", "removal", "oneOf", 1]),
                Self.keys(RemovalKeys.self)
            ),
            (
                "definitions/child vs ChildKeys", try Self.propertyNames(["definitions", "child"]),
                Self.keys(ChildKeys.self)
            ),
            (
                "definitions/parameter vs ParameterKeys",
                try Self.propertyNames(["definitions", "parameter", "oneOf", 1]), Self.keys(ParameterKeys.self)
            ),
            (
                "definitions/outcome vs OutcomeKeys", try Self.propertyNames(["definitions", "outcome"]),
                Self.keys(OutcomeKeys.self)
            ),
            (
                "definitions/guardedLink vs LinkKeys", try Self.propertyNames(["definitions", "guardedLink"]),
                Self.keys(LinkKeys.self)
            ),
            (
                "guardedLink's otherwise mapping vs LinkOtherwiseKeys",
                try Self.propertyNames(["definitions", "guardedLink", "properties", "otherwise", "oneOf", 1]),
                Self.keys(LinkOtherwiseKeys.self)
            ),
            (
                "linkPolicy's mapping vs LinkPolicyKeys",
                try Self.propertyNames(["properties", "linkPolicy", "oneOf", 1]), Self.keys(LinkPolicyKeys.self)
            ),
        ]
        for (what, schema, decoder) in expectations {
            #expect(
                schema == decoder,
                "\(what): only in the schema \(schema.subtracting(decoder).sorted()), only in the decoder \(decoder.subtracting(schema).sorted())"
            )
        }
    }

    @Test func enumsAreTheModels() throws {
        #expect(try Self.enumValues(["definitions", "parameterType"]) == Set(ParameterType.allCases.map(\.rawValue)))
        #expect(
            try Self.enumValues(["definitions", "removal", "oneOf", 0]) == Set(RemovalPolicy.allCases.map(\.rawValue)))
        #expect(
            try Self.enumValues(["definitions", "removal", "oneOf", 1, "properties", "policy"])
                == Set(RemovalPolicy.allCases.map(\.rawValue)))
        #expect(
            try Self.enumValues(["definitions", "child", "properties", "presentation"])
                == Set(Presentation.allCases.map(\.rawValue)))
        #expect(
            try Self.enumValues(["properties", "linkPolicy", "oneOf", 0])
                == Set(LinkPolicy.allCases.map(\.rawValue)).subtracting([LinkPolicy.redirect.rawValue]))
    }

    @Test func everyPropertyHasADescription() throws {
        var missing: [String] = []
        func visit(_ value: Any, path: String) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    for (key, property) in properties {
                        guard let property = property as? [String: Any] else { continue }
                        let described =
                            property["description"] != nil
                            || (property["$ref"] as? String).map { $0.hasPrefix("#/definitions/") } == true
                        if !described, !path.contains("/if") { missing.append(path + "/properties/" + key) }
                    }
                }
                for (key, child) in object { visit(child, path: path + "/" + key) }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { visit(child, path: path + "/\(index)") }
            }
        }
        visit(try Self.schema, path: "#")
        #expect(missing.sorted() == [])
    }

    // MARK: The validator

    /// Every flow file under Tests/Fixtures/valid, Tests/Fixtures/formats, Tests/Fixtures/versions and Flows,
    /// relative to the package root.
    static var validFiles: [String] {
        ["Tests/Fixtures/valid", "Tests/Fixtures/formats", "Tests/Fixtures/versions", "Flows"].flatMap { folder in
            let full = TestPaths.packageRoot + "/" + folder
            return (FileManager.default.subpaths(atPath: full) ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .map { folder + "/" + $0 }
        }.sorted()
    }

    /// Invalid fixtures the schema cannot refuse although flowc reports a schema diagnostic, and why.
    static let beyondTheSchema: [String: String] = [
        "strict-numbers.yaml":
            "YAML 1.2 (what editors read) takes +1, .5, 1., 0x1F, 1_000 and 1e400 as numbers; only flowc's strict reading rejects them"
    ]

    /// Single-file invalid fixtures whose expected output has a schema diagnostic (FC1xx), less `beyondTheSchema`.
    static var schemaLevelInvalidFixtures: [String] {
        let folder = TestPaths.fixtures + "/invalid"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".yaml"), Self.beyondTheSchema[name] == nil,
                let expected = try? String(
                    contentsOfFile: folder + "/" + name.dropLast(5) + ".expected", encoding: .utf8)
            else { return false }
            return expected.contains(/\[FC1\d\d\]/)
        }.sorted()
    }

    static func checkJSONSchema(_ files: [String]) throws -> ExternalTool.Output {
        try ExternalTool.checkJSONSchema.run(
            ["--schemafile", "schema/flow.schema.json"] + files, in: TestPaths.packageRoot)
    }

    @Test(.enabled(if: ExternalTool.checkJSONSchema.shouldRun, "\(ExternalTool.checkJSONSchema.missingNote)"))
    func schemaIsAValidDraft07Schema() throws {
        let output = try ExternalTool.checkJSONSchema.run(
            ["--check-metaschema", "schema/flow.schema.json"], in: TestPaths.packageRoot)
        #expect(
            output.status == 0,
            "schema/flow.schema.json is not a valid JSON Schema:\n\(output.standardOutput)\(output.standardError)")
    }

    @Test(.enabled(if: ExternalTool.checkJSONSchema.shouldRun, "\(ExternalTool.checkJSONSchema.missingNote)"))
    func everyValidFileAndShippedFlowPasses() throws {
        let files = Self.validFiles
        #expect(files.count >= 20)
        #expect(files.contains("Flows/reading.yaml"))
        let output = try Self.checkJSONSchema(files)
        #expect(
            output.status == 0,
            """
            check-jsonschema refused a flow file flowc accepts; fix schema in Sources/FlowCompiler/EditorSchema/FlowSchema.swift \
            (then FLOWC_UPDATE_GOLDEN=1 swift test --filter FlowSchemaTests). Its report names the file and the path in it:
            \(output.standardOutput)\(output.standardError)
            """)
    }

    @Test(.enabled(if: ExternalTool.checkJSONSchema.shouldRun, "\(ExternalTool.checkJSONSchema.missingNote)"))
    func everySchemaLevelInvalidFixtureFails() throws {
        let files = Self.schemaLevelInvalidFixtures.map { "Tests/Fixtures/invalid/" + $0 }
        let output = try ExternalTool.checkJSONSchema.run(
            ["--output-format", "json", "--schemafile", "schema/flow.schema.json"] + files, in: TestPaths.packageRoot)
        let report = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any] ?? [:]
        let refused = Set(
            (["errors", "parse_errors"].flatMap { report[$0] as? [[String: Any]] ?? [] }).compactMap {
                $0["filename"] as? String
            })
        let accepted = files.filter { !refused.contains($0) }
        #expect(output.status == 1)
        #expect(
            accepted == [],
            """
            check-jsonschema accepted these fixtures, which have a schema diagnostic (FC1xx) in flowc; make the schema \
            refuse them, or list them in FlowSchemaTests.beyondTheSchema with the reason
            """)
    }

    @Test func schemaLevelInvalidFixturesAreFound() {
        #expect(
            Self.schemaLevelInvalidFixtures == [
                "conflicting-actions.yaml", "contradictory-constraints.yaml", "control-characters.yaml",
                "empty-formerly.yaml", "error-through-alias.yaml",
                "invalid-link-pattern.yaml", "invalid-name.yaml", "invalid-value.yaml", "link-pattern-characters.yaml",
                "misplaced-key.yaml", "missing-key.yaml", "missing-space-after-colon.yaml", "string-constraints.yaml",
                "then-without-if.yaml",
                "unknown-key-instead-of-action.yaml", "unknown-key.yaml", "wrong-node-kind.yaml",
            ])
    }
}
