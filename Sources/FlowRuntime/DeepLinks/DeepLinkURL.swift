/// The path segments of a URL given to ``FlowCoordinator/open(_:)``, read strictly (docs/RUNNING.md,
/// "Deep links": what a URL may hold). A URL that cannot be read without guessing is refused, never
/// repaired: a link matches exactly the path that was written.
enum DeepLinkURL {
    /// The `/`-separated, percent-decoded path segments of `url`: a full URL (`app://host/books/7?x=1`,
    /// whose scheme and authority are ignored) or an absolute path (`/books/7`). Everything from the first
    /// `?` or `#` (query, fragment) is ignored; `/` and an empty path after an authority are the root
    /// (no segments). Linear in the length of `url`.
    /// - Throws: ``FlowRuntimeError/linkURLInvalid(url:because:)`` for an empty URL, a path that does not
    ///   start with `/`, an empty segment (`//posts/5`, `/posts/5/`), a `.` or `..` segment (also when
    ///   percent-encoded), a `%` not followed by two hexadecimal digits, escapes that do not decode as
    ///   UTF-8, and a control character (U+0000–U+001F, U+007F) in a decoded segment.
    static func segments(of url: String) throws(FlowRuntimeError) -> [String] {
        func refuse(_ because: String) -> FlowRuntimeError { .linkURLInvalid(url: url, because: because) }
        var rest = Substring(url)
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var afterAuthority = false
        if let colon = rest.firstIndex(of: ":"), isScheme(rest[..<colon]) {
            rest = rest[rest.index(after: colon)...]
            if rest.hasPrefix("//") {
                // The authority (host, port, user) runs to the next '/'.
                rest = rest.dropFirst(2)
                rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
                afterAuthority = true
            }
        }
        if rest.isEmpty {
            guard afterAuthority else {
                throw refuse(
                    url.isEmpty ? "it is empty; write '/' for the root" : "its path is empty; write '/' for the root")
            }
            return []
        }
        guard rest.hasPrefix("/") else { throw refuse("its path does not start with '/'") }
        if rest == "/" { return [] }
        var segments: [String] = []
        for (index, raw) in rest.dropFirst().split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            let position = "segment \(index + 1)"
            guard !raw.isEmpty else {
                throw refuse(
                    "\(position) is empty ('//' or a '/' at the end); a link matches the path as written, so remove the extra '/'"
                )
            }
            let segment = try decoded(raw, at: position, refuse)
            if segment == "." || segment == ".." {
                throw refuse("\(position) is '\(segment)'; dot segments are not resolved, write the path without them")
            }
            if let control = segment.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw refuse("\(position) holds the control character U+\(hex(control.value, width: 4))")
            }
            segments.append(segment)
        }
        return segments
    }

    /// `scheme ":"` as RFC 3986 writes it: a letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".")
        }
    }

    /// `raw` with its percent escapes decoded; the bytes must form UTF-8.
    private static func decoded(
        _ raw: Substring, at position: String, _ refuse: (String) -> FlowRuntimeError
    ) throws(FlowRuntimeError) -> String {
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        let bytes = Array(raw.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else {
                let escape = String(decoding: bytes[index..<min(index + 3, bytes.count)], as: UTF8.self)
                throw refuse(
                    "\(position) holds '\(escape)', which is not a percent escape ('%' and two hexadecimal digits; write '%25' for '%')"
                )
            }
            output.append(high << 4 | low)
            index += 3
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            throw refuse("\(position)'s percent escapes do not decode as UTF-8 ('\(raw)')")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
