import Foundation
import Testing

@testable import FlowCompiler

/// `RuleRegistry` lists every rule: each type under Sources/FlowCompiler/Rules/ declared as conforming to
/// `DiagnosticRule` or `FlowRule` is in it, and it lists nothing else. A rule left out would be
/// neither checked (flow rules) nor shown by `flowc rules` and `flowc explain`.
struct RuleRegistryCompletenessTests {
    /// The names of the types declared (or extended) as conforming to `DiagnosticRule` or `FlowRule`
    /// in the `.swift` files under Sources/FlowCompiler/Rules/.
    static func declaredRuleTypes() throws -> [String] {
        let folder = TestPaths.packageRoot + "/Sources/FlowCompiler/Rules"
        let files = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let declaration = try Regex(#"\b(?:struct|enum|class|actor|extension)\s+(\w+)\s*:\s*([^{]*)\{"#)
        var names: [String] = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            // Comments can name the protocols too; only declarations count.
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { (line: Substring) -> String in
                    String(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line)
                }
                .joined(separator: "\n")
            for match in code.matches(of: declaration) {
                guard let name = match.output[1].substring, let inherited = match.output[2].substring else { continue }
                let conformances = inherited.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
                if conformances.contains("DiagnosticRule") || conformances.contains("FlowRule") {
                    names.append(String(name))
                }
            }
        }
        return names
    }

    /// The rule types `RuleRegistry` lists, by name.
    static var registeredRuleTypes: [String] {
        RuleRegistry.readingRules.map { String(describing: $0) } + RuleRegistry.flowRules.map { String(describing: $0) }
            + RuleRegistry.settingRules.map { String(describing: $0) }
            + RuleRegistry.checkRules.map { String(describing: $0) }
            + RuleRegistry.diffRules.map { String(describing: $0) }
    }

    @Test func registryListsExactlyTheDeclaredRules() throws {
        let declared = try Self.declaredRuleTypes()
        let registered = Self.registeredRuleTypes
        #expect(!declared.isEmpty, "no rule types found under Sources/FlowCompiler/Rules/")
        let unregistered = Set(declared).subtracting(registered).sorted()
        let undeclared = Set(registered).subtracting(declared).sorted()
        #expect(unregistered.isEmpty, "rule types missing from RuleRegistry: \(unregistered.joined(separator: ", "))")
        #expect(
            undeclared.isEmpty,
            "RuleRegistry lists types not declared as rules under Rules/: \(undeclared.joined(separator: ", "))")
    }

    @Test func registryListsEachRuleOnce() {
        let registered = Self.registeredRuleTypes
        let repeated = Dictionary(grouping: registered, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "RuleRegistry lists these more than once: \(repeated.joined(separator: ", "))")
    }
}
