/// A strict reading of a snapshot's JSON text, for what Foundation's `JSONDecoder` cannot tell: a key
/// given twice in one object (the decoder keeps one of them silently), a key a snapshot does not have
/// (ignored by the decoder), and a whole number too large for `int` (which the decoder turns into a
/// `double`), an argument written with a fraction or an exponent (`7.0`, which the decoder would take
/// as the `int` 7), and nesting deeper than ``maximumDepth``. See ``FlowSnapshot/init(json:)``.
///
/// One pass over the UTF-8 bytes with an explicit stack (no recursion); time and memory are linear in
/// the text. A snapshot's syntax is judged before its keys and values: text that is not JSON (truncated
/// anywhere, or with text after its value) gets no opinion here, whatever it says before it breaks, and the
/// decoder then says what is wrong with it; only nesting too deep is refused where it is met.
enum SnapshotJSONReader {
    /// Nesting past this many objects and lists is refused (before the decoder, which would call it "not JSON").
    static let maximumDepth = 512

    /// What a JSON value stands for in a snapshot, which decides the keys its object may have.
    private enum Schema {
        case snapshot, instances, instance, routes, route, arguments, argument, otherTabs, pendingLink, other

        /// The keys an object of this kind may have (the snapshot types' `CodingKeys`, ``SnapshotKeys``); nil
        /// when any key may appear.
        var keys: [String]? {
            switch self {
            case .snapshot: Self.snapshotKeys
            case .instance: Self.instanceKeys
            case .route: Self.routeKeys
            case .pendingLink: Self.pendingLinkKeys
            default: nil
            }
        }

        private static let snapshotKeys = SnapshotKeys.names(FlowSnapshot.CodingKeys.self)
        private static let instanceKeys = SnapshotKeys.names(FlowSnapshot.Instance.CodingKeys.self)
        private static let routeKeys = SnapshotKeys.names(FlowSnapshot.RouteEntry.CodingKeys.self)
        private static let pendingLinkKeys = SnapshotKeys.names(FlowSnapshot.PendingLinkEntry.CodingKeys.self)

        /// What the value of key `key` of this object holds: in an object whose keys any name may be (an
        /// argument's, a kept tab's), its ``member``.
        func holds(_ key: String) -> Schema {
            guard keys != nil else { return member }
            switch key {
            case "instances": return .instances
            case "arguments": return .arguments
            case "routes": return .routes
            case "otherTabs": return .otherTabs
            case "pendingLink": return .pendingLink
            default: return .other
            }
        }

        /// What a member of this object or list holds, for a key its `keys` do not list.
        var member: Schema {
            switch self {
            case .instances: .instance
            case .routes: .route
            case .arguments: .argument
            case .otherTabs: .instances
            default: .other
            }
        }

        /// Whether the snapshot has an object here (true), a list (false), or anything (nil); a value of
        /// the other kind is left to the decoder, which names the kind it expected.
        var isObject: Bool? {
            switch self {
            case .snapshot, .instance, .route, .pendingLink, .arguments, .otherTabs: true
            case .instances, .routes: false
            case .argument, .other: nil
            }
        }

        /// What the object is, in messages.
        var noun: String {
            switch self {
            case .snapshot: "a snapshot"
            case .instance: "an instance"
            case .route: "a route"
            case .pendingLink: "a pending link"
            default: "a value"
            }
        }
    }

    /// One open object or list.
    private struct Frame {
        var isObject: Bool
        var schema: Schema
        /// The location of the container, as ``SnapshotJSONFailure`` writes it (`instances[0].routes`).
        var location: String
        var keys: Set<String> = []
        var count = 0
        /// For an object: the key whose value comes next.
        var key: String?
    }

    /// Why `json` is no snapshot one of these ways, located (`at instances[0]: key 'flow' is given twice`):
    /// the first such problem in the text, once the whole text was read as JSON; nil when none applies, and
    /// for text that is not JSON (`{"a":` is not complete, so `a` is not judged).
    /// - Parameter doubles: gets the location (`instances[0].routes[1].arguments.bookID`) of each
    ///   argument written with a fraction or an exponent, which is a `double` whatever its value.
    static func problem(in json: String, doubles: inout Set<String>) -> String? {
        let bytes = Array(json.utf8)
        var index = 0
        var stack: [Frame] = []
        /// Where the next value sits and what it stands for.
        var location = ""
        var schema = Schema.snapshot
        /// The first problem met, told only once the text proves to be JSON.
        var found: String?

        func skipBlanks() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            {
                index += 1
            }
        }
        func at(_ location: String) -> String { location.isEmpty ? "at the top level" : "at \(location)" }

        /// Reads an object member's key and colon; the value's location and schema, or the problem with
        /// the key. Nil when the text is not JSON.
        func member(of frame: inout Frame) -> (location: String, schema: Schema, problem: String?)? {
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            let keyLocation = frame.location.isEmpty ? key : "\(frame.location).\(key)"
            guard frame.keys.insert(key).inserted else {
                return (
                    keyLocation, .other, "\(at(frame.location)): key '\(key)' is given twice; each key is written once"
                )
            }
            if let keys = frame.schema.keys, !keys.contains(key) {
                return (
                    keyLocation, .other,
                    "\(at(frame.location)): " + SnapshotKeys.unknownKey(key, among: keys, in: frame.schema.noun)
                )
            }
            return (keyLocation, frame.schema.holds(key), nil)
        }

        /// The location and schema of a list's next element.
        func element(of frame: inout Frame) -> (String, Schema) {
            defer { frame.count += 1 }
            return ("\(frame.location)[\(frame.count)]", frame.schema.member)
        }

        /// Reads a string at `index` (its opening quote), decoding escapes; nil when malformed.
        func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    if runStart < index {
                        scalars.append(
                            contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                    }
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                if runStart < index {
                    scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                }
                index += 1
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escaped))
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        let mark = index
                        index += 2
                        if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = mark
                        }
                    }
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: return nil
                }
                runStart = index
            }
            return nil
        }

        /// Four hexadecimal digits at `index`, read as a number.
        func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | digit
            }
            index += 4
            return value
        }

        while true {
            skipBlanks()
            guard index < bytes.count else { return nil }
            // A value.
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                guard stack.count < maximumDepth else {
                    return "\(at(location)): the snapshot nests objects and lists more than \(maximumDepth) levels deep"
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(
                    Frame(
                        isObject: isObject, schema: schema.isObject.map { $0 == isObject } ?? true ? schema : .other,
                        location: location))
                index += 1
                skipBlanks()
                let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == closing {
                    index += 1
                    stack.removeLast()
                } else {
                    // The first member.
                    if stack[stack.count - 1].isObject {
                        guard let next = member(of: &stack[stack.count - 1]) else { return nil }
                        if found == nil { found = next.problem }
                        (location, schema) = (next.location, next.schema)
                    } else {
                        (location, schema) = element(of: &stack[stack.count - 1])
                    }
                    continue
                }
            } else if byte == UInt8(ascii: "\"") {
                guard string() != nil else { return nil }
            } else {
                let start = index
                while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
                guard index > start else { return nil }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if schema == .argument, found == nil {
                    if isWholeNumber(text), Int(text) == nil {
                        found =
                            "\(at(location)): \(text) is out of range for int (a double is written with a fraction or an exponent: 1e20)"
                    } else if hasLeadingZero(text) {
                        found = "\(at(location)): \(text) is not a JSON number; write it without leading zeros"
                    } else if !isWholeNumber(text), let number = Double(text) {
                        if number.isInfinite { found = "\(at(location)): \(text) is out of range for double" }
                        doubles.insert(location)
                    }
                }
            }
            // After a value: close containers or go on to the next member.
            while true {
                skipBlanks()
                // The whole value was read: text after it is not JSON.
                guard var frame = stack.popLast() else { return index < bytes.count ? nil : found }
                guard index < bytes.count else { return nil }
                let closing = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[index] == closing {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                if frame.isObject {
                    guard let next = member(of: &frame) else { return nil }
                    if found == nil { found = next.problem }
                    (location, schema) = (next.location, next.schema)
                } else {
                    (location, schema) = element(of: &frame)
                }
                stack.append(frame)
                break
            }
        }

    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Whether `byte` ends a number or a literal (`true`, `null`).
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "\""),
            UInt8(ascii: "{"), UInt8(ascii: "["), 0x20, 0x0A, 0x0D, 0x09:
            true
        default: false
        }
    }

    /// Whether `text` starts, after an optional `-`, with a `0` followed by a digit (`007`, `-01.5`), which JSON
    /// does not allow (the decoder's complaint would name the wrong kind of value).
    private static func hasLeadingZero(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? Array(text.utf8.dropFirst()) : Array(text.utf8)
        return digits.count > 1 && digits[0] == UInt8(ascii: "0") && digits[1] >= UInt8(ascii: "0")
            && digits[1] <= UInt8(ascii: "9")
    }

    /// Whether `text` is a JSON number without a fraction or an exponent (`-12`).
    private static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
