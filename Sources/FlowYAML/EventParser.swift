import CYaml

/// The one owner of a libyaml `yaml_parser_t`.
///
/// It copies the input into a buffer it owns (libyaml reads it in place through
/// `yaml_parser_set_input_string`), hands out events one at a time through
/// `next(_:)`, which deletes each event when the body returns or throws, and
/// frees the parser and the buffer in `deinit`. It also turns libyaml's errors
/// into `YAMLError`.
final class EventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The input bytes (`buffer` without its padding byte when the input is empty).
    private let input: UnsafeBufferPointer<UInt8>

    /// Prepares a parser over a private copy of `bytes`.
    /// Throws `.syntax` only if libyaml cannot allocate its parser state.
    init(bytes: [UInt8]) throws(YAMLError) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw YAMLError(
                kind: .syntax, message: "out of memory while starting the YAML parser; free memory and retry",
                mark: .startOfFile)
        }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(fromContentsOf: bytes)
        yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
        self.parser = parser
        self.buffer = buffer
        self.input = UnsafeBufferPointer(rebasing: buffer[0..<bytes.count])
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        buffer.deallocate()
    }

    /// Parses the next event and passes it to `body`; the event is deleted when
    /// `body` returns or throws. Throws the converted libyaml error if parsing fails.
    @inline(__always)
    func next<Result>(_ body: (borrowing yaml_event_t) throws(YAMLError) -> Result) throws(YAMLError) -> Result {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        return try body(event)
    }

    /// Parses the next event and returns it, to be deleted (`yaml_event_delete`) by the caller once read, on
    /// any thread. Throws the converted libyaml error if parsing fails.
    func take() throws(YAMLError) -> yaml_event_t {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw currentError() }
        return event
    }

    /// A fresh index over the input bytes. The bytes live as long as this parser:
    /// keep the parser alive while using the index.
    func makeLineIndex() -> LineIndex {
        LineIndex(bytes: input)
    }

    /// Converts a libyaml mark on the error path (a fresh index, so linear once).
    private func mark(_ mark: yaml_mark_t) -> YAMLMark {
        var index = makeLineIndex()
        return YAMLMark(
            line: Int(mark.line) + 1, column: Int(mark.column) + 1,
            offset: index.byteOffset(ofCharacter: Int(mark.index)))
    }

    /// The mark of a raw byte offset (for errors libyaml reports by byte offset).
    private func mark(ofByte offset: Int) -> YAMLMark {
        let (line, column) = makeLineIndex().position(ofByte: offset)
        return YAMLMark(line: line, column: column, offset: offset)
    }

    /// `mark`, or, when it is at the end of the input, the end of the last line that holds something:
    /// libyaml reports problems found at the end of the input on the line after the last line break,
    /// a line the file does not have.
    private func onALine(_ mark: YAMLMark) -> YAMLMark {
        guard mark.offset >= input.count else { return mark }
        var end = input.count
        while end > 0, input[end - 1] == UInt8(ascii: "\n") || input[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return self.mark(ofByte: end)
    }

    /// The offset of the first ':' followed by neither a space nor the end of the line, on the line that
    /// starts at `start` (a plain scalar such as `start:library`, meant as a key), if any.
    private func colonWithoutSpace(inLineAt start: Int) -> Int? {
        var offset = start
        guard let first = byte(at: offset), first != UInt8(ascii: "\""), first != UInt8(ascii: "'") else { return nil }
        while let current = byte(at: offset), current != UInt8(ascii: "\n"), current != UInt8(ascii: "\r") {
            if current == UInt8(ascii: "#") && offset > start && byte(at: offset - 1) == UInt8(ascii: " ") {
                return nil
            }
            if current == UInt8(ascii: ":"), let next = byte(at: offset + 1), next != UInt8(ascii: " "),
                next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r"), next != UInt8(ascii: "\t")
            {
                return offset
            }
            offset += 1
        }
        return nil
    }

    private func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < input.count ? input[offset] : nil
    }

    // MARK: - Errors

    /// The parser's current error as a `YAMLError`.
    private func currentError() -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        switch state.error {
        case YAML_READER_ERROR:
            return readerError(problem: problem, offset: Int(state.problem_offset), value: Int(state.problem_value))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = state.context.map { String(cString: $0) }
            let problemMark = onALine(mark(state.problem_mark))
            let contextMark = onALine(mark(state.context_mark))
            return syntaxError(problem: problem, context: context, at: problemMark, contextMark: contextMark)
        case YAML_MEMORY_ERROR:
            return YAMLError(
                kind: .syntax, message: "out of memory while parsing YAML; make the file smaller",
                mark: mark(state.problem_mark))
        default:
            return YAMLError(
                kind: .syntax, message: "the YAML parser failed (\(problem)); check the YAML syntax",
                mark: mark(state.problem_mark))
        }
    }

    /// libyaml's reader reports encoding problems with a byte offset and the offending value.
    private func readerError(problem: String, offset: Int, value: Int) -> YAMLError {
        let hex = "0x" + String(value, radix: 16, uppercase: true)
        let saveAsUTF8 = "save the file as UTF-8"
        switch problem {
        case "invalid leading UTF-8 octet":
            return YAMLError(
                kind: .invalidEncoding, message: "invalid UTF-8 byte \(hex); \(saveAsUTF8)",
                mark: mark(ofByte: offset))
        case "invalid trailing UTF-8 octet":
            // libyaml points at the bad continuation byte; report the sequence's first byte.
            var start = offset
            while start > 0, let previous = byte(at: start - 1), previous & 0xC0 == 0x80 { start -= 1 }
            if start > 0, let lead = byte(at: start - 1), lead >= 0xC0 { start -= 1 }
            let leadHex = "0x" + String(byte(at: start) ?? 0, radix: 16, uppercase: true)
            return YAMLError(
                kind: .invalidEncoding,
                message: "invalid UTF-8 sequence starting with byte \(leadHex); \(saveAsUTF8)",
                mark: mark(ofByte: start))
        case "incomplete UTF-8 octet sequence":
            return YAMLError(
                kind: .invalidEncoding, message: "incomplete UTF-8 sequence at the end of the file; \(saveAsUTF8)",
                mark: mark(ofByte: offset))
        case "invalid length of a UTF-8 sequence":
            return YAMLError(
                kind: .invalidEncoding, message: "overlong UTF-8 sequence; \(saveAsUTF8)",
                mark: mark(ofByte: offset))
        case "invalid Unicode character":
            return YAMLError(
                kind: .invalidEncoding,
                message: "invalid Unicode character \(hex) (a surrogate or beyond U+10FFFF); \(saveAsUTF8)",
                mark: mark(ofByte: offset))
        case "control characters are not allowed":
            let code = String(value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            return YAMLError(
                kind: .invalidEncoding,
                message:
                    "control character U+\(padded) is not allowed in YAML; remove it, or write it as an escape such as \"\\u\(padded)\" in a double-quoted string",
                mark: mark(ofByte: offset))
        case "input is too long":
            return YAMLError(
                kind: .fileTooLarge, message: "input is too long for the YAML parser; split it into smaller files",
                mark: mark(ofByte: offset))
        default:
            return YAMLError(
                kind: .invalidEncoding, message: "\(problem); \(saveAsUTF8)", mark: mark(ofByte: offset))
        }
    }

    /// Builds a `.syntax` error from libyaml's problem and context, with a hint.
    private func syntaxError(problem: String, context: String?, at problemMark: YAMLMark, contextMark: YAMLMark)
        -> YAMLError
    {
        var notes: [YAMLNote] = []
        if let context, contextMark != problemMark {
            notes.append(YAMLNote(message: Self.contextNote(context), mark: contextMark))
        }
        let tabAtProblem = byte(at: problemMark.offset) == UInt8(ascii: "\t")
        if problem.contains("tab") || tabAtProblem {
            let what =
                problem.contains("tab")
                ? problem
                : "found a tab character where indentation or a value was expected"
            return YAMLError(
                kind: .syntax, message: "\(what); YAML forbids tabs for indentation, use spaces",
                mark: problemMark, notes: notes)
        }
        // A simple key without its ':' usually has one, without the space after it (`start:library`):
        // say so on the key's own line, at that ':'.
        if problem == "could not find expected ':'", let colon = colonWithoutSpace(inLineAt: contextMark.offset) {
            return YAMLError(
                kind: .syntax,
                message:
                    "missing space after ':'; a key's ':' is followed by a space ('key: value'), or quote the text if it is not a key",
                mark: mark(ofByte: colon + 1))
        }
        if let (keyStart, length) = overlongImplicitKey(endingBefore: problemMark) {
            return YAMLError(
                kind: .syntax,
                message:
                    "this key is \(length) characters long, and YAML allows at most \(Self.implicitKeyLimit) in a key written without '?' (plain or quoted), so the ':' after it is misread; write it as an explicit key, '? KEY' on one line and ': VALUE' on the next, or make it shorter",
                mark: keyStart)
        }
        let text = context.map { "\($0): \(problem)" } ?? problem
        return YAMLError(
            kind: .syntax, message: "\(text); \(Self.hint(for: problem))", mark: problemMark, notes: notes)
    }

    /// libyaml's limit on an implicit (simple) key: at most 1024 characters, on one line.
    static let implicitKeyLimit = 1024

    /// When the error is at a ':' that follows a key longer than `implicitKeyLimit` on the same
    /// line (libyaml then reports "mapping values are not allowed" or a missing ',' or '}'), the
    /// key's start and its length in characters. The scan covers only that key.
    private func overlongImplicitKey(endingBefore colon: YAMLMark) -> (YAMLMark, Int)? {
        guard byte(at: colon.offset) == UInt8(ascii: ":") else { return nil }
        func isBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        var end = colon.offset
        while end > 0, input[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var start = end
        if let quote = byte(at: end - 1), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            start = end - 1
            while true {
                guard start > 0, !isBreak(input[start - 1]) else { return nil }
                start -= 1
                guard input[start] == quote else { continue }
                var backslashes = 0
                while start - backslashes > 0, input[start - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if quote == UInt8(ascii: "'") || backslashes % 2 == 0 { break }
            }
        } else {
            let stops: Set<UInt8> = [UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "[")]
            while start > 0, !isBreak(input[start - 1]), !stops.contains(input[start - 1]) { start -= 1 }
            while start < end {
                if input[start] == UInt8(ascii: " ") {
                    start += 1
                } else if input[start] == UInt8(ascii: "-") || input[start] == UInt8(ascii: "?"),
                    start + 1 < end, input[start + 1] == UInt8(ascii: " ")
                {
                    start += 2
                } else {
                    break
                }
            }
        }
        func characters(_ range: Range<Int>) -> Int { input[range].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        let length = characters(start..<end)
        guard length > Self.implicitKeyLimit else { return nil }
        let column = colon.column - characters(start..<colon.offset)
        return (YAMLMark(line: colon.line, column: column, offset: start), length)
    }

    /// "while parsing a flow sequence" → "the flow sequence starts here".
    private static func contextNote(_ context: String) -> String {
        var subject = Substring(context)
        for prefix in ["while scanning ", "while parsing "] where subject.hasPrefix(prefix) {
            subject = subject.dropFirst(prefix.count)
        }
        for article in ["a ", "an "] where subject.hasPrefix(article) {
            subject = "the " + subject.dropFirst(article.count)
        }
        return "\(subject) starts here"
    }

    /// What to do about a libyaml problem.
    private static func hint(for problem: String) -> String {
        switch problem {
        case "mapping values are not allowed in this context":
            "quote the value if it contains ': ', or fix the indentation"
        case "could not find expected ':'":
            "add ':' after the key, or quote the text if it is not a key"
        case "did not find expected key":
            "check the indentation of this line"
        case "did not find expected '-' indicator":
            "check the indentation of the sequence items"
        case "did not find expected ',' or ']'":
            "separate items with ',' and close the sequence with ']'"
        case "did not find expected ',' or '}'":
            "separate entries with ',' and close the mapping with '}'"
        case "found unexpected end of stream":
            "close the quoted string"
        case "found undefined tag handle":
            "remove the tag"
        default:
            "fix the YAML syntax here"
        }
    }
}
