import FlowExplorer
import FlowTestSupport
import Foundation
import Testing

/// docs/ARCHITECTURE.md stays true to the tree: it names every folder under Sources/, every file it
/// names exists, what it calls `package` is declared `package`, and its guarantee list is the explorer's.
/// It does not list every file (rules, emitters and renderers are named by their folder's idea); what it
/// names must be there.
struct ArchitectureDocTests {
    static let root = Fixtures.flowsFolder + "/.."

    static func document() throws -> String {
        try String(contentsOfFile: root + "/docs/ARCHITECTURE.md", encoding: .utf8)
    }

    /// Every file under `folder` of the repository, as paths relative to the repository.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + folder + "/" + path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found.append(folder + "/" + path)
            }
        }
        return found.sorted()
    }

    /// Whether `name` stands in `text` as a whole word (not inside a longer name), followed by `after`.
    static func names(_ text: String, _ name: String, followedBy after: String = "") -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name + after) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let next = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let wordBefore = before.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "+" } ?? false
            let wordAfter = after.isEmpty && (next.map { $0.isLetter || $0.isNumber } ?? false)
            if !wordBefore, !wordAfter { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    @Test func everyFolderUnderSourcesIsNamed() throws {
        let document = try Self.document()
        var missing: [String] = []
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Sources").sorted()
        for module in modules {
            if !Self.names(document, module) { missing.append(module) }
            let inside = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Sources/" + module).sorted()
            for folder in inside {
                var isFolder: ObjCBool = false
                guard
                    FileManager.default.fileExists(
                        atPath: Self.root + "/Sources/\(module)/\(folder)", isDirectory: &isFolder), isFolder.boolValue
                else { continue }
                if !Self.names(document, folder, followedBy: "/") { missing.append("\(module)/\(folder)/") }
            }
        }
        #expect(missing == [])
    }

    @Test func everySwiftFileTheDocumentNamesExists() throws {
        let document = try Self.document()
        let tree = Self.files(under: "Sources") + Self.files(under: "Tests") + ["Package.swift"]
        let named = try NSRegularExpression(pattern: #"[A-Za-z0-9_+/*]+\.swift\b"#)
            .matches(in: document, range: NSRange(document.startIndex..., in: document))
            .compactMap { Range($0.range, in: document).map { String(document[$0]) } }
        #expect(named.count >= 10)
        // A glob (`Reading*PathTests.swift`) names a kind of file, not one.
        let missing = Set(
            named.filter { name in
                !name.contains("*") && !tree.contains { $0 == name || $0.hasSuffix("/" + name) }
            })
        #expect(missing.sorted() == [])
    }

    @Test func whatTheDocumentCallsPackageIsDeclaredPackage() throws {
        let document = try Self.document()
        // "FlowStack, `package`", "NameSuggestion (`package`: …)".
        let claims = try NSRegularExpression(pattern: #"\b([A-Z][A-Za-z0-9]+)(?:,| \() ?`package`"#)
            .matches(in: document, range: NSRange(document.startIndex..., in: document))
            .compactMap { Range($0.range(at: 1), in: document).map { String(document[$0]) } }
        #expect(Set(claims).isSuperset(of: ["FlowStack", "NameSuggestion", "OutOfLine"]))
        // Top-level declaration lines of Sources/.
        let kinds = [" struct ", " enum ", " final class ", " class ", " protocol "]
        let topLevel = Self.files(under: "Sources").filter { $0.hasSuffix(".swift") }.flatMap { path in
            ((try? String(contentsOfFile: Self.root + "/" + path, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { line in !line.hasPrefix(" ") && kinds.contains { line.contains($0) } }
        }
        for name in Set(claims).sorted() {
            let declarations = topLevel.filter { line in
                kinds.contains { kind in
                    line.contains(kind + name + ":") || line.contains(kind + name + " ")
                        || line.contains(kind + name + "<")
                }
            }
            #expect(!declarations.isEmpty, "\(name) is not declared in Sources/")
            for line in declarations {
                #expect(line.hasPrefix("package "), "\(name): \(line)")
            }
        }
    }

    @Test func theGuaranteeListIsTheExplorers() throws {
        let document = try Self.document().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Codes in runs: FC801–FC806, FC812–FC814.
        var runs: [[Int]] = []
        for value in Guarantee.allCases.map(\.rawValue) {
            if let last = runs.last?.last, last + 1 == value {
                runs[runs.count - 1].append(value)
            } else {
                runs.append([value])
            }
        }
        let codes = runs.flatMap { run -> [String] in
            run.count > 2 ? ["FC\(800 + run[0])–FC\(800 + run[run.count - 1])"] : run.map { "FC\(800 + $0)" }
        }
        let list = "guarantees 1–\(Guarantee.allCases.count): " + codes.joined(separator: ", ")
        #expect(list == "guarantees 1–9: FC801–FC806, FC812–FC814")
        #expect(document.contains(list))
    }
}
