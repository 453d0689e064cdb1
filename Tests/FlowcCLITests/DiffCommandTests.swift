import Foundation
import Testing

/// `flowc diff` on the test app in two versions (Tests/Fixtures/versions/{old,new}): the exact report in
/// every format (golden files beside the fixture; `FLOWC_UPDATE_GOLDEN=1 swift test` rewrites them), exit
/// codes, acknowledged breaks, and `--baseline git:REF`. The findings are diagnostics, printed as `flowc
/// validate` prints them: text on standard error with the summary on standard output, the others on
/// standard output.
@Suite struct DiffCommandTests {
    static let fixtures = "Tests/Fixtures/versions"

    @Test(arguments: ["text", "json", "sarif", "github", "gitlab"])
    func theReportInEachFormatIsTheGoldenOne(format: String) throws {
        let output = try FlowcProcess.run([
            "diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new", "--format", format,
        ])
        #expect(output.status == 1)
        let report: String
        if format == "text" {
            #expect(output.standardOutput == "2 kept, 2 renamed, 2 narrowed, 2 broken\n")
            report = output.standardError
        } else {
            #expect(output.standardError == "")
            report = output.standardOutput
        }
        let golden = FlowcProcess.packageRoot + "/\(Self.fixtures)/diff.\(format).expected"
        if ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDEN"] == "1" {
            try report.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        #expect(report == (try String(contentsOfFile: golden, encoding: .utf8)))
    }

    @Test func acceptedBreaksInTheConfigurationExitZero() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        acceptedBreaks: ["app[home, settings]", "/settings"]
        """.write(to: folder.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let root = FlowcProcess.packageRoot + "/" + Self.fixtures
        let output = try FlowcProcess.run(["diff", root + "/old", root + "/new"], in: folder.path)
        #expect(output.status == 0)
        #expect(output.standardOutput.hasSuffix("2 kept, 2 renamed, 2 narrowed, 2 broken (2 accepted in .flowc.yml)\n"))
        let strict = try FlowcProcess.run(["diff", root + "/old", root + "/new", "--strict"], in: folder.path)
        #expect(strict.status == 1)
    }

    /// A link witness is written as `flowc check` and `flowc paths` write theirs (`ArgumentWitness.segment`,
    /// generated link builders' encoder): a `values` entry holding `/ ? # %`, `-`, `.` and `é` is
    /// percent-encoded except RFC 3986's unreserved characters, so `-` and `.` stay as they are (before:
    /// `%2D`, `%2E`, from Foundation's `.alphanumerics`, which also left a non-ASCII letter unencoded).
    @Test func aLinkWitnessIsPercentEncodedAsCheckWritesIt() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = """
            flow: notes
            start: list
            screens:
              list:
                on:
                  open: { push: note, with: { title: "a/b?c#d%e-f.é" } }
              note:
                params: { title: { type: string, values: ["a/b?c#d%e-f.é"] } }
            links:
              "/notes/{title}": [list, { note: { title: $title } }]

            """
        let renamed = notes.replacingOccurrences(of: "\"/notes/", with: "\"/note/")
        for (version, text) in [("old", notes), ("new", renamed)] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(version), withIntermediateDirectories: true)
            try text.write(
                to: folder.appendingPathComponent("\(version)/notes.yaml"), atomically: true, encoding: .utf8)
        }
        let output = try FlowcProcess.run(["diff", "old", "new"], in: folder.path)
        #expect(output.status == 1)
        #expect(output.standardOutput == "2 kept, 0 renamed, 0 narrowed, 1 broken\n")
        let url = "/notes/a%2Fb%3Fc%23d%25e-f.%C3%A9"
        #expect(
            output.standardError == """
                new/notes.yaml:1:7: error: link /notes/{title} of root flow 'notes' breaks: the new version does not open \(url): no deep link matches '\(url)' [FC903]
                new/notes.yaml:1:7: note: reproduce on the new flows with: printf '%s\\n' 'start' 'open \(url)' | flowc run 'new' --flow 'notes'

                """)
    }

    @Test func aVersionAgainstItselfKeepsEverything() throws {
        let output = try FlowcProcess.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/old"])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasSuffix("8 kept, 0 renamed, 0 narrowed, 0 broken\n"))
    }

    /// Runs `git arguments…` in `folder` (with a committer identity), expecting success.
    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// A new git repository whose `Flows` is the old version, committed, and then the new one, uncommitted
    /// (the caller removes it).
    static func repositoryWithOldVersionCommitted() throws -> URL {
        let folder = try FlowcProcess.temporaryFolder()
        let flows = folder.appendingPathComponent("Flows")
        let root = FlowcProcess.packageRoot + "/" + fixtures
        func copy(_ version: String) throws {
            try? FileManager.default.removeItem(at: flows)
            try FileManager.default.copyItem(atPath: root + "/" + version, toPath: flows.path)
        }
        try copy("old")
        try git(["init", "-q"], in: folder)
        try git(["add", "Flows"], in: folder)
        try git(["commit", "-q", "-m", "old"], in: folder)
        try copy("new")
        return folder
    }

    @Test func theBaselineIsAGitRevision() throws {
        let folder = try Self.repositoryWithOldVersionCommitted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try FlowcProcess.run(["diff", "Flows", "--baseline", "git:HEAD"], in: folder.path)
        #expect(output.status == 1)
        #expect(output.standardOutput.hasSuffix("2 kept, 2 renamed, 2 narrowed, 2 broken\n"))
        #expect(output.standardError.hasPrefix("Flows/app.yaml:3:7: error: saved state app[home, settings]"))
        #expect(output.standardError.contains("\nFlows/app.yaml:3:7: note: saved state app[home, article]"))
        let unknown = try FlowcProcess.run(["diff", "Flows", "--baseline", "git:nosuchrevision"], in: folder.path)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("flowc: error: 'git -C "))
    }

    /// The configuration's globs apply to the revision's flows as to the working tree's: a draft that is no
    /// flow, committed and excluded, is read in neither version.
    @Test func theBaselineIsReadWithTheConfigurationsGlobs() throws {
        let folder = try Self.repositoryWithOldVersionCommitted()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "flow: [not valid\n".write(
            to: folder.appendingPathComponent("Flows/draft.yaml"), atomically: true, encoding: .utf8)
        try Self.git(["add", "Flows/draft.yaml"], in: folder)
        try Self.git(["commit", "-q", "-m", "draft"], in: folder)
        try "exclude: [\"Flows/draft.yaml\"]\nacceptedBreaks: [\"app[home, settings]\", \"/settings\"]\n".write(
            to: folder.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["diff", "Flows", "--baseline", "git:HEAD"], in: folder.path)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasSuffix("2 kept, 2 renamed, 2 narrowed, 2 broken (2 accepted in .flowc.yml)\n"))
    }

    /// Compiled bundles compare as their flows do; a finding is located at line 1 of the new bundle.
    @Test func bundlesCompareAsTheirFlows() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in ["old", "new"] {
            let compiled = try FlowcProcess.run([
                "compile", "\(Self.fixtures)/\(version)", "-o", folder.path + "/\(version).bundle",
            ])
            #expect(compiled.status == 0, "\(compiled.standardError)")
        }
        let output = try FlowcProcess.run(["diff", folder.path + "/old.bundle", folder.path + "/new.bundle"])
        #expect(output.status == 1)
        #expect(output.standardOutput.hasSuffix("2 kept, 2 renamed, 2 narrowed, 2 broken\n"))
        #expect(
            output.standardError.contains(
                "\n\(folder.path)/new.bundle:1:1: note: saved state app[home, article] of root flow 'app' is renamed"))
        let mixed = try FlowcProcess.run(["diff", folder.path + "/old.bundle", "\(Self.fixtures)/new"])
        #expect(mixed.standardOutput.hasSuffix("2 kept, 2 renamed, 2 narrowed, 2 broken\n"))
    }

    @Test func oldFlowsWithErrorsAreReportedAsTheOldOnes() throws {
        let output = try FlowcProcess.run([
            "diff", "Tests/Fixtures/invalid/unknown-target.yaml", "\(Self.fixtures)/new",
        ])
        #expect(output.status == 1)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError.hasPrefix(
                "flowc: reading the old flows (Tests/Fixtures/invalid/unknown-target.yaml):\n"))
        #expect(output.standardError.hasSuffix("flowc: error: the flows have errors; fix them first\n"))
    }

    @Test func usageErrors() throws {
        let one = try FlowcProcess.run(["diff", "\(Self.fixtures)/old"])
        #expect(one.status == 2)
        #expect(one.standardError.hasPrefix("flowc: error: name the old and the new flows"))
        let format = try FlowcProcess.run(["diff", "a", "b", "--format", "xml"])
        #expect(format.status == 2)
        let expected = "flowc: error: unknown format 'xml'; expected text, json, sarif, github or gitlab\n"
        #expect(format.standardError == expected)
        let baseline = try FlowcProcess.run(["diff", "Flows", "--baseline", "HEAD"])
        #expect(baseline.status == 2)
        #expect(
            baseline.standardError == "flowc: error: --baseline takes git:REF (such as git:origin/main), not 'HEAD'\n")
    }

    /// Renaming one screen (`formerly`) of the reading app: the renamed saved states are one finding (one
    /// cause: one rename, listed once) with a count and a note naming the others; what is kept is the summary
    /// line unless `--verbose`; `--quiet` prints only breaks. The whole output fits on a screen.
    @Test func aOneScreenRenameIsOneFindingThatFitsOnAScreen() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for version in ["old", "new"] {
            try manager.createDirectory(at: folder.appendingPathComponent(version), withIntermediateDirectories: true)
            for name in ["reading", "edit"] {
                var text = try String(
                    contentsOfFile: FlowcProcess.packageRoot + "/Flows/\(name).yaml", encoding: .utf8)
                if version == "new", name == "reading" {
                    text = text.replacingOccurrences(of: "  details:\n", with: "  book:\n    formerly: [details]\n")
                        .replacingOccurrences(of: "push: details", with: "push: book")
                        .replacingOccurrences(of: "{ details: {", with: "{ book: {")
                }
                try text.write(
                    to: folder.appendingPathComponent("\(version)/\(name).yaml"), atomically: true, encoding: .utf8)
            }
        }
        let output = try FlowcProcess.run(["diff", "old", "new"], in: folder.path)
        #expect(output.status == 0, "\(output.standardError)")
        let lines = output.standardError.split(separator: "\n")
        #expect(lines.count <= 6, "\(output.standardError)")
        #expect(lines.filter { $0.hasSuffix("[FC905]") }.count == 1, "\(output.standardError)")
        #expect(
            lines.first?.hasPrefix(
                "new/reading.yaml:2:7: note: saved state reading[library, details] and ") == true,
            "\(output.standardError)")
        #expect(
            lines.first?.hasSuffix(
                " of root flow 'reading' are renamed: screen 'details' → 'book' in flow 'reading' [FC905]") == true,
            "\(output.standardError)")
        #expect(output.standardError.components(separatedBy: "'details' → 'book'").count == 2)
        #expect(lines.contains { $0.contains("note: the other saved states of this cause: ") })
        #expect(!output.standardError.contains("[FC906]"))
        #expect(output.standardOutput.hasSuffix(" broken\n"))
        let verbose = try FlowcProcess.run(["diff", "old", "new", "--verbose"], in: folder.path)
        #expect(verbose.standardError.contains("[FC906]"))
        let quiet = try FlowcProcess.run(["diff", "old", "new", "--quiet"], in: folder.path)
        #expect(quiet.status == 0)
        #expect(quiet.standardError == "")
        #expect(quiet.standardOutput == "")
    }

    /// Each finding's reproduction runs on the new flows as printed, under the new name of a renamed root
    /// flow: the break's last step is refused with the reason the finding gives.
    @Test func aReproductionRunsOnTheNewFlows() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = FlowcProcess.packageRoot + "/" + Self.fixtures
        try FileManager.default.copyItem(atPath: root + "/new", toPath: folder.path + "/new")
        let app = folder.appendingPathComponent("new/app.yaml")
        try String(contentsOf: app, encoding: .utf8)
            .replacingOccurrences(of: "\nflow: app\n", with: "\nflow: main\nformerly: [app]\n")
            .write(to: app, atomically: true, encoding: .utf8)
        let output = try FlowcProcess.run(["diff", root + "/old", "new"], in: folder.path)
        #expect(output.status == 1, "\(output.standardError)")
        let lines = output.standardError.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasSuffix("[FC903]") })
        let note = lines[index + 1]
        let marker = "note: reproduce on the new flows with: "
        let command = String(try #require(note.range(of: marker).map { note[$0.upperBound...] }))
        #expect(command == "printf '%s\\n' 'start' 'open /settings' | flowc run 'new' --flow 'main'")
        let shell = try FlowcProcess.run(
            ["-c", command],
            environment: ["PATH": FlowcProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"],
            executable: URL(fileURLWithPath: "/bin/sh"), in: folder.path)
        let last = try #require(shell.standardOutput.split(separator: "\n").last)
        #expect(last.contains("\"status\":\"rejected\""), "\(shell.standardOutput)\(shell.standardError)")
        #expect(last.contains("no deep link matches '/settings'"), "\(last)")
    }
}
