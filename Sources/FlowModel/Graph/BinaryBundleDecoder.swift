/// Reads values written by ``BinaryBundleEncoder`` (docs/BUNDLE.md, "Binary encoding").
///
/// Every read is bounds-checked and every key is checked against the one the conformance asks for,
/// so damaged input throws `BinaryBundleDecoder.Failure` with the byte offset, never crashes; values
/// nest at most ``maxDepth`` deep, so a hostile file cannot exhaust the stack.
struct BinaryBundleDecoder {
    /// Deepest nesting of values accepted (a flow's deepest `if` chain is far shallower).
    static let maxDepth = 256

    /// Why the bytes are not a value of the requested type.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// Decodes a `T` from `payload` (key table, string table, value); the payload must end with it.
    /// - Throws: ``Failure``.
    static func decode<T: Decodable>(_ type: T.Type, from payload: [UInt8]) throws(Failure) -> T {
        let input = Input(payload)
        do {
            input.keys = try input.table()
            input.strings = try input.table()
            let value = try input.decode(T.self)
            let extra = payload.count - input.position
            guard extra == 0 else {
                throw input.fail("\(extra) byte\(extra == 1 ? "" : "s") after the end of the flows")
            }
            return value
        } catch let failure as Failure {
            throw failure
        } catch {
            // Conformances throw DecodingError for values they reject (an unknown enum case, say).
            throw Failure(reason: "unexpected value at byte \(input.position)")
        }
    }

    /// The shared cursor of one decoding.
    final class Input {
        let bytes: [UInt8]
        var position = 0
        var keys: [String] = []
        var strings: [String] = []
        var depth = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ reason: String) -> Failure { Failure(reason: "\(reason) at byte \(position)") }

        func byte() throws(Failure) -> UInt8 {
            guard position < bytes.count else { throw fail("unexpected end of data") }
            defer { position += 1 }
            return bytes[position]
        }

        func varint() throws(Failure) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64 else { throw fail("overlong number") }
                value |= UInt64(next & 0x7f) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        func int() throws(Failure) -> Int {
            let raw = try varint()
            return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
        }

        func index(below count: Int, _ what: String) throws(Failure) -> Int {
            let raw = try varint()
            guard raw < UInt64(count) else { throw fail("\(what) \(raw) out of range") }
            return Int(raw)
        }

        func string() throws(Failure) -> String { strings[try index(below: strings.count, "string")] }

        func double() throws(Failure) -> Double {
            guard bytes.count - position >= 8 else { throw fail("unexpected end of data") }
            var bits: UInt64 = 0
            for offset in 0..<8 { bits |= UInt64(bytes[position + offset]) << UInt64(8 * offset) }
            position += 8
            return Double(bitPattern: bits)
        }

        func count() throws(Failure) -> Int {
            guard bytes.count - position >= 4 else { throw fail("unexpected end of data") }
            var count = 0
            for offset in 0..<4 { count |= Int(bytes[position + offset]) << (8 * offset) }
            position += 4
            return count
        }

        /// A table of strings: a varint count, then each as a varint length and UTF-8 bytes.
        func table() throws(Failure) -> [String] {
            let start = position
            let count = try varint()
            var table: [String] = []
            // Each entry takes at least one byte, so a count larger than what is left is damage.
            guard count <= UInt64(bytes.count - position) else {
                position = start
                throw fail("table of \(count) strings longer than the data")
            }
            table.reserveCapacity(Int(count))
            for _ in 0..<count {
                let length = try varint()
                guard length <= UInt64(bytes.count - position) else { throw fail("unexpected end of data") }
                table.append(String(decoding: bytes[position..<position + Int(length)], as: UTF8.self))
                position += Int(length)
            }
            return table
        }

        /// Checks that the next key is `key`.
        func expect(_ key: some CodingKey) throws(Failure) {
            let found = keys[try index(below: keys.count, "key")]
            guard found == key.stringValue else { throw fail("expected '\(key.stringValue)', found '\(found)'") }
        }

        /// The next key, without consuming it (for an enum's case).
        func peekKey() throws(Failure) -> String {
            let start = position
            defer { position = start }
            return keys[try index(below: keys.count, "key")]
        }

        /// Reads a `T`: the common scalars directly, anything else through its `Decodable` conformance
        /// (which reaches ``SingleValueReader`` for the other scalars).
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            // Type identity checks, not casts: this runs for every value.
            if T.self == String.self { return unsafeBitCast(try string(), to: T.self) }
            if T.self == Int.self { return unsafeBitCast(try int(), to: T.self) }
            if T.self == Bool.self { return unsafeBitCast(try bool(), to: T.self) }
            if T.self == Double.self { return unsafeBitCast(try double(), to: T.self) }
            depth += 1
            defer { depth -= 1 }
            guard depth <= BinaryBundleDecoder.maxDepth else { throw fail("values nested too deep") }
            return try T(from: Reader(input: self))
        }

        func bool() throws(Failure) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default:
                position -= 1
                throw fail("not a boolean")
            }
        }

        /// Reads a presence byte: whether an optional value follows.
        func isPresent() throws(Failure) -> Bool { try bool() }
    }

    struct Reader: Decoder {
        let input: Input
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(KeyedReader(input: input))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try UnkeyedReader(input: input) }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueReader(input: input) }
    }

    struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let input: Input
        var codingPath: [any CodingKey] { [] }

        /// The next entry's key: an enum's conformance reads its case from it.
        var allKeys: [Key] {
            guard let name = try? input.peekKey(), let key = Key(stringValue: name) else { return [] }
            return [key]
        }

        func contains(_ key: Key) -> Bool { (try? input.peekKey()) == key.stringValue }

        func decodeNil(forKey key: Key) throws -> Bool {
            try input.expect(key)
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try input.expect(key)
            return try input.decode(T.self)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(key) }
        // The protocol routes these optionals to overloads with their own defaults: override them all.
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key) }

        private func present<T: Decodable>(_ key: Key) throws -> T? {
            try input.expect(key)
            return try input.isPresent() ? try input.decode(T.self) : nil
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try input.expect(key)
            return KeyedDecodingContainer(KeyedReader<NestedKey>(input: input))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try input.expect(key)
            return try UnkeyedReader(input: input)
        }

        func superDecoder() throws -> any Decoder { Reader(input: input) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            try input.expect(key)
            return Reader(input: input)
        }
    }

    struct UnkeyedReader: UnkeyedDecodingContainer {
        let input: Input
        let count: Int?
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var isAtEnd: Bool { currentIndex >= (count ?? 0) }

        init(input: Input) throws(Failure) {
            self.input = input
            count = try input.count()
        }

        private mutating func next() throws(Failure) {
            guard !isAtEnd else { throw input.fail("more elements read than stored") }
            currentIndex += 1
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try next()
            return try input.decode(T.self)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next()
            return KeyedDecodingContainer(KeyedReader<NestedKey>(input: input))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next()
            return try UnkeyedReader(input: input)
        }

        mutating func superDecoder() throws -> any Decoder {
            try next()
            return Reader(input: input)
        }
    }

    struct SingleValueReader: SingleValueDecodingContainer {
        let input: Input
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try input.decode(T.self) }
        func decode(_ type: String.Type) throws -> String { try input.string() }
        func decode(_ type: Bool.Type) throws -> Bool { try input.bool() }
        func decode(_ type: Double.Type) throws -> Double { try input.double() }
        func decode(_ type: Float.Type) throws -> Float { Float(try input.double()) }
        func decode(_ type: Int.Type) throws -> Int { try input.int() }
        func decode(_ type: Int8.Type) throws -> Int8 { Int8(truncatingIfNeeded: try input.int()) }
        func decode(_ type: Int16.Type) throws -> Int16 { Int16(truncatingIfNeeded: try input.int()) }
        func decode(_ type: Int32.Type) throws -> Int32 { Int32(truncatingIfNeeded: try input.int()) }
        func decode(_ type: Int64.Type) throws -> Int64 { Int64(try input.int()) }
        func decode(_ type: UInt.Type) throws -> UInt { UInt(truncatingIfNeeded: try input.int()) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { UInt8(truncatingIfNeeded: try input.int()) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { UInt16(truncatingIfNeeded: try input.int()) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { UInt32(truncatingIfNeeded: try input.int()) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { UInt64(truncatingIfNeeded: try input.int()) }
    }
}
