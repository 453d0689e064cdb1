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
    /// Tabs before the column are repeated in the marker line so the caret lines up.
    static func lines(for location: SourceLocation, endColumn: Int?, in bytes: [UInt8]) -> (String, String)? {
        guard location.offset >= 0, location.offset <= bytes.count else { return nil }
        var start = min(location.offset, bytes.count)
        while start > 0, breakLength(endingAt: start, in: bytes) == 0 { start -= 1 }
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var end = start
        while end < bytes.count, breakLength(startingAt: end, in: bytes) == 0 { end += 1 }
        guard end > start else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        var scalars = Array(text.unicodeScalars)
        var prefixCount = min(max(location.column - 1, 0), scalars.count)
        var width = max(1, min((endColumn ?? location.column + 1) - location.column, scalars.count - prefixCount))
        if scalars.count > maximumWidth {
            // Show a window around the column, marked with ellipses, instead of a huge line.
            let start = max(0, min(prefixCount - maximumWidth / 2, scalars.count - maximumWidth))
            let end = min(scalars.count, start + maximumWidth)
            var window = Array(scalars[start..<end])
            if start > 0 { window.insert("…", at: 0) }
            if end < scalars.count { window.append("…") }
            prefixCount = prefixCount - start + (start > 0 ? 1 : 0)
            width = max(1, min(width, window.count - prefixCount))
            scalars = window
        }
        var marker = String(String.UnicodeScalarView(scalars[..<prefixCount].map { $0 == "\t" ? "\t" : " " }))
        marker += "^" + String(repeating: "~", count: width - 1)
        return (String(String.UnicodeScalarView(scalars)), marker)
    }

    /// The line breaks libyaml counts: LF, CR, NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9).
    private static let multiByteBreaks: [[UInt8]] = [[0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]

    /// The length of the line break that starts at `index`, or 0.
    static func breakLength(startingAt index: Int, in bytes: [UInt8]) -> Int {
        if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { return 1 }
        return multiByteBreaks.first { bytes[index...].starts(with: $0) }?.count ?? 0
    }

    /// The length of the line break that ends just before `index`, or 0.
    static func breakLength(endingAt index: Int, in bytes: [UInt8]) -> Int {
        if bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\r") { return 1 }
        return multiByteBreaks.first { index >= $0.count && bytes[(index - $0.count)..<index].elementsEqual($0) }?.count ?? 0
    }
}
