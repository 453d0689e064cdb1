import FlowModel
import Testing

@testable import FlowCompiler

/// Runs every rule's examples: each `↓` in a triggering example must get a diagnostic of that
/// rule at exactly that line and column, and nowhere else; non-triggering examples must get none.
@Suite struct RuleExampleTests {
    /// Rules whose trigger cannot be written inline (more bytes than the size limit, invalid UTF-8);
    /// their golden fixtures under Tests/Fixtures/invalid cover them.
    /// FC095 is about the configuration file, not a flow file: FlowConfigurationTests cover it.
    static let coveredByFixtures: Set<String> = [
        FileTooLarge.description.code, InvalidEncoding.description.code, InvalidConfiguration.description.code,
    ]

    /// The codes of `flowc check` and `flowc diff` are found by exploring and comparing, not by validating
    /// an example: FlowExplorerTests (`Tests/Fixtures/explorer`) and FlowVersionsTests make each fire.
    static let validatedRules = RuleRegistry.all.filter(\.reporter.isValidation)

    @Test(arguments: validatedRules)
    func triggeringExamples(rule: RuleDescription) {
        if !Self.coveredByFixtures.contains(rule.code) {
            #expect(!rule.triggeringExamples.isEmpty, "rule \(rule.code) has no triggering example")
        }
        for example in rule.triggeringExamples {
            let parsed = RuleExample(example)
            #expect(!parsed.markers.isEmpty, "a triggering example of \(rule.code) has no ↓ marker")
            let found = parsed.validate().diagnostics.filter { $0.code == rule.code }
                .map { RuleExample.Marker(file: $0.location.file, line: $0.location.line, column: $0.location.column) }
            #expect(found.sorted() == parsed.markers.sorted(), "\(rule.code) example:\n\(example)")
        }
    }

    @Test(arguments: validatedRules)
    func nonTriggeringExamples(rule: RuleDescription) {
        #expect(!rule.nonTriggeringExamples.isEmpty, "rule \(rule.code) has no non-triggering example")
        for example in rule.nonTriggeringExamples {
            let found = RuleExample(example).validate().diagnostics.filter { $0.code == rule.code }
            #expect(found.isEmpty, "\(rule.code) fired on its non-triggering example: \(found.map(\.message))")
        }
    }

    @Test func codesAndIdentifiersAreUnique() {
        let rules = RuleRegistry.all
        #expect(Set(rules.map(\.code)).count == rules.count)
        #expect(Set(rules.map(\.identifier)).count == rules.count)
        #expect(rules.allSatisfy { $0.code.count == 5 && $0.code.hasPrefix("FC") })
    }

    @Test func markerParsing() {
        let example = RuleExample(
            """
            ---- a.yaml ----
            flow: ↓x
            ---- b.yaml ----
            a: 1
              ↓b↓c
            """)
        #expect(example.files.map(\.path) == ["a.yaml", "b.yaml"])
        #expect(example.files.map { String(decoding: $0.bytes, as: UTF8.self) } == ["flow: x\n", "a: 1\n  bc\n"])
        #expect(
            example.markers == [
                .init(file: "a.yaml", line: 1, column: 7), .init(file: "b.yaml", line: 2, column: 3),
                .init(file: "b.yaml", line: 2, column: 4),
            ])
    }
}

/// A rule example split into files, with its `↓` markers removed and recorded.
struct RuleExample {
    struct Marker: Hashable, Comparable, CustomStringConvertible {
        let file: String, line: Int, column: Int

        static func < (lhs: Marker, rhs: Marker) -> Bool {
            (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
        }

        var description: String { "\(file):\(line):\(column)" }
    }

    private(set) var files: [(path: String, bytes: [UInt8])] = []
    private(set) var markers: [Marker] = []

    init(_ text: String) {
        var path = "example.yaml"
        var lines: [String] = []
        func flush() {
            guard !lines.isEmpty || files.isEmpty && path != "example.yaml" else { return }
            files.append((path, Array((lines.map { $0 + "\n" }.joined()).utf8)))
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("---- "), line.hasSuffix(" ----") {
                flush()
                path = String(line.dropFirst(5).dropLast(5))
                continue
            }
            var clean = String.UnicodeScalarView()
            for scalar in line.unicodeScalars {
                if scalar == "↓" {
                    markers.append(Marker(file: path, line: lines.count + 1, column: clean.count + 1))
                } else {
                    clean.append(scalar)
                }
            }
            lines.append(String(clean))
        }
        flush()
    }

    func validate() -> ValidationResult {
        FlowValidation.validate(sources: files)
    }
}

extension RuleDescription: CustomTestStringConvertible {
    public var testDescription: String { code }
}

/// "Did you mean" suggestions.
@Suite struct NameSuggestionTests {
    @Test func suggestsTheNearestNameWithinTheDistanceLimit() {
        #expect(NameSuggestion.closest(to: "detials", among: ["library", "details", "edit"]) == "details")
        #expect(NameSuggestion.closest(to: "Details", among: ["details"]) == "details")
        #expect(NameSuggestion.closest(to: "hom", among: ["home", "homes"]) == "home")
        #expect(NameSuggestion.closest(to: "abc", among: ["xyz"]) == nil)
        #expect(NameSuggestion.closest(to: "integer", among: ["int", "string", "bool", "double"]) == nil)
    }

    @Test func looksAtABoundedNumberOfCandidates() {
        let filler = (0..<NameSuggestion.candidateLimit).map { "zzzzzz\($0)" }
        #expect(NameSuggestion.closest(to: "details", among: filler + ["details1"]) == nil)
        #expect(NameSuggestion.closest(to: "details", among: ["details1"] + filler) == "details1")
    }
}
