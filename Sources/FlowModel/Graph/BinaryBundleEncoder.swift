/// Writes `Encodable` graph values in flowc's binary bundle encoding (docs/BUNDLE.md, "Binary encoding").
///
/// Driven by the types' synthesized `Codable` conformances, so a field added to a graph type is
/// written without touching this file. The output is deterministic: values are written in the order
/// the conformances encode them (declaration order) and strings are numbered in first-use order.
///
/// - Integers: zigzag LEB128 varints. Booleans: one byte. Doubles: 8 bytes, IEEE 754 bits, little endian.
/// - Strings: a varint index into the string table; keys: a varint index into the key table.
/// - Keyed containers: each entry is its key, then its value; `encodeIfPresent` writes the key, then
///   a presence byte (0 absent, 1 present) and the value.
/// - Unkeyed containers: a 4-byte little-endian element count, then the elements.
/// - A bare `nil` (an optional outside a keyed container) is not supported: encoding throws.
struct BinaryBundleEncoder {
    /// The encoded payload of `value`: the key table, the string table, then the value.
    /// - Throws: `EncodingError.invalidValue` for a bare `nil` or a `superEncoder` request.
    static func payload<T: Encodable>(of value: T) throws -> [UInt8] {
        let output = Output()
        try output.encode(value)
        var payload: [UInt8] = []
        payload.reserveCapacity(output.body.count + output.strings.count * 8 + 256)
        for table in [output.keys, output.strings] {
            BinaryBundleEncoder.appendVarint(UInt64(table.count), to: &payload)
            for text in table {
                let utf8 = Array(text.utf8)
                BinaryBundleEncoder.appendVarint(UInt64(utf8.count), to: &payload)
                payload += utf8
            }
        }
        return payload + output.body
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The shared state of one encoding: the body and the two tables.
    final class Output {
        var body: [UInt8] = []
        var strings: [String] = []
        var keys: [String] = []
        private var stringIndex: [String: Int] = [:]
        private var keyIndex: [String: Int] = [:]

        func varint(_ value: UInt64) { BinaryBundleEncoder.appendVarint(value, to: &body) }
        func int(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

        func string(_ text: String) {
            if let index = stringIndex[text] { return varint(UInt64(index)) }
            stringIndex[text] = strings.count
            varint(UInt64(strings.count))
            strings.append(text)
        }

        func key(_ key: some CodingKey) {
            let name = key.stringValue
            if let index = keyIndex[name] { return varint(UInt64(index)) }
            keyIndex[name] = keys.count
            varint(UInt64(keys.count))
            keys.append(name)
        }

        func double(_ value: Double) {
            let bits = value.bitPattern
            for shift in stride(from: 0, to: 64, by: 8) { body.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        }

        /// Writes `value`: the common scalars directly, anything else through its `Encodable` conformance
        /// (which reaches ``SingleValueWriter`` for the other scalars).
        func encode<T: Encodable>(_ value: T) throws {
            // Type identity checks, not casts: this runs for every value.
            if T.self == String.self { return string(unsafeBitCast(value, to: String.self)) }
            if T.self == Int.self { return int(Int64(unsafeBitCast(value, to: Int.self))) }
            if T.self == Bool.self { return body.append(unsafeBitCast(value, to: Bool.self) ? 1 : 0) }
            if T.self == Double.self { return double(unsafeBitCast(value, to: Double.self)) }
            try value.encode(to: Writer(output: self))
        }
    }

    /// The `Encoder` handed to each value's conformance.
    struct Writer: Encoder {
        let output: Output
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(KeyedWriter(output: output))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedWriter(output: output) }

        func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueWriter(output: output) }
    }

    static func unsupported(_ what: String) -> EncodingError {
        EncodingError.invalidValue(what, EncodingError.Context(codingPath: [], debugDescription: "the binary bundle encoding does not support \(what)"))
    }

    struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let output: Output
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { throw unsupported("a bare nil") }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            output.key(key)
            try output.encode(value)
        }

        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }
        // The protocol routes optionals of these types to overloads whose default skips nil: override them all.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

        /// The key, a presence byte, and the value when there is one.
        private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
            output.key(key)
            guard let value else { return output.body.append(0) }
            output.body.append(1)
            try output.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            output.key(key)
            return KeyedEncodingContainer(KeyedWriter<NestedKey>(output: output))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            output.key(key)
            return UnkeyedWriter(output: output)
        }

        mutating func superEncoder() -> any Encoder { Writer(output: output) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            output.key(key)
            return Writer(output: output)
        }
    }

    /// Writes a 4-byte count first and updates it in place as elements are added (encoding streams:
    /// a value is written completely before its container continues).
    struct UnkeyedWriter: UnkeyedEncodingContainer {
        let output: Output
        let countOffset: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(output: Output) {
            self.output = output
            countOffset = output.body.count
            output.body += [0, 0, 0, 0]
        }

        private mutating func added() {
            count += 1
            for byte in 0..<4 { output.body[countOffset + byte] = UInt8(truncatingIfNeeded: count >> (8 * byte)) }
        }

        mutating func encodeNil() throws { throw unsupported("a bare nil") }

        mutating func encode<T: Encodable>(_ value: T) throws {
            added()
            try output.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            added()
            return KeyedEncodingContainer(KeyedWriter<NestedKey>(output: output))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            added()
            return UnkeyedWriter(output: output)
        }

        mutating func superEncoder() -> any Encoder {
            added()
            return Writer(output: output)
        }
    }

    struct SingleValueWriter: SingleValueEncodingContainer {
        let output: Output
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { throw unsupported("a bare nil") }
        mutating func encode<T: Encodable>(_ value: T) throws { try output.encode(value) }
        mutating func encode(_ value: String) throws { output.string(value) }
        mutating func encode(_ value: Bool) throws { output.body.append(value ? 1 : 0) }
        mutating func encode(_ value: Double) throws { output.double(value) }
        mutating func encode(_ value: Float) throws { output.double(Double(value)) }
        mutating func encode(_ value: Int) throws { output.int(Int64(value)) }
        mutating func encode(_ value: Int8) throws { output.int(Int64(value)) }
        mutating func encode(_ value: Int16) throws { output.int(Int64(value)) }
        mutating func encode(_ value: Int32) throws { output.int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { output.int(value) }
        mutating func encode(_ value: UInt) throws { output.int(Int64(truncatingIfNeeded: value)) }
        mutating func encode(_ value: UInt8) throws { output.int(Int64(value)) }
        mutating func encode(_ value: UInt16) throws { output.int(Int64(value)) }
        mutating func encode(_ value: UInt32) throws { output.int(Int64(value)) }
        mutating func encode(_ value: UInt64) throws { output.int(Int64(truncatingIfNeeded: value)) }
    }
}
