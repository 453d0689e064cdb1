import FlowDefinitions
import FlowModel

/// The source line under a diagnostic, with a caret marking the offending text, as clang prints it:
///
///     push: detials
///           ^~~~~~~
enum SourceSnippet {
    /// The most scalars of a source line shown; a longer line is shown as a window around the column.
    static let maximumWidth = 200

    /// The line containing `location` (found from its byte offset) and the marker line, or nil
    /// when the offset is outside `bytes` or the line is empty. Bytes that are not valid UTF-8
    /// show as U+FFFD.
    /// Tabs before the column are repeated in the marker line and other scalars take their display
    /// width in cells (``DisplayWidth``), so the caret lines up under wide characters and emoji too.
    ///
    /// Only a window of at most `maximumWidth` scalars on each side of the offset is ever
    /// scanned or decoded, so the cost is bounded by the window, not by the length of the line
    /// (a one-line file of megabytes costs as much as a short line). A line longer than
    /// `maximumWidth` scalars is shown as a window around the offset, marked with ellipses.
    static func lines(for location: SourceLocation, endColumn: Int?, in bytes: [UInt8]) -> (String, String)? {
        guard location.offset >= 0, location.offset <= bytes.count else { return nil }
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let offset = max(location.offset, bomLength)
        // Up to `maximumWidth` scalars before the offset, stopping at the start of the line. A
        // scalar is a lead byte and at most three continuation bytes.
        var lower = offset
        var before = 0
        while before < maximumWidth, lower > bomLength, breakLength(endingAt: lower, in: bytes) == 0 {
            lower -= 1
            var continuations = 0
            while continuations < 3, lower > bomLength, bytes[lower] & 0xC0 == 0x80,
                breakLength(endingAt: lower, in: bytes) == 0
            {
                lower -= 1
                continuations += 1
            }
            before += 1
        }
        let lineStartsInWindow = lower == bomLength || breakLength(endingAt: lower, in: bytes) > 0
        // Up to `maximumWidth` scalars from the offset, stopping at the end of the line.
        var upper = offset
        var after = 0
        while after < maximumWidth, upper < bytes.count, breakLength(startingAt: upper, in: bytes) == 0 {
            upper += 1
            var continuations = 0
            while continuations < 3, upper < bytes.count, bytes[upper] & 0xC0 == 0x80 {
                upper += 1
                continuations += 1
            }
            after += 1
        }
        let lineEndsInWindow = upper == bytes.count || breakLength(startingAt: upper, in: bytes) > 0
        guard before + after > 0 else { return nil }
        let beforeScalars = Array(String(decoding: bytes[lower..<offset], as: UTF8.self).unicodeScalars)
        let afterScalars = Array(String(decoding: bytes[offset..<upper], as: UTF8.self).unicodeScalars)
        // Show at most `maximumWidth` scalars: half before the offset, or more when the line ends sooner.
        let shownBefore = min(beforeScalars.count, max(maximumWidth / 2, maximumWidth - afterScalars.count))
        let shownAfter = min(afterScalars.count, maximumWidth - shownBefore)
        let cutBefore = shownBefore < beforeScalars.count || !lineStartsInWindow
        let cutAfter = shownAfter < afterScalars.count || !lineEndsInWindow
        var prefix = Array(beforeScalars[(beforeScalars.count - shownBefore)...])
        if cutBefore { prefix.insert("…", at: 0) }
        var shown = prefix + afterScalars[..<shownAfter]
        if cutAfter { shown.append("…") }
        let requested = (endColumn ?? location.column + 1) - location.column
        let width = max(1, min(requested, shownAfter + (cutAfter ? 1 : 0)))
        // The marker is drawn in terminal cells (a wide character or an emoji takes two), so the caret
        // sits under the token whatever comes before it on the line; tabs are repeated as tabs.
        var marker = ""
        for scalar in prefix {
            if scalar == "\t" {
                marker += "\t"
            } else {
                marker += String(repeating: " ", count: DisplayWidth.cells(of: scalar))
            }
        }
        let token = DisplayWidth.cells(of: afterScalars[..<min(width, shownAfter)])
        marker += "^" + String(repeating: "~", count: max(width, token) - 1)
        return (String(String.UnicodeScalarView(shown)), marker)
    }

    /// The line breaks libyaml counts: LF, CR, NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9).
    private static let multiByteBreaks: [[UInt8]] = [[0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]

    /// The length of the line break that starts at `index`, or 0.
    static func breakLength(startingAt index: Int, in bytes: [UInt8]) -> Int {
        if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { return 1 }
        // Most bytes start no multi-byte break (those start with C2 or E2): answered without a search.
        guard bytes[index] == 0xC2 || bytes[index] == 0xE2 else { return 0 }
        return multiByteBreaks.first { bytes[index...].starts(with: $0) }?.count ?? 0
    }

    /// The length of the line break that ends just before `index`, or 0.
    static func breakLength(endingAt index: Int, in bytes: [UInt8]) -> Int {
        if bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\r") { return 1 }
        // Most bytes end no multi-byte break (those end with 85, A8 or A9): answered without a search.
        guard bytes[index - 1] == 0x85 || bytes[index - 1] == 0xA8 || bytes[index - 1] == 0xA9 else { return 0 }
        return multiByteBreaks.first { index >= $0.count && bytes[(index - $0.count)..<index].elementsEqual($0) }?.count
            ?? 0
    }
}
