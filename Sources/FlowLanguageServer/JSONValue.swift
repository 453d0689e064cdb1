import Foundation

/// A JSON value as the protocol carries it: read with Foundation's `JSONDecoder`, written with
/// `JSONEncoder` (keys sorted, so the same message is always the same bytes).
///
/// `true` and `1` stay apart (a Boolean never reads as a number); an integer that fits `Int` is
/// `.integer`, any other number `.number`.
package enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value.isFinite ? value : 0)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object; `.null` for anything else or a missing member.
    package subscript(key: String) -> JSONValue {
        if case .object(let members) = self { return members[key] ?? .null }
        return .null
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var integer: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    package var isNull: Bool { self == .null }

    /// The deepest nesting of arrays and objects in `bytes` (JSON text), counted without parsing, with
    /// strings skipped: messages deeper than ``JSONValue/maximumDepth`` are refused before decoding, so
    /// no decoder recurses to a depth the client chooses.
    static func nestingDepth(_ bytes: some Collection<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Messages nested deeper than this are refused (LSP's own messages nest less than 10 deep).
    package static let maximumDepth = 64

    /// Decodes one JSON text. - Throws: `JSONValue.DecodingFailure` for text that is not JSON, or deeper
    /// than ``maximumDepth``.
    package static func decode(_ bytes: [UInt8]) throws(DecodingFailure) -> JSONValue {
        guard nestingDepth(bytes) <= maximumDepth else { throw .tooDeep }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw .notJSON
        }
    }

    /// Why a text did not decode.
    package enum DecodingFailure: Error, Sendable {
        case notJSON, tooDeep
    }

    /// The value as compact JSON text (keys sorted).
    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    package init(nilLiteral: ()) { self = .null }
}
