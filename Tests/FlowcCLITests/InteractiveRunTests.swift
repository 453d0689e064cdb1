import Foundation
import Testing

/// `flowc run` on a terminal: each command's result is printed before the next is typed.
@Suite struct InteractiveRunTests {
    @Test func eachCommandRunsAsItIsTyped() throws {
        let terminal = try PseudoTerminal(["run", "Flows", "--flow", "reading"])
        try terminal.read(untilCount: 1, of: "> ")
        #expect(
            terminal.transcript
                == "flowc run: flow 'reading'. Type 'start' to begin, 'help' for commands, 'quit' or Ctrl-D to leave.\n> "
        )
        let steps: [(command: String, shown: String)] = [
            ("start", "applied\npath: [reading #1] library\nevents: selectBook(bookID: int)\n> "),
            (
                "event selectBook bookID=7",
                "applied\npath: [reading #1] library › details(bookID: 7)\nevents: edit, back\n> "
            ),
            (
                "event edit",
                "applied\npath: [reading #1] library › details(bookID: 7) › [edit #2] editor(bookID: 7)\nevents: save, cancel\n> "
            ),
            (
                "event nope",
                "rejected: screen 'editor' of flow 'edit' has no event 'nope'\npath: [reading #1] library › details(bookID: 7) › [edit #2] editor(bookID: 7)\nevents: save, cancel\n> "
            ),
            (
                "event save",
                "applied; edit (#2) finished with saved\npath: [reading #1] library › details(bookID: 7)\nevents: edit, back\n> "
            ),
            (
                "jump",
                "invalid: unknown command 'jump'\npath: [reading #1] library › details(bookID: 7)\nevents: edit, back\n> "
            ),
        ]
        for (index, step) in steps.enumerated() {
            let before = terminal.transcript
            terminal.type(step.command)
            try terminal.read(untilCount: index + 2, of: "> ")
            #expect(String(terminal.transcript.dropFirst(before.count)) == step.shown, "after '\(step.command)'")
        }
        terminal.type("help")
        try terminal.read(untilCount: steps.count + 2, of: "> ")
        #expect(terminal.transcript.contains("Commands (one per line; docs/RUNNING.md has the details):\n  start "))
        #expect(terminal.transcript.contains("\n  quit | exit                    Leave (Ctrl-D too).\n> "))
        terminal.endOfInput()
        #expect(try terminal.finish() == 0)
    }

    @Test func quitEndsTheSession() throws {
        let terminal = try PseudoTerminal(["run", "Flows", "--flow", "onboarding"])
        try terminal.read(untilCount: 1, of: "> ")
        terminal.type("start")
        try terminal.read(untilCount: 2, of: "> ")
        #expect(terminal.transcript.hasSuffix("applied\npath: [onboarding #1] welcome\nevents: continue\n> "))
        terminal.type("quit")
        #expect(try terminal.finish() == 0)
    }

    @Test func pipesStillGetJSONLines() throws {
        let output = try FlowcProcess.run(["run", "Flows", "--flow", "reading"], input: "start\n")
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("{\"command\":\"start\""))
    }
}
