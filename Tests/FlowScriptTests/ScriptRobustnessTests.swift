import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// Hostile `flowc run` scripts: line ends, strict numbers, repeated arguments, JSON on a restore line.
@MainActor
struct ScriptRobustnessTests {
    func runner() throws -> FlowScriptRunner { try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading") }

    @Test func windowsAndOldMacLineEndsSplitLines() throws {
        // Before: "\r\n" is one Character, so a CRLF script was one line: "unknown command 'start\r\nevent'".
        #expect(
            FlowScriptRunner.lines(of: "start\r\nevent selectBook bookID=7\r\n") == [
                "start", "event selectBook bookID=7", "",
            ])
        #expect(FlowScriptRunner.lines(of: "start\revent edit\n\nstop") == ["start", "event edit", "", "stop"])
        let runner = try runner()
        let lines = runner.run(script: "start\r\n\r\nevent selectBook bookID=7\r\n")
        #expect(lines.map(\.status) == ["applied", "applied"])
        #expect(lines.map(\.line) == [1, 3])
        #expect(lines.map(\.command) == ["start", "event selectBook bookID=7"])
        // A stray carriage return inside a line is a blank too.
        #expect(runner.run(line: "back\r")?.status == "applied")
        #expect(!runner.hadSyntaxErrors)
    }

    /// A script saved with a byte order mark (Notepad's "UTF-8 with BOM") runs as written: the mark at the
    /// start of the first line is no part of the command (breaker r15: "unknown command '\u{FEFF}start'",
    /// which printed as "unknown command 'start'"). Elsewhere U+FEFF stays text.
    @Test func aByteOrderMarkBeforeTheFirstLineIsSkipped() throws {
        let runner = try runner()
        let lines = runner.run(script: "\u{FEFF}start\n\u{FEFF}back\n")
        #expect(lines.map(\.status) == ["applied", "invalid"])
        #expect(lines.map(\.command) == ["start", "\u{FEFF}back"])
        #expect(lines.last?.reason == "unknown command '\u{FEFF}back'")
        let comment = try self.runner()
        #expect(comment.run(line: "\u{FEFF}# a comment") == nil)
        #expect(comment.run(line: "start")?.status == "applied")
        #expect(!comment.hadSyntaxErrors)
    }

    /// A huge script line is echoed cut in `command`; the `reason` is whole (its end holds the cause).
    @Test func aHugeLineIsEchoedCut() throws {
        let runner = try runner()
        runner.run(line: "start")
        let name = String(repeating: "x", count: 100_000)
        let line = try #require(runner.run(line: "event \(name)"))
        #expect(line.status == "rejected")
        #expect(line.command == "event " + String(repeating: "x", count: 194) + "… [cut: 99806 more characters]")
        #expect(line.reason == "screen 'library' of flow 'reading' has no event '\(name)'")
        let invalid = try #require(runner.run(line: name))
        #expect(invalid.status == "invalid")
        #expect(invalid.command == String(repeating: "x", count: 200) + "… [cut: 99800 more characters]")
        // Exactly 200 characters are kept whole.
        let exact = String(repeating: "y", count: 200)
        #expect(runner.run(line: exact)?.command == exact)
    }

    /// Words split at any Unicode blank (a no-break space too), `"…"` groups, and the text between
    /// is kept scalar for scalar, whatever the script's length (one pass, copied in runs).
    @Test func wordsSplitByScalars() throws {
        let runner = try runner()
        runner.run(line: "start")
        #expect(runner.run(line: "event\u{00A0}selectBook \"bookID=7\"")?.status == "applied")
        #expect(runner.run(line: "back")?.status == "applied")
        #expect(runner.run(line: "\tevent selectBook bookID=\"7\"\u{3000}")?.status == "applied")
        let accented = try #require(runner.run(line: "event se\u{301}lect\"Book 📚\" # a comment"))
        #expect(accented.status == "rejected")
        #expect(accented.command == "event se\u{301}lect\"Book 📚\" # a comment")
        #expect(accented.reason == "screen 'details' of flow 'reading' has no event 'se\u{301}lectBook 📚'")
        let open = try #require(runner.run(line: "event selectBook \"bookID=7"))
        #expect(open.status == "invalid")
        #expect(
            open.reason
                == "unterminated quote: the '\"' at column 18 opens a value that the line does not close; add a closing '\"' (inside quotes '\\\"' is a quote and '\\\\' a backslash)"
        )
        // A long word of multibyte scalars is cut by scalars in the echo.
        let long = try #require(runner.run(line: "event " + String(repeating: "é", count: 300)))
        #expect(long.command == "event " + String(repeating: "é", count: 194) + "… [cut: 106 more characters]")
        #expect(runner.run(line: "  restore  ")?.reason == "invalid snapshot: no snapshot was taken")
    }

    /// A misspelt condition or check is refused with "did you mean", as an unknown event is; a known one
    /// is applied.
    @Test func unknownConditionsAndChecksAreRefused() throws {
        let runner = try runner()
        let condition = try #require(runner.run(line: "condition isSignedin true"))
        #expect(condition.status == "rejected")
        #expect(condition.reason == "no flow declares condition 'isSignedin'; did you mean 'isSignedIn'?")
        let check = try #require(runner.run(line: "check bookExist 7 false"))
        #expect(check.status == "rejected")
        #expect(check.reason == "no parameter names check 'bookExist'; did you mean 'bookExists'?")
        let far = try #require(runner.run(line: "condition zzz true"))
        #expect(far.reason?.hasPrefix("no flow declares condition 'zzz'; the conditions are ") == true)
        #expect(runner.run(line: "condition isSignedIn true")?.status == "applied")
        #expect(runner.run(line: "check bookExists 7 false")?.status == "applied")
        #expect(!runner.hadSyntaxErrors)
    }

    /// A long reason is kept whole: the cause of a nested error is at its end.
    @Test func aLongReasonIsWhole() throws {
        #expect(FlowScriptRunner.unknown("check", "q", among: (0..<100).map { "check\($0)" }).count > 200)
        let runner = try runner()
        let reason = try #require(runner.run(line: "condition q true")?.reason)
        #expect(!reason.contains("[cut:"))
    }

    @Test func numbersAreDigitsOnly() throws {
        let runner = try runner()
        runner.run(line: "start")
        runner.run(line: "event selectBook bookID=7")
        for line in [
            "back +1", "back -1", "back 1.0", "backto +1", "event @+1 back", "event @-1 back", "finish #+1 x",
            "back 99999999999999999999999",
        ] {
            #expect(runner.run(line: line)?.status == "invalid", "\(line)")
        }
        #expect(runner.coordinator.path.count == 2)
    }

    @Test func anArgumentGivenTwiceIsInvalid() throws {
        let runner = try runner()
        runner.run(line: "start")
        let line = try #require(runner.run(line: "event selectBook bookID=7 bookID=8"))
        #expect(line.status == "invalid")
        #expect(line.reason == "argument 'bookID' is given twice")
        #expect(runner.coordinator.path.count == 1)
    }

    @Test func restoreTakesTheRestOfTheLineAsJSON() throws {
        let runner = try runner()
        runner.run(line: "open /books/7")
        runner.run(line: "snapshot")
        runner.run(line: "stop")
        // A comment after `restore` is not JSON: it restores the last snapshot.
        #expect(runner.run(line: "restore   # the one above")?.status == "applied")
        #expect(runner.coordinator.path.count == 2)
        // JSON with escaped quotes and a '#' is passed as it is (the word splitter used to see a quote):
        // read to its end, where the strict reading refuses the key a snapshot does not have.
        let json =
            ##"{"instances":[{"flow":"reading","routes":[{"screen":"library"},{"screen":"details","arguments":{"bookID":3}}]}],"note":"a \"#\" sign"}"##
        let refused = try #require(runner.run(line: "restore \(json)"))
        #expect(
            refused.reason
                == "invalid snapshot: at the top level: unknown key 'note'; a snapshot has bundleHash, instances")
        let restored = try #require(
            runner.run(line: "restore \(json.replacingOccurrences(of: ##","note":"a \"#\" sign""##, with: ""))"))
        #expect(restored.status == "applied")
        #expect(runner.coordinator.top.arguments == ["bookID": .int(3)])
        #expect(runner.run(line: "restored")?.reason == "unknown command 'restored'")
    }

    @Test func backBeyondThePathSaysWhatToDo() throws {
        let runner = try runner()
        runner.run(line: "start")
        #expect(
            runner.run(line: "back 99999")?.reason
                == "cannot go back 99999 routes: the path has 1; give a count from 0 to 1")
        #expect(
            runner.run(line: "backto 3")?.reason
                == "cannot go back to the first 3 routes: the path has 1; give a length from 0 to 1")
    }
}
