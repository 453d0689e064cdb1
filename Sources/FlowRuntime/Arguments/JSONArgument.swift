import FlowModel

/// A ``Value`` coded as a plain JSON value: `7`, `2.5`, `true`, `"Dune"` (how snapshots and `flowc run`
/// traces write arguments).
///
/// Decoding tries, in order, a boolean, a whole number (`int`), a number (`double`) and a string. A number
/// whose coding path (as `instances[0].arguments.x`) is in the decoder's ``writtenAsDouble`` user info is a
/// `double` even when whole (`7.0`).
package struct JSONArgument: Hashable, Sendable, Codable {
    package var value: Value

    package init(_ value: Value) { self.value = value }

    /// The user-info key for the coding paths (`Set<String>`, as `instances[0].routes[1].arguments.bookID`)
    /// of numbers written with a fraction or an exponent.
    static let writtenAsDouble = CodingUserInfoKey(rawValue: "flowc.writtenAsDouble")!

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let isDouble =
            (decoder.userInfo[Self.writtenAsDouble] as? Set<String>)?.contains(
                SnapshotJSONFailure.path(decoder.codingPath)) ?? false
        if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if !isDouble, let int = try? container.decode(Int.self) {
            value = .int(int)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else {
            value = .string(try container.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .int(let int): try container.encode(int)
        case .double(let double): try container.encode(double)
        case .bool(let bool): try container.encode(bool)
        case .string(let string): try container.encode(string)
        }
    }
}
