import FlowYAML
import Foundation
import Testing

/// The hostile example files in Tests/Fixtures (invalid/ and valid/) load, or fail, exactly as documented;
/// the golden tests of FlowCompilerTests check the diagnostics flowc prints for the same files.
@Suite("yaml-hazards fixtures")
struct FixtureTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func load(_ name: String) throws -> Result<YAMLNode, YAMLError> {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        do {
            return .success(try YAMLLoader.load([UInt8](data)))
        } catch {
            return .failure(error)
        }
    }

    func failure(_ name: String) throws -> YAMLError {
        guard case .failure(let error) = try load(name) else {
            Issue.record("\(name) loaded but should fail")
            throw CancellationError()
        }
        return error
    }

    @Test func duplicateKey() throws {
        let error = try failure("invalid/duplicate-key.yaml")
        #expect(error.kind == .duplicateKey)
        #expect(
            error.description
                == "10:1: error: duplicate key 'screens' in mapping; each key may appear once\n3:1: note: previous definition of 'screens' is here"
        )
        #expect(error.mark == mark(10, 1, 106))
        #expect(error.notes.map(\.mark) == [mark(3, 1, 25)])
    }

    @Test func aliasBomb() throws {
        let error = try failure("invalid/alias-bomb.yaml")
        #expect(error.kind == .aliasLimit)
        #expect(
            error.description
                == "8:45: error: document expands to more than 1000000 nodes through aliases; use fewer aliases or split the file"
        )
        #expect(error.mark == mark(8, 45, 361))
    }

    @Test func deepNesting() throws {
        let error = try failure("invalid/deep-nesting.yaml")
        #expect(error.kind == .depthLimit)
        #expect(error.description == "2:72: error: nesting is deeper than 64 levels; flatten the structure")
        #expect(error.mark == mark(2, 72, 84))
    }

    @Test func tabs() throws {
        let error = try failure("invalid/tabs.yaml")
        #expect(error.kind == .syntax)
        #expect(
            error.description
                == "4:1: error: found a tab character where indentation or a value was expected; YAML forbids tabs for indentation, use spaces"
        )
        #expect(error.mark == mark(4, 1, 30))
    }

    @Test func bomAndCRLFFilesLoadLikeThePlainOne() throws {
        let bom = try load("valid/bom.yaml").get()
        let crlf = try load("valid/crlf.yaml").get()
        let expected = "{flow: sample, start: home, screens: {home: {on: {next: {push: done}}}, done: {}}}"
        #expect(shape(bom) == expected)
        #expect(shape(crlf) == expected)
        #expect(bom.start == mark(1, 1, 3))
        #expect(bom.value(forKey: "screens")?.value(forKey: "done")?.start == mark(7, 9, 88))
        #expect(crlf.value(forKey: "screens")?.value(forKey: "done")?.start == mark(7, 9, 91))
    }

    @Test func invalidUTF8() throws {
        let error = try failure("invalid/invalid-utf8.yaml")
        #expect(error.kind == .invalidEncoding)
        #expect(
            error.description == "3:11: error: invalid UTF-8 sequence starting with byte 0xE9; save the file as UTF-8")
        #expect(error.mark == mark(3, 11, 35))
    }

    @Test func twoDocuments() throws {
        let error = try failure("invalid/two-documents.yaml")
        #expect(error.kind == .multipleDocuments)
        #expect(
            error.description
                == "3:1: error: file contains a second YAML document; put each flow in its own file, or remove the '---' line"
        )
        #expect(error.mark == mark(3, 1, 24))
    }

    @Test func emptyAndCommentsOnly() throws {
        for name in ["invalid/empty.yaml", "invalid/comments-only.yaml"] {
            let error = try failure(name)
            #expect(error.kind == .emptyDocument)
            #expect(
                error.description
                    == "1:1: error: file contains no YAML document; add content, such as a top-level mapping")
            #expect(error.mark == mark(1, 1, 0))
        }
    }

    @Test func customTag() throws {
        let error = try failure("invalid/custom-tag.yaml")
        #expect(error.kind == .unsupportedTag)
        #expect(
            error.description
                == "2:8: error: unsupported tag '!screen'; remove it (only !!str, !!int, !!float, !!bool, !!null, !!seq and !!map are allowed, and values stay strings)"
        )
        #expect(error.mark == mark(2, 8, 20))
    }

    @Test func unknownAlias() throws {
        let error = try failure("invalid/unknown-alias.yaml")
        #expect(error.kind == .unknownAnchor)
        #expect(
            error.description
                == "6:13: error: unknown anchor 'details'; define it with '&details' before using '*details'")
        #expect(error.mark == mark(6, 13, 62))
    }

    @Test func onNoNamesStayStrings() throws {
        let root = try load("valid/yaml11-words.yaml").get()
        #expect(
            shape(root)
                == "{flow: sample, start: home, outcomes: [confirm, cancel], screens: {home: {on: {yes: {finish: confirm}, no: {finish: cancel}}, params: {on: {type: string, default: yes}, no: {type: string, default: no}, off: {type: string, default: n}, version: {type: string, default: 0123}}}}}"
        )
    }
}
