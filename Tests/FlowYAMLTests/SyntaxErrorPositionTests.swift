import FlowYAML
import Testing

/// A libyaml syntax error is reported on a line of the file that holds the fault —
/// never past its end — and a key written without the space after ':' says so, at that ':'.
struct SyntaxErrorPositionTests {
    /// Before: `start:library` as the last line of a 4-line file was reported at 5:1.
    @Test(arguments: ["", "\n", "\r\n", "\n\n"])
    func aColonWithoutASpaceIsReportedAtTheColon(ending: String) throws {
        let error = try #require(loadError("flow: reading\nscreens:\n  library: {}\nstart:library" + ending))
        #expect(error.kind == .syntax)
        #expect(error.mark.line == 4)
        #expect(error.mark.column == 7)
        #expect(
            error.message
                == "missing space after ':'; a key's ':' is followed by a space ('key: value'), or quote the text if it is not a key"
        )
        #expect(error.notes.isEmpty)
    }

    @Test func aColonWithoutASpaceInTheMiddleOfTheFile() throws {
        let error = try #require(loadError("flow: reading\nstart:library\nscreens:\n  library: {}\n"))
        #expect(error.mark == mark(2, 7, 20))
    }

    /// Without any ':' on the key's line the hint stays libyaml's, at a line of the file.
    @Test func aKeyWithoutAColonStaysOnItsLines() throws {
        let error = try #require(loadError("flow: reading\nscreens:\n  library: {}\nstart library"))
        #expect(error.mark.line <= 4)
    }

    /// Every syntax error found at the end of the input points at the end of the last line with content.
    @Test(arguments: [
        ("flow: x\nstart: \"abc\n", 2, 12),
        ("flow: x\nstart: \"abc", 2, 12),
        ("flow: x\nstart: [a, b\n\n\n", 2, 13),
        ("flow: x\nstart: {a: b\n", 2, 13),
        ("flow: x\nstart: 'abc\r\n", 2, 12),
    ])
    func errorsAtTheEndOfTheInputStayOnTheLastLine(text: String, line: Int, column: Int) throws {
        let error = try #require(loadError(text))
        #expect(error.kind == .syntax)
        #expect(error.mark.line == line)
        #expect(error.mark.column == column)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for note in error.notes { #expect(note.mark.line <= lines) }
    }
}
