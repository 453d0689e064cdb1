import FlowDefinitions
import FlowModel

/// Splits a deep-link pattern such as `/books/{bookID:int}/edit` into typed segments.
///
/// A pattern starts with `/`; segments are separated by `/`; a segment is either literal text
/// or a whole placeholder `{name}` (a `string`) or `{name:type}` with a type of `ParameterType`.
enum LinkPatternParser {
    /// The characters a literal segment may hold: RFC 3986 `pchar` without percent escapes
    /// (unreserved characters, sub-delimiters, `:` and `@`), ASCII only.
    static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) { return true }
        return "-._~!$&'()*+,;=:@".unicodeScalars.contains(scalar)
    }

    /// The segments, or nil after reporting an `InvalidLinkPattern` diagnostic.
    /// - Parameters:
    ///   - location: where the pattern's text starts (after an opening quote).
    ///   - locate: where the pattern's character at an index (in Unicode scalars) was written, when the
    ///     scalar's escapes or quotes make that differ from `location` plus the index
    ///     (``ScalarCharacterLocation``); nil to count from `location`.
    static func parse(
        _ pattern: String, at location: SourceLocation, locate: (Int) -> SourceLocation? = { _ in nil },
        reportingTo diagnostics: inout [Diagnostic]
    ) -> [LinkSegment]? {
        // `column` counts scalars from the start of the pattern and `offset` its UTF-8 bytes, so
        // a location keeps its column and byte offset in step (source snippets use the offset).
        func at(column: Int, offset: Int) -> SourceLocation {
            if let written = locate(column) { return written }
            var at = location
            at.column += column
            at.offset += offset
            return at
        }
        func fail(_ message: String, column: Int, offset: Int) -> [LinkSegment]? {
            diagnostics.append(InvalidLinkPattern.diagnostic(message, at: at(column: column, offset: offset)))
            return nil
        }
        guard pattern.hasPrefix("/") else {
            return fail("link pattern \(MessageText.name(pattern)) must start with '/'", column: 0, offset: 0)
        }
        var segments: [LinkSegment] = []
        var column = 1
        var offset = 1
        var names = Set<String>()
        for part in pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let segmentLocation = at(column: column, offset: offset)
            defer {
                column += part.unicodeScalars.count + 1
                offset += part.utf8.count + 1
            }
            if part.isEmpty {
                if segments.isEmpty, pattern == "/" { break }
                return fail(
                    "empty segment in link pattern \(MessageText.name(pattern)); remove the extra '/'", column: column,
                    offset: offset)
            }
            if part == "." || part == ".." {
                return fail(
                    "\(MessageText.name(String(part))) segments are not allowed in link pattern \(MessageText.name(pattern)); write the path as it is matched",
                    column: column, offset: offset)
            }
            if let index = part.unicodeScalars.firstIndex(where: { !Self.isPathCharacter($0) && $0 != "{" && $0 != "}" }
            ) {
                let scalar = part.unicodeScalars[index]
                let advice =
                    switch scalar {
                    case "?", "#": "a pattern matches the URL's path only, without its query or fragment"
                    case "%": "percent escapes are not supported; write the character itself"
                    default: "use letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @"
                    }
                let shown = scalar == " " ? "a space" : "'\(scalar)'"
                return fail(
                    "\(shown) cannot appear in link pattern \(MessageText.name(pattern)); \(advice)",
                    column: column + part.unicodeScalars.distance(from: part.unicodeScalars.startIndex, to: index),
                    offset: offset + part.utf8.distance(from: part.startIndex, to: index))
            }
            guard part.contains("{") || part.contains("}") else {
                segments.append(LinkSegment(.literal(String(part)), at: segmentLocation))
                continue
            }
            guard part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2,
                part.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
            else {
                return fail(
                    "a placeholder must fill a whole segment, as in '{bookID:int}'", column: column, offset: offset)
            }
            let inner = part.dropFirst().dropLast()
            let pieces = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pieces[0])
            guard FlowDecoder.isIdentifier(name) else {
                return fail(
                    "\(MessageText.name(name)) is not a valid placeholder name; use ASCII letters, digits and '_'",
                    column: column + 1, offset: offset + 1)
            }
            var type = ParameterType.string
            if pieces.count == 2 {
                guard let parsed = ParameterType(rawValue: String(pieces[1])) else {
                    let typeColumn = column + 2 + name.unicodeScalars.count
                    let typeOffset = offset + 2 + name.utf8.count
                    let known = ParameterType.allCases.map(\.rawValue)
                    let hint = NameSuggestion.hint(for: String(pieces[1]), among: known)
                    return fail(
                        "unknown placeholder type \(MessageText.name(String(pieces[1])))"
                            + (hint.isEmpty ? "; expected one of \(known.joined(separator: ", "))" : hint),
                        column: typeColumn, offset: typeOffset)
                }
                type = parsed
            }
            guard names.insert(name).inserted else {
                return fail(
                    "placeholder \(MessageText.name(name)) appears twice in link pattern \(MessageText.name(pattern))",
                    column: column + 1, offset: offset + 1)
            }
            segments.append(
                LinkSegment(.placeholder(name: name, type: type), at: at(column: column + 1, offset: offset + 1)))
        }
        return segments
    }
}
