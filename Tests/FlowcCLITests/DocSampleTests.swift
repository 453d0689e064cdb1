import Foundation
import Testing

/// The command samples of README.md and docs/*.md cannot drift: each block marked
/// `<!-- flowc-sample -->` (a ```text fence whose first line is `$ swift run flowc ARGS…`), or
/// `<!-- flowc-sample: ARGS… -->` (a fence of any language holding only the output, such as Mermaid that
/// GitHub draws), must hold exactly what that command prints now (standard error, then standard output). After a change to the
/// flows or the output, `scripts/update-doc-samples.sh` rewrites the marked blocks from the live output
/// (`FLOWC_UPDATE_DOC_SAMPLES=1`). Facts stated in prose (the format version) are held to their source.
@Suite struct DocSampleTests {
    static let marker = "<!-- flowc-sample -->"

    /// README.md and every docs/*.md, as paths relative to the package root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: FlowcProcess.packageRoot + "/docs")
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    struct Sample {
        let document: String
        /// The lines of the block (between the fences), the command first.
        let lines: Range<Int>
        let arguments: [String]
        /// Whether the block's first line is the command (`$ swift run flowc …`), else all output.
        let showsCommand: Bool
    }

    static func samples(in document: String, lines: [Substring]) -> [Sample] {
        var found: [Sample] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            if line.hasPrefix("<!-- flowc-sample: "), line.hasSuffix(" -->"), index + 1 < lines.count,
                lines[index + 1].hasPrefix("```")
            {
                let arguments = line.dropFirst("<!-- flowc-sample: ".count).dropLast(" -->".count)
                var end = index + 2
                while end < lines.count, lines[end] != "```" { end += 1 }
                found.append(
                    Sample(
                        document: document, lines: index + 2..<end,
                        arguments: arguments.split(separator: " ").map(String.init), showsCommand: false))
                continue
            }
            guard line == marker, index + 2 < lines.count, lines[index + 1] == "```text" else { continue }
            let first = index + 2
            var end = first
            while end < lines.count, lines[end] != "```" { end += 1 }
            let command = lines[first]
            guard
                let arguments = ["$ swift run flowc ", "$ flowc "].lazy.compactMap({ prefix in
                    command.hasPrefix(prefix)
                        ? command.dropFirst(prefix.count).split(separator: " ").map(String.init) : nil
                }).first
            else { continue }
            found.append(Sample(document: document, lines: first..<end, arguments: arguments, showsCommand: true))
        }
        return found
    }

    @Test func everyMarkedSampleIsWhatTheCommandPrintsNow() throws {
        let update = ProcessInfo.processInfo.environment["FLOWC_UPDATE_DOC_SAMPLES"] == "1"
        var count = 0
        for document in try Self.documents() {
            let path = FlowcProcess.packageRoot + "/" + document
            let text = try String(contentsOfFile: path, encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var changed = false
            // From the last, so that a rewritten block does not move the ones before it.
            for sample in Self.samples(in: document, lines: lines).reversed() {
                count += 1
                let output = try FlowcProcess.run(sample.arguments)
                var printed = (output.standardError + output.standardOutput).split(
                    separator: "\n", omittingEmptySubsequences: false)
                if printed.last == "" { printed.removeLast() }
                let outputLines = sample.showsCommand ? sample.lines.dropFirst() : sample.lines[...]
                let written = Array(lines[outputLines])
                if update, written != printed {
                    lines.replaceSubrange(outputLines, with: printed)
                    changed = true
                }
                #expect(
                    update || written == printed,
                    "\(document): the sample of 'flowc \(sample.arguments.joined(separator: " "))' is not what it prints now; run scripts/update-doc-samples.sh\n\(printed.joined(separator: "\n"))"
                )
            }
            if changed { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) }
        }
        #expect(count >= 2)
    }

    /// The format version README and EDITORS.md state is FORMAT.md's.
    @Test func theStatedFormatVersionIsFormatMDs() throws {
        func read(_ name: String) throws -> String {
            try String(contentsOfFile: FlowcProcess.packageRoot + "/" + name, encoding: .utf8)
        }
        let format = try read("docs/FORMAT.md")
        let version = try #require(
            format.firstMatch(of: /^# The flow format, version ([0-9.]+)/.anchorsMatchLineEndings())?.1)
        let readme = try #require(try read("README.md").firstMatch(of: /the flow format, version ([0-9.]+)/)?.1)
        let editors = try #require(try read("docs/EDITORS.md").firstMatch(of: /It covers format ([0-9.]+)/)?.1)
        #expect(readme == version)
        #expect(editors == version)
    }
}
