import Foundation
import Testing

/// `flowc view`: the page written where asked, `--check`'s evidence on it, usage errors, and the page
/// in a real browser (Tests/Browser/view_suite.py: Debian's chromium driven by playwright, installed by
/// scripts/setup.sh; skipped with a note where either is missing on a developer's machine, and failing
/// under CI, `CI=true`).
@Suite struct ViewCommandTests {
    static let chromium = ["/usr/bin/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python = [EditorClientTests.tools + "/venv/bin/python"].first { path in
        FileManager.default.isExecutableFile(atPath: path)
            && FileManager.default.fileExists(atPath: EditorClientTests.tools + "/venv/bin/playwright")
    }

    /// The steps of each play on the page (its trace lines' JSON objects).
    static func plays(_ html: String) throws -> [[[String: Any]]] {
        let plays = try #require(
            html.components(separatedBy: #"<script type="application/json" id="plays-data">"#).last)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(plays.prefix { $0 != "<" }.utf8)) as? [[[String: Any]]])
    }

    @Test func writesThePageAndSaysWhere() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("app.html").path
        let output = try FlowcProcess.run([
            "view", "Flows", "--trace", "docs/examples/social.trace.jsonl", "--out", out,
        ])
        #expect(output.status == 0)
        #expect(output.standardError == "flowc: wrote \(out)\n")
        #expect(output.standardOutput == "")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(html.contains(#"<g class="node flow" data-flow="social" transform="#))
        #expect(html.contains(#"<span class="title">trace docs/examples/social.trace.jsonl</span>"#))
    }

    @Test func checkPutsTheFindingsAndTheirWitnessesOnThePage() throws {
        let output = try FlowcProcess.run(
            ["view", "--check", "Tests/Fixtures/explorer/refused-on-some-paths.yaml", "--out", "-"])
        #expect(output.status == 0)
        let html = output.standardOutput
        #expect(html.contains("<li>check: flow demo: complete, 5 states, 17 steps, no guarantee broken</li>"))
        #expect(
            html.contains(
                #"<g class="edge dotted bad" data-flow="demo" data-screen="detail" data-event="leave" data-to="home" data-codes="FC808" tabindex="-1"><title>leave pop → home\#nFC808: event &#39;leave&#39; of screen &#39;detail&#39; is taken in some explored states"#
            ))
        #expect(
            html.contains(
                #"<span class="title">FC808 witness (flow demo): event &#39;leave&#39; of screen &#39;detail&#39; is taken"#
            ))
        // The finding's reproduction, as `flowc check` prints it, is among its notes (the details list them).
        #expect(
            html.contains(
                #""notes":[{"at":{"column":7,"file":"Tests\/Fixtures\/explorer\/refused-on-some-paths.yaml","line":12,"#
                    + #""url":"vscode:\/\/file"#
            ))
        #expect(
            html.contains(
                #"refused-on-some-paths.yaml:12:7"},"message":"reproduce with: printf '%s\\n' 'start' 'event jump' 'event leave' | flowc run 'Tests\/Fixtures\/explorer\/refused-on-some-paths.yaml' --flow 'demo'"}]"#
            ))
        // The witness `start`, `event jump`, `event leave`, run as `flowc run` runs it.
        let steps = try Self.plays(html)
        #expect(
            steps.map { $0.map { "\($0["command"]!) \($0["status"]!)" } } == [
                ["start applied", "event jump applied", "event leave rejected"]
            ])
    }

    /// `--check` plays each witness from the exploration's commands, not from its script text: the only value
    /// of `jump`'s `v` holds double quotes; the page plays `jump` applied with `say "hi"`, and the text `flowc
    /// check` prints (`v="say \"hi\""`, escaped) reproduces the same steps under `flowc run`.
    @Test func checkPlaysTheExploredCommandsNotTheirText() throws {
        let fixture = "Tests/Fixtures/explorer/witness-quote.yaml"
        let output = try FlowcProcess.run(["view", "--check", fixture, "--out", "-"])
        #expect(output.status == 0)
        let html = output.standardOutput
        #expect(html.contains("<li>check: flow demo: complete, 5 states, 17 steps, no guarantee broken</li>"))
        #expect(
            html.contains(
                #"<span class="title">FC808 witness (flow demo): event &#39;leave&#39; of screen &#39;detail&#39; is taken"#
            ))
        let steps = try Self.plays(html)
        #expect(
            steps.map { $0.map { "\($0["command"]!) \($0["status"]!)" } } == [
                ["start applied", #"event jump v="say \"hi\"" applied"#, "event leave rejected"]
            ])
        let shown = try #require((steps.first?.last?["path"] as? [[String: Any]])?.first)
        #expect(shown["screen"] as? String == "detail")
        #expect((shown["arguments"] as? [String: Any])?["said"] as? String == #"say "hi""#)
        // The same witness as the text `flowc check` prints, run by `flowc run`: the warning is reproduced.
        let check = try FlowcProcess.run(["check", fixture])
        let printed = #"printf '%s\n' 'start' 'event jump v="say \"hi\""' 'event leave' | flowc run"#
        #expect(check.standardError.contains(printed))
        let script = "start\n" + #"event jump v="say \"hi\"""# + "\nevent leave\n"
        let run = try FlowcProcess.run(["run", fixture, "--flow", "demo"], input: script)
        let statuses = run.standardOutput.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String
        }
        #expect(statuses == ["applied", "applied", "rejected"])
    }

    /// `--check` on flows with errors explores nothing: standard error says so, and so does the page, where the
    /// exploration's lines would be (nothing dropped silently); the page is written, exit 0.
    @Test func checkOnFlowsWithErrorsSaysSoOnThePage() throws {
        let output = try FlowcProcess.run(["view", "--check", "Tests/Fixtures/invalid/unreachable.yaml", "--out", "-"])
        #expect(output.status == 0)
        #expect(
            output.standardError.hasSuffix(
                "flowc: note: the flows have errors, so --check explored nothing; fix them first\n"))
        #expect(
            output.standardOutput.contains(
                #"<ul id="coverage" aria-label="flowc check"><li>check: nothing explored: the flows have errors; fix them first</li></ul>"#
            ))
        #expect(
            output.standardOutput.contains(#""coverage":["nothing explored: the flows have errors; fix them first"]"#))
    }

    @Test func usageErrors() throws {
        let noPaths = try FlowcProcess.run(["view"])
        #expect(noPaths.status == 2)
        #expect(
            noPaths.standardError.hasPrefix(
                "flowc: error: no paths given; name flow files or folders, such as 'flowc view Flows'"))
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("bad.jsonl").path
        try Data("{}\nnot json\n".utf8).write(to: URL(fileURLWithPath: trace))
        let bad = try FlowcProcess.run(["view", "Flows", "--trace", trace, "--out", "-"])
        #expect(bad.status == 2)
        #expect(
            bad.standardError
                == "flowc: error: \(trace):2: not a trace line (a JSON object, as 'flowc run' prints); write the trace with 'flowc run … > FILE.jsonl'\n"
        )
        #expect(bad.standardOutput == "")
        // `--open` of standard output would open nothing: refused, not ignored.
        let openOut = try FlowcProcess.run(["view", "Flows", "--out", "-", "--open"])
        #expect(openOut.status == 2)
        #expect(
            openOut.standardError
                == "flowc: error: --open opens the page written to a file, not to standard output; leave out --open or --out -\n"
        )
        #expect(openOut.standardOutput == "")
        let missing = try FlowcProcess.run(["view", "Flows", "--trace", "nope.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "flowc: error: cannot read trace 'nope.jsonl'\n")
    }

    /// `--editor` (or `FLOWC_EDITOR`) chooses the links' editor; `--max-states`/`--max-depth` bound `--check`'s
    /// exploration as they bound `flowc check`'s; a trace of other flows is refused at its line.
    @Test func editorBoundsAndForeignTraces() throws {
        let idea = try FlowcProcess.run(["view", "Flows/edit.yaml", "--editor", "idea", "--out", "-"])
        #expect(idea.status == 0)
        #expect(idea.standardOutput.contains(#""url":"idea:\/\/open?file="#))
        #expect(!idea.standardOutput.contains("vscode:"))
        let none = try FlowcProcess.run(
            ["view", "Flows/edit.yaml", "--out", "-"], environment: ["FLOWC_EDITOR": "none"])
        #expect(none.status == 0)
        #expect(none.standardOutput.contains(#""url":"""#) && !none.standardOutput.contains("vscode:"))
        let unknown = try FlowcProcess.run(
            ["view", "Flows/edit.yaml", "--out", "-"], environment: ["FLOWC_EDITOR": "emacs"])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError
                == "flowc: error: FLOWC_EDITOR names no editor flowc knows: 'emacs'; use one of vscode, idea, none\n")
        let bounded = try FlowcProcess.run(
            ["view", "--check", "--max-depth", "1", "Tests/Fixtures/explorer/refused-on-some-paths.yaml", "--out", "-"])
        #expect(bounded.status == 0)
        #expect(bounded.standardOutput.contains("<li>check: flow demo: bounded"))
        let unchecked = try FlowcProcess.run(["view", "--max-states", "5", "Flows", "--out", "-"])
        #expect(unchecked.status == 2)
        #expect(
            unchecked.standardError
                == "flowc: error: --max-states bounds the exploration of --check; add --check or leave it out\n")
        let zero = try FlowcProcess.run(["view", "--check", "--max-states", "0", "Flows", "--out", "-"])
        #expect(zero.status == 2)
        #expect(zero.standardError == "flowc: error: --max-states takes a whole number of at least 1, not '0'\n")
        let foreign = try FlowcProcess.run(
            [
                "view", "Flows/reading.yaml", "Flows/edit.yaml", "--trace", "docs/examples/social.trace.jsonl", "--out",
                "-",
            ])
        #expect(foreign.status == 2)
        #expect(
            foreign.standardError
                == "flowc: error: docs/examples/social.trace.jsonl:1: the trace names flow 'feed' (on the path), which the flows viewed do not declare; it was made with other flows: view the flows it was run on\n"
        )
        #expect(foreign.standardOutput == "")
    }

    @Test(
        .enabled(
            if: (chromium != nil && python != nil) || EditorClientTests.isCI,
            "chromium or playwright is not installed; run scripts/setup.sh"))
    func inChromium() throws {
        guard Self.chromium != nil, let python = Self.python else {
            Issue.record(
                "chromium (Debian) or playwright (under \(EditorClientTests.tools)/venv) is missing; run scripts/setup.sh"
            )
            return
        }
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try FlowcProcess.run(
            ["Tests/Browser/view_suite.py", FlowcProcess.executable.path, folder.path],
            environment: ["HOME": folder.path], executable: URL(fileURLWithPath: python))
        #expect(output.status == 0, "\(output.standardOutput)\n\(output.standardError)")
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.last == "0 failed", "\(output.standardOutput)")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count >= 70, "\(output.standardOutput)")
    }
}
