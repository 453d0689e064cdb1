import Foundation
import Testing

/// `flowc paths`: the shortest path to each target as `flowc run` scripts or Swift tests, and the
/// coverage summary (docs/RUNNING.md, "Test paths: flowc paths").
@Suite struct PathsCommandTests {
    static let refusedPop = "Tests/Fixtures/explorer/refused-pop.yaml"

    /// A configuration that lets the FC308 fixture through, in a temporary folder.
    static func withoutFC308(_ body: (String) throws -> Void) throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("paths.yml")
        try "rules:\n  FC308: off\n".write(to: config, atomically: true, encoding: .utf8)
        try body(config.path)
    }

    @Test func scriptsGoToStandardOutputAndTheSummaryToStandardError() throws {
        try Self.withoutFC308 { config in
            let output = try FlowcProcess.run([
                "paths", Self.refusedPop, "--flow", "demo", "--cover", "transitions", "--config", config,
            ])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    # flowc paths --flow demo --cover transitions: event demo.home.next
                    # The shortest script the explorer found (2 lines); run it with 'flowc run PATH… --flow demo --script FILE'.
                    start
                    event next

                    # flowc paths --flow demo --cover transitions: event demo.detail.back
                    # The shortest script the explorer found (3 lines); run it with 'flowc run PATH… --flow demo --script FILE'.
                    start
                    event next
                    event back

                    """)
            #expect(
                output.standardError == """
                    flow demo, cover transitions: 2 of 3 targets reached; exploration complete, 4 states, 12 steps
                    reached: event demo.home.next (2 lines)
                    reached: event demo.detail.back (3 lines)
                    not reached: event demo.detail.leave: refused the one time it was sent: pop 2 would remove the first route of flow 'demo' (it has 2); use finish; the exploration was complete (4 states, a screen at most 3 times on one path)

                    """)
        }
    }

    @Test func withAnOutputFolderEachScriptIsAFileAndTheSummaryGoesToStandardOutput() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try FlowcProcess.run([
            "paths", "Flows", "--flow", "reading", "--cover", "screens,links", "--output", folder.path + "/new",
        ])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput == """
                flow reading, cover screens: 3 of 3 targets reached; exploration complete, 24 states, 304 steps
                reached: screen reading.library (1 line)
                reached: screen reading.details (1 line)
                reached: screen edit.editor (1 line)
                flow reading, cover links: 2 of 2 targets reached; exploration complete, 24 states, 304 steps
                reached: link /books/{bookID:int} (1 line)
                reached: link /books/{bookID:int}/edit (1 line)

                """)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new").sorted()
        #expect(
            files == [
                "01-link-books__bookID_int_.flowscript", "01-screen-reading.library.flowscript",
                "02-link-books__bookID_int__edit.flowscript", "02-screen-reading.details.flowscript",
                "03-screen-edit.editor.flowscript",
            ])
        let editor = try String(contentsOfFile: folder.path + "/new/03-screen-edit.editor.flowscript", encoding: .utf8)
        #expect(
            editor == """
                # flowc paths --flow reading --cover screens: screen edit.editor
                # The shortest script the explorer found (1 line); run it with 'flowc run PATH… --flow reading --script FILE'.
                # assumes: check bookExists 1 true (the explorer's host answers every check true)
                open /books/1/edit

                """)
    }

    /// The Swift tests `ReadingHostTests` and `AppPathTests` compile are exactly what `flowc paths --format
    /// swift` writes over the flows their plugin generates from (the files of their `flowc-plugin.json`, so
    /// `PathHost` conforms to the `Flows.Host` generated there; outcomes are left out: for these apps they
    /// are the transitions' handler tests again).
    @Test(arguments: [
        (
            "reading",
            [
                "Flows/reading.yaml", "Flows/edit.yaml", "Flows/social.yaml", "Flows/feed.yaml", "Flows/search.yaml",
                "Flows/profile.yaml", "Flows/createPost.yaml", "Flows/signIn.yaml",
            ],
            "screens,transitions,links", "ReadingHostTests",
            ["ReadingLinksPathTests.swift", "ReadingScreensPathTests.swift", "ReadingTransitionsPathTests.swift"]
        ),
        (
            "app",
            [
                "Flows/app.yaml", "Flows/onboarding.yaml", "Flows/auth.yaml", "Flows/main.yaml", "Flows/posts.yaml",
                "Flows/createPost.yaml",
            ],
            "transitions", "AppPathTests", ["AppTransitionsPathTests.swift"]
        ),
    ])
    func theCheckedInSwiftTestsAreWhatPathsWrites(
        flow: String, files: [String], cover: String, target: String, names: [String]
    ) throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try FlowcProcess.run(
            ["paths"] + files + ["--flow", flow, "--cover", cover, "--format", "swift", "--output", folder.path])
        #expect(output.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
        for name in names {
            let written = try Data(contentsOf: folder.appendingPathComponent(name))
            let golden = try Data(
                contentsOf: URL(fileURLWithPath: FlowcProcess.packageRoot + "/Tests/\(target)/" + name))
            #expect(written == golden, "Tests/\(target)/\(name) differs from what flowc paths writes now")
        }
    }

    @Test func usageErrors() throws {
        let cases: [([String], String)] = [
            (
                ["paths"],
                "flowc: error: no paths given; name flow files or folders, such as 'flowc paths Flows --flow reading --cover screens'\n"
            ),
            (["paths", "Flows", "--cover", "screens"], "flowc: error: no root flow; add '--flow NAME'\n"),
            (
                ["paths", "Flows", "--flow", "reading"],
                "flowc: error: no coverage; add '--cover KIND', one of screens, transitions, links, outcomes\n"
            ),
            (
                ["paths", "Flows", "--flow", "reading", "--cover", "screens,states"],
                "flowc: error: --cover takes screens, transitions, links, outcomes (separated by commas), not 'states'\n"
            ),
            (
                ["paths", "Flows", "--flow", "reading", "--cover", "screens", "--format", "json"],
                "flowc: error: --format takes script or swift, not 'json'\n"
            ),
            (
                ["paths", "Flows", "--flow", "reading", "--cover", "screens", "--max-depth", "0"],
                "flowc: error: --max-depth takes a whole number of at least 1, not '0'\n"
            ),
            (
                ["paths", "Flows", "--flow", "nope", "--cover", "screens"],
                "flowc: error: no flow named 'nope' in the given paths\n"
            ),
        ]
        for (arguments, message) in cases {
            let output = try FlowcProcess.run(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.standardError == message, "\(arguments)")
            #expect(output.standardOutput == "", "\(arguments)")
        }
        let invalid = try FlowcProcess.run(["paths", Self.refusedPop, "--flow", "demo", "--cover", "screens"])
        #expect(invalid.status == 1)
        #expect(invalid.standardError.hasSuffix("flowc: error: the flows have errors; fix them first\n"))
    }

    /// The trace reader says no as readily as yes: a run that ends elsewhere, an event refused, a child
    /// that finished with another outcome, a link refused.
    @Test func theTargetCheckRefusesARunThatMissesItsTarget() throws {
        func traces(_ script: String) throws -> [[String: Any]] {
            let run = try FlowcProcess.run(["run", "Flows", "--flow", "reading"], input: script)
            return try run.standardOutput.split(separator: "\n").map {
                try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
        let started = try traces("start\n")
        #expect(TargetCheck.reaches(started, "screen reading.library"))
        #expect(!TargetCheck.reaches(started, "screen reading.details"))
        let refused = try traces("start\nevent selectBook bookID=0\n")
        #expect(!TargetCheck.reaches(refused, "event reading.library.selectBook"))
        let taken = try traces("start\nevent selectBook bookID=2\n")
        #expect(TargetCheck.reaches(taken, "event reading.library.selectBook"))
        #expect(!TargetCheck.reaches(taken, "event reading.details.selectBook"))
        let saved = try traces("open /books/1/edit\nevent save\n")
        #expect(TargetCheck.reaches(saved, "handler reading.edit.saved"))
        #expect(!TargetCheck.reaches(saved, "outcome reading.edit.discarded"))
        #expect(TargetCheck.reaches(try traces("open /books/3\n"), "link /books/{bookID:int}"))
        #expect(!TargetCheck.reaches(try traces("open /books/3\n"), "link /books/{bookID:int}/edit"))
        #expect(
            !TargetCheck.reaches(try traces("check bookExists 3 false\nopen /books/3\n"), "link /books/{bookID:int}"))
    }

    /// Every script `flowc paths` writes for a shipped root flow, run by `flowc run`, reaches its target:
    /// the screen is on top at the end, the event's step was taken from a route of its screen (or the
    /// `confirm` after it), the child finished with the outcome, the link opened.
    @Test(arguments: ["app", "notesApp", "reading", "social"])
    func everyEmittedScriptOfAShippedAppReachesItsTarget(flow: String) throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try FlowcProcess.run([
            "paths", "Flows", "--flow", flow, "--cover", "screens,transitions,links,outcomes", "--output", folder.path,
        ])
        #expect(paths.status == 0)
        let reached = paths.standardOutput.split(separator: "\n").filter { $0.hasPrefix("reached: ") }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == reached.count)
        #expect(files.count > 0)
        for file in files {
            let script = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let target = String(script.prefix { $0 != "\n" }.split(separator: ": ", maxSplits: 1)[1])
            let run = try FlowcProcess.run(["run", "Flows", "--flow", flow, "--script", folder.path + "/" + file])
            #expect(run.status == 0, "\(file)")
            let traces = try run.standardOutput.split(separator: "\n").map {
                try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(TargetCheck.reaches(traces, target), "\(file): \(target) not reached")
        }
    }
}

/// Reads a `flowc run` trace and says whether it reaches a `flowc paths` target, written apart from the
/// explorer's own recording so the two are held to each other.
enum TargetCheck {
    static func reaches(_ traces: [[String: Any]], _ target: String) -> Bool {
        guard let last = traces.last else { return false }
        let kind = target.prefix { $0 != " " }
        let name = String(target.dropFirst(kind.count + 1))
        let before = traces.count > 1 ? traces[traces.count - 2] : [:]
        switch kind {
        case "screen":
            return top(last) == name
        case "event":
            var sent = last
            var state = before
            if (last["command"] as? String) == "confirm", last["status"] as? String == "applied" {
                guard let waiting = traces.lastIndex(where: { $0["status"] as? String == "pending" }), waiting > 0
                else { return false }
                sent = traces[waiting]
                state = traces[waiting - 1]
            } else if !["applied", "queued", "redirected"].contains(last["status"] as? String ?? "") {
                return false
            }
            let words = (sent["command"] as? String ?? "").split(separator: " ").map(String.init)
            guard words.first == "event", words.count >= 2 else { return false }
            let token = words[1].hasPrefix("@") ? Int(words[1].dropFirst()) : nil
            let event = token == nil ? words[1] : (words.count > 2 ? words[2] : "")
            let routes = state["path"] as? [[String: Any]] ?? []
            guard let sender = token == nil ? routes.last : routes.first(where: { $0["token"] as? Int == token })
            else { return false }
            return "\(sender["flow"] ?? "").\(sender["screen"] ?? "").\(event)" == name
        case "handler", "outcome":
            let parts = name.split(separator: ".").map(String.init)
            guard parts.count == 3, let tree = before["instances"] as? [String: Any] else { return false }
            for finished in last["finished"] as? [[String: Any]] ?? [] where finished["outcome"] as? String == parts[2]
            {
                if let parent = parent(of: finished["instance"] as? Int ?? -1, in: tree),
                    parent.flow == parts[0], parent.child == parts[1]
                {
                    return true
                }
            }
            return false
        case "link":
            let command = (last["command"] as? String ?? "").split(separator: " ").map(String.init)
            var opened: [String] = []
            if command.first == "open", command.count == 2, last["status"] as? String == "applied" {
                opened.append(command[1])
            }
            for link in last["links"] as? [[String: Any]] ?? [] where link["status"] as? String == "applied" {
                opened.append(link["url"] as? String ?? "")
            }
            return opened.contains { matches($0, pattern: name) }
        default:
            return false
        }
    }

    static func top(_ trace: [String: Any]) -> String? {
        guard let route = (trace["path"] as? [[String: Any]])?.last else { return nil }
        return "\(route["flow"] ?? "").\(route["screen"] ?? "")"
    }

    /// The flow of the instance whose child `id` is, and the child's declaration name.
    static func parent(of id: Int, in tree: [String: Any]) -> (flow: String, child: String)? {
        var pending = [tree]
        while let entry = pending.popLast() {
            let children = entry["children"] as? [[String: Any]] ?? []
            if let child = children.first(where: { $0["id"] as? Int == id }) {
                return (entry["flow"] as? String ?? "", child["child"] as? String ?? "")
            }
            pending += children
        }
        return nil
    }

    /// Whether `url` has the pattern's segments: literals equal, `{name:int}` a whole number, `{name}` any.
    static func matches(_ url: String, pattern: String) -> Bool {
        let parts = url.split(separator: "/", omittingEmptySubsequences: false)
        let expected = pattern.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == expected.count else { return false }
        return zip(parts, expected).allSatisfy { part, segment in
            guard segment.hasPrefix("{") else { return part == segment }
            if segment.hasSuffix(":int}") { return Int(part) != nil }
            return !part.isEmpty
        }
    }
}
