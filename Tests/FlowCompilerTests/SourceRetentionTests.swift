import FlowDefinitions
import Foundation
import Testing

@testable import FlowCompiler

/// `SourceRetention.diagnosed`: a validation keeps the bytes of the files its diagnostics point into, and
/// only those, and prints the same text as one that keeps every file's.
@Suite struct SourceRetentionTests {
    /// `schema.yaml` has a decoding error, `child.yaml` a cross-file rule's finding (it starts a flow no
    /// file defines), `clean.yaml` (a child of `child`) nothing.
    static let files = [
        ("schema.yaml", "flow: schema\nstart: a\nscreens:\n  a:\n    colour: red\n"),
        (
            "child.yaml",
            "flow: child\nstart: a\nscreens:\n  a:\n    on: { go: { start: helper }, tidy: { start: clean } }\nchildren:\n  helper: { flow: missing }\n  clean: { flow: clean }\n"
        ),
        ("clean.yaml", "flow: clean\nstart: a\nscreens:\n  a: {}\n"),
    ]

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowc-retention-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func keepsTheBytesOfDiagnosedFilesOnly() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try FlowValidation.validate(paths: [folder.path])
        let diagnosed = try FlowValidation.validate(paths: [folder.path], keeping: .diagnosed)
        #expect(all.diagnostics == diagnosed.diagnostics)
        let pointedInto = Set(diagnosed.diagnostics.map(\.location.file))
        #expect(pointedInto.count == 2)
        for file in diagnosed.files {
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            let expected = pointedInto.contains(file.path) ? Array(Self.files.first { $0.0 == name }!.1.utf8) : []
            #expect(file.bytes == expected, "\(name)")
        }
        #expect(all.files.allSatisfy { !$0.bytes.isEmpty })
        let renderer = TextDiagnosticRenderer()
        #expect(
            renderer.render(diagnosed.diagnostics, sources: diagnosed.sourcesByPath)
                == renderer.render(all.diagnostics, sources: all.sourcesByPath))
    }

    @Test func aFileChangedSinceItWasReadGetsNoSnippet() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("clean.yaml").path
        let result = try FlowValidation.validate(paths: [path], keeping: .diagnosed)
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.bytes) == [[]])
        let finding = Diagnostic(
            .warning, code: "FC000", "a later finding",
            at: FlowDefinitions.SourceLocation(file: path, line: 1, column: 1, offset: 0))
        let unchanged = FlowValidation.restoringSources(of: result.files, for: [finding], limits: .default)
        #expect(unchanged.map(\.bytes) == [Array(Self.files[2].1.utf8)])
        try "flow: clean\nstart: b\nscreens:\n  b: {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let changed = FlowValidation.restoringSources(of: result.files, for: [finding], limits: .default)
        #expect(changed.map(\.bytes) == [[]])
    }

    /// A FIFO can be read only once: its bytes are kept even when its finding comes from a cross-file rule,
    /// after decoding (reading it again would block for a writer that never comes).
    @Test func aFileThatCannotBeReadAgainKeepsItsBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("piped.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(!InputFile.isRegularFile(fifo))
        #expect(InputFile.isRegularFile(folder.appendingPathComponent("clean.yaml").path))
        #expect(!InputFile.isRegularFile("-"))
        let text = Self.files[1].1
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        let result = try FlowValidation.validate(
            paths: [fifo, folder.appendingPathComponent("clean.yaml").path], keeping: .diagnosed)
        #expect(result.diagnostics.map(\.location.file) == [fifo])
        #expect(result.files.first { $0.path == fifo }?.bytes == Array(text.utf8))
        #expect(result.files.first { $0.path != fifo }?.bytes == [])
    }
}
