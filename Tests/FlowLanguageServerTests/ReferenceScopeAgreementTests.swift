import FlowCompiler
import FlowDefinitions
import Foundation
import Testing

@testable import FlowLanguageServer

/// Go-to-definition and rename at every `$name` of every fixture and of the shipped flows agree with
/// validation's resolution (``ReferenceScope``, through ``ReferenceResolver``).
@Suite struct ReferenceScopeAgreementTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Each fixture (a file, or a folder read together) and the shipped flows, as name → text.
    static func fixtureSets() throws -> [(name: String, files: [String: String])] {
        let manager = FileManager.default
        func yamlFiles(in folder: String) -> [String] {
            (manager.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        }
        // A file that is not UTF-8 (a fixture of the encoding rules) is left out: its set has no references.
        func read(_ folder: String, _ names: [String]) throws -> [String: String] {
            var files: [String: String] = [:]
            for name in names {
                let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
                files[name] = String(data: data, encoding: .utf8)
            }
            return files
        }
        var sets = [(name: "Flows", files: try read(root + "/Flows", yamlFiles(in: root + "/Flows")))]
        for group in ["valid", "invalid", "explorer", "lsp", "versions", "formats"] {
            let folder = root + "/Tests/Fixtures/" + group
            for entry in (try manager.contentsOfDirectory(atPath: folder)).sorted() {
                var isDirectory: ObjCBool = false
                _ = manager.fileExists(atPath: folder + "/" + entry, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    let names = yamlFiles(in: folder + "/" + entry)
                    if !names.isEmpty { sets.append((group + "/" + entry, try read(folder + "/" + entry, names))) }
                } else if entry.hasSuffix(".yaml") {
                    sets.append((group + "/" + entry, try read(folder, [entry])))
                }
            }
        }
        return sets
    }

    /// `range` of `text` as "line:character-line:character" (UTF-16 characters, as the server counts).
    static func describe(_ range: Range<Int>, in bytes: [UInt8]) -> String {
        func position(_ offset: Int) -> String {
            let lineStart = (bytes[..<offset].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
            let line = bytes[..<offset].count { $0 == 0x0A }
            return "\(line):\(String(decoding: bytes[lineStart..<offset], as: UTF8.self).utf16.count)"
        }
        return "\(position(range.lowerBound))-\(position(range.upperBound))"
    }

    @Test func definitionAndRenameAtEveryReferenceFollowValidation() throws {
        var checked = 0
        for set in try Self.fixtureSets() {
            let sources = set.files.keys.sorted().map { (path: $0, bytes: Array(set.files[$0]!.utf8)) }
            let result = FlowValidation.validate(sources: sources)
            let references = ReferenceResolver(flows: result.flows).validatedReferences()
            guard !references.isEmpty else { continue }
            let client = try TestClient(files: set.files)
            for name in set.files.keys.sorted() { try client.open(name) }
            let texts = set.files.mapValues { Array($0.utf8) }
            for (reference, declaration) in references {
                let file = reference.location.file
                guard let bytes = texts[file], reference.location.copiedFrom == nil,
                    let range = NameRange.find(reference.value, near: reference.location.offset, in: bytes)
                else { continue }
                let at = Self.describe(range, in: bytes)
                let line = Int(at.prefix { $0 != ":" })!
                let character = Int(at.split(separator: ":")[1].prefix { $0 != "-" })!
                let expected: [String] =
                    declaration.flatMap { parameter in
                        let declared = parameter.name.location
                        guard let declaredBytes = texts[declared.file],
                            let declaredRange = NameRange.find(
                                parameter.name.value, near: declared.offset, in: declaredBytes)
                        else { return nil }
                        return ["\(declared.file) \(Self.describe(declaredRange, in: declaredBytes))"]
                    } ?? []
                let definitions =
                    (client.request("textDocument/definition", client.at(file, line, character)).array ?? []).map(
                        client.describe)
                #expect(
                    definitions == expected, "\(set.name): definition of $\(reference.value) at \(file) \(at)")
                checked += 1
                guard let declared = expected.first else { continue }
                var params = client.at(file, line, character)
                if case .object(var members) = params {
                    members["newName"] = "renamedByTest"
                    params = .object(members)
                }
                let answer = client.requestMessage("textDocument/rename", params)
                var edits: Set<String> = []
                for (uri, list) in answer["result"]["changes"].object ?? [:] {
                    for edit in list.array ?? [] {
                        edits.insert(client.describe(location: ["uri": .string(uri), "range": edit["range"]]))
                    }
                }
                #expect(
                    edits.contains(declared) && edits.contains("\(file) \(at)"),
                    "\(set.name): rename of $\(reference.value) at \(file) \(at): \(answer)")
            }
        }
        #expect(checked > 100)
    }
}

extension ReferenceScopeAgreementTests {
    /// Completion after `$` offers what validation would resolve there: in a child's outcome handler the
    /// outcome's parameters, then those the screens that start the child share, then the flow's.
    @Test func completionInAHandlerOffersTheHandlersScope() throws {
        let files = [
            "orders.yaml": """
            flow: orders
            params: { region: string }
            start: list
            screens:
              list:
                params: { orderId: int }
                on:
                  go: { start: returns, with: { orderId: $orderId } }
              done:
                params: { orderId: int }
            children:
              returns:
                flow: returns
                on:
                  submitted: { push: done, with: { orderId: $ } }
            """,
            "returns.yaml": """
            flow: returns
            params: { orderId: int }
            outcomes:
              submitted:
                params: { ticket: string }
            start: items
            screens:
              items:
                on:
                  submit: { finish: submitted, with: { ticket: "t" } }
            """,
        ]
        let client = try TestClient(files: files)
        try client.open("orders.yaml")
        func items(_ line: Int, _ character: Int) -> [String] {
            (client.request("textDocument/completion", client.at("orders.yaml", line, character))["items"].array ?? [])
                .map { "\($0["label"].string ?? "") \($0["detail"].string ?? "")" }
        }
        #expect(
            items(14, 49) == [
                "ticket string (outcome submitted of returns)", "orderId int (screen list)",
                "region string (flow orders)",
            ])
        #expect(items(7, 46) == ["orderId int (screen list)", "region string (flow orders)"])
    }
}
