import FlowDefinitions
import FlowModel
import Foundation

/// An inline suppression in a flow file: `# flowc:disable FC301 -- REASON` (codes or rule identifiers,
/// separated by commas or spaces; the reason after `--` is required).
///
/// A comment alone on its line covers the next line that is not blank or a comment, together with
/// every line below it that is indented deeper: the whole declaration the line starts (a screen, an
/// event, a child). A comment after a value covers its own line, and the lines indented deeper below
/// it. Loading and schema rules (FC0xx, FC1xx) and the suppression and configuration rules (FC09x)
/// cannot be suppressed: a file that cannot be read is never skipped silently.
public struct Suppression: Hashable, Sendable {
    /// The rule codes it names (upper case), in the order written.
    public var codes: [String]
    public var reason: String
    /// Where `flowc:disable` starts.
    public var location: SourceLocation
    /// The lines it covers, 1-based and inclusive.
    public var lines: ClosedRange<Int>

    /// The marker that starts a suppression inside a comment.
    static let marker = "flowc:disable"

    /// Whether diagnostics of `code` may be suppressed or have their severity changed.
    static func isAdjustable(_ code: String) -> Bool {
        guard code.count == 5, code.hasPrefix("FC") else { return false }
        let number = code.dropFirst(2)
        return !number.hasPrefix("0") && !number.hasPrefix("1")
    }
}

/// Finds suppressions in a flow file's text, reporting malformed ones (FC091).
enum SuppressionScanner {
    /// Whether `bytes` contain the marker at all: most files do not, and then neither the scan nor the
    /// loader's scalar spans are needed. Decided once per file (`FlowSourceFile.mayHoldSuppression`).
    static func mayHoldSuppression(_ bytes: [UInt8]) -> Bool {
        // Look for the marker's first byte, then compare the rest.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let marker: StaticString = "flowc:disable"
        let length = marker.utf8CodeUnitCount
        return bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count >= length, let base = buffer.baseAddress else { return false }
            let pattern = marker.utf8Start
            var offset = 0
            let last = buffer.count - length
            while offset <= last {
                if base[offset] == pattern[0] {
                    var matched = 1
                    while matched < length, base[offset + matched] == pattern[matched] { matched += 1 }
                    if matched == length { return true }
                }
                offset += 1
            }
            return false
        }
    }

    /// The suppressions in `bytes` (UTF-8; a file that is not was already reported by the loader).
    /// Only real YAML comments count: a `#` inside a scalar — a quoted string, a block scalar's text —
    /// is part of the value, whatever follows it. `scalars` are the byte ranges of the file's scalars
    /// (`YAMLNode.scalarSpans(in:)`, sorted); empty when the file did not load.
    /// Linear in the file's size: one pass over the lines, one backwards pass for the blocks (and a
    /// binary search among `scalars` per `#`).
    /// `mayHoldSuppression` is `mayHoldSuppression(bytes)`, decided once when the file was read.
    static func scan(
        _ bytes: [UInt8], path: String, scalars: [Range<Int>] = [], mayHoldSuppression: Bool,
        into diagnostics: inout [Diagnostic]
    ) -> [Suppression] {
        guard mayHoldSuppression else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        // The byte offset of each line's start (the same breaks as `lines`).
        var lineStarts = [0]
        lineStarts.reserveCapacity(lines.count)
        for (offset, byte) in bytes.enumerated() {
            if byte == 10 || (byte == 13 && (offset + 1 == bytes.count || bytes[offset + 1] != 10)) {
                lineStarts.append(offset + 1)
            }
        }
        func lineStart(_ index: Int) -> Int { index < lineStarts.count ? lineStarts[index] : bytes.count }
        // Indentation of each line, nil for blank and comment-only lines (a line of a block scalar
        // that starts with `#` is text, not a comment).
        let indents: [Int?] = lines.indices.map { index in
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            if trimmed.isEmpty { return nil }
            if trimmed.hasPrefix("#"),
                !Self.isInside(scalars, lineStart(index) + line.utf8.count - trimmed.utf8.count)
            {
                return nil
            }
            return line.count - trimmed.count
        }
        // For each content line, the last line of its block (lines below it indented deeper).
        var blockEnd = Array(lines.indices)
        var open: [(indent: Int, line: Int)] = []
        var lastContent = 0
        for (index, indent) in indents.enumerated() {
            guard let indent else { continue }
            while let top = open.last, top.indent >= indent {
                blockEnd[top.line] = lastContent
                open.removeLast()
            }
            open.append((indent, index))
            lastContent = index
        }
        for entry in open { blockEnd[entry.line] = lastContent }

        var found: [Suppression] = []
        for (index, line) in lines.enumerated() {
            guard let commentStart = Self.commentStart(in: line, at: lineStart(index), scalars: scalars) else {
                continue
            }
            let comment = line[commentStart...]
            guard
                let range = comment.range(of: "#" + " " + Suppression.marker)
                    ?? comment.range(of: "#" + Suppression.marker)
            else { continue }
            let before = line[..<range.lowerBound]
            guard before.isEmpty || before.last == " " || before.last == "\t" else { continue }
            let markerStart = line.range(of: Suppression.marker, range: range)?.lowerBound ?? range.lowerBound
            let column = line[..<markerStart].unicodeScalars.count + 1
            let offset = lineStart(index) + line[..<markerStart].utf8.count
            let location = SourceLocation(file: path, line: index + 1, column: column, offset: offset)
            var rest = line[range.upperBound...]
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { continue }
            var reason = ""
            if let dashes = rest.range(of: "--") {
                reason = rest[dashes.upperBound...].trimmingSpaces()
                rest = rest[..<dashes.lowerBound]
            }
            let names = rest.split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
            var codes: [String] = []
            var valid = true
            for name in names {
                guard let rule = RuleRegistry.rule(code: name) else {
                    diagnostics.append(
                        InvalidSuppression.diagnostic(
                            "unknown rule \(MessageText.name(name)) in suppression; 'flowc rules' lists the codes",
                            at: location))
                    valid = false
                    continue
                }
                guard Suppression.isAdjustable(rule.code) else {
                    diagnostics.append(
                        InvalidSuppression.diagnostic(
                            "\(rule.code) (\(rule.identifier)) cannot be suppressed: files that cannot be read, and suppressions themselves, are always reported",
                            at: location))
                    valid = false
                    continue
                }
                codes.append(rule.code)
            }
            if names.isEmpty {
                diagnostics.append(
                    InvalidSuppression.diagnostic(
                        "suppression names no rule; write '# flowc:disable FC301 -- REASON'", at: location))
                continue
            }
            if reason.isEmpty {
                diagnostics.append(
                    InvalidSuppression.diagnostic(
                        "suppression has no reason; add one after '--', as in '# flowc:disable \(names.joined(separator: ", ")) -- REASON'",
                        at: location))
                valid = false
            }
            guard valid || !codes.isEmpty else { continue }
            let ownLine = before.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            var first = index
            if ownLine {
                guard let next = indents[(index + 1)...].firstIndex(where: { $0 != nil }) else {
                    diagnostics.append(
                        InvalidSuppression.diagnostic(
                            "suppression covers nothing: no line follows it; put it above the line or declaration it is for",
                            at: location))
                    continue
                }
                first = next
            }
            let last = indents[first] == nil ? first : blockEnd[first]
            found.append(Suppression(codes: codes, reason: reason, location: location, lines: (first + 1)...(last + 1)))
        }
        return found
    }
}

extension SuppressionScanner {
    /// Where the YAML comment of `line` (starting at byte `offset` of the file) begins: the first `#`
    /// at the line's start or after a blank that is not inside a scalar; nil when the line has none.
    static func commentStart(in line: Substring, at offset: Int, scalars: [Range<Int>]) -> Substring.Index? {
        var previous: UInt8?
        var position = offset
        for index in line.utf8.indices {
            let byte = line.utf8[index]
            if byte == UInt8(ascii: "#"),
                previous == nil || previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t"),
                !isInside(scalars, position)
            {
                return index
            }
            previous = byte
            position += 1
        }
        return nil
    }

    /// Whether byte `offset` lies in one of `scalars` (sorted, disjoint): a binary search.
    static func isInside(_ scalars: [Range<Int>], _ offset: Int) -> Bool {
        var low = 0
        var high = scalars.count
        while low < high {
            let middle = (low + high) / 2
            if scalars[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < scalars.count && scalars[low].contains(offset)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
