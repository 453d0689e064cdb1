import FlowRuntime
import FlowScript
import Testing

/// `ScriptCommand.line`: the line a command is written as reads back as the same command.
struct ScriptCommandLineTests {
    static let commands: [(ScriptCommand, String)] = [
        (.start, "start"), (.back(1), "back"), (.back(3), "back 3"), (.backTo(2), "backto 2"),
        (.backOnStack(1, stack: FlowInstanceID(4)), "back 1 #4"), (.confirm, "confirm"), (.keep, "keep"),
        (.open("/posts/1"), "open /posts/1"), (.snapshot, "snapshot"), (.restore(nil), "restore"),
        (.restore(#"{"instances": [], "v": "a b"}"#), #"restore {"instances": [], "v": "a b"}"#),
        (.condition("isLoggedIn", true), "condition isLoggedIn true"),
        (.check(name: "postExists", value: "1", answer: false), "check postExists 1 false"),
        (.check(name: "named", value: "a b", answer: true), "check named \"a b\" true"),
        (
            .event(name: "submit", token: RouteToken(3), arguments: ["title": "", "email": "a@a", "note": "x #1"]),
            "event @3 submit email=a@a note=\"x #1\" title=\"\""
        ),
        (.event(name: "next", token: nil, arguments: [:]), "event next"),
        (
            .finish(instance: FlowInstanceID(2), outcome: "signedIn", arguments: ["email": "a@a"]),
            "finish #2 signedIn email=a@a"
        ),
        (.stop, "stop"), (.select(tab: "search", tabSet: FlowInstanceID(1)), "select search #1"),
        (.select(tab: "feed", tabSet: nil), "select feed"), (.dismiss(nil), "dismiss"),
        (.dismiss(FlowInstanceID(5)), "dismiss #5"),
        (
            .event(name: "say", token: nil, arguments: ["q": #"say "hi""#, "p": #"C:\dir"#, "n": "a\nb\r"]),
            #"event say n="a\nb\r" p="C:\\dir" q="say \"hi\"""#
        ),
        (.check(name: "named", value: #"a\b"#, answer: true), #"check named "a\\b" true"#),
    ]

    /// Inside quotes a `\` before anything but `"`, `\`, `n` and `r` is text, as before the escapes existed; an
    /// escaped quote does not end the quotes (`"\"` alone is unterminated).
    @Test func aBackslashIsAnEscapeOnlyBeforeWhatQuotedWrites() throws {
        #expect(
            try ScriptCommand.parse(#"event e v="a\tb\x" w=C:\\x"#)
                == .event(name: "e", token: nil, arguments: ["v": #"a\tb\x"#, "w": #"C:\\x"#]))
        let unterminated = #expect(throws: ScriptSyntaxError.self) { try ScriptCommand.parse(#"event e v="\""#) }
        #expect(
            unterminated?.message
                == "unterminated quote: the '\"' at column 11 opens a value that the line does not close; add a closing '\"' (inside quotes '\\\"' is a quote and '\\\\' a backslash)"
        )
        #expect(try ScriptCommand.parse(#"event e v="a\"""#) == .event(name: "e", token: nil, arguments: ["v": #"a""#]))
    }

    @Test(arguments: commands)
    func aCommandsLineParsesBackToIt(command: ScriptCommand, line: String) throws {
        #expect(command.line == line)
        #expect(try ScriptCommand.parse(line) == command)
        #expect(line.split(separator: " ").first.map(String.init) == command.verb)
    }

    /// The table above holds every kind of command: every verb the parser knows.
    @Test func theRoundTripCoversEveryCommandKind() {
        #expect(
            Set(Self.commands.map(\.0.verb)) == [
                "start", "event", "back", "backto", "confirm", "keep", "open", "snapshot", "restore", "condition",
                "check", "finish", "stop", "select", "dismiss",
            ])
        #expect(Self.commands.filter { $0.0.setsHostAnswer }.map(\.1).allSatisfy { $0.hasPrefix("c") })
    }
}
