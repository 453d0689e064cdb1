/// A position in a flow source file.
///
/// `line` and `column` count from 1; `column` counts Unicode scalars (a tab counts as one),
/// matching what clang, the Swift compiler and editors expect in `file:line:col`.
/// `offset` is the byte offset from 0 into the file as read (a UTF-8 BOM included).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The path of the file as given by the user (not resolved), so diagnostics repeat what they typed.
    public var file: String
    /// Line number, from 1.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// Column, from 1, in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }
    /// Byte offset, from 0.
    public var offset: Int
    /// For text reached through a YAML alias: this location is the alias's use (`*base`), and this is
    /// the anchor and where the copied text is written. Nil for text written where it stands.
    public var copiedFrom: AliasOrigin? {
        get { origin?.value }
        set { origin = newValue.map(OriginBox.init) }
    }

    // Compact storage, since every decoded name and value carries a location (40 bytes instead of 80):
    // line and column in 32 bits (a line or column past 4,294,967,295 reads as that number), and the
    // rare alias origin behind one reference.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var origin: OriginBox?

    /// Holds an ``AliasOrigin`` out of line (immutable, so sharing it between copies is safe).
    private final class OriginBox: Sendable {
        let value: AliasOrigin
        init(_ value: AliasOrigin) { self.value = value }
    }

    public init(file: String, line: Int, column: Int, offset: Int, copiedFrom: AliasOrigin? = nil) {
        self.file = file
        self.storedLine = UInt32(clamping: line)
        self.storedColumn = UInt32(clamping: column)
        self.offset = offset
        self.origin = copiedFrom.map(OriginBox.init)
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, column, offset, copiedFrom
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column), offset: try container.decode(Int.self, forKey: .offset),
            copiedFrom: try container.decodeIfPresent(AliasOrigin.self, forKey: .copiedFrom))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(offset, forKey: .offset)
        try container.encodeIfPresent(copiedFrom, forKey: .copiedFrom)
    }

    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset == rhs.offset && lhs.storedLine == rhs.storedLine && lhs.storedColumn == rhs.storedColumn
            && lhs.file == rhs.file && lhs.copiedFrom == rhs.copiedFrom
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(storedLine)
        hasher.combine(storedColumn)
        hasher.combine(offset)
        hasher.combine(copiedFrom)
    }

    /// Where text reached through an alias is written: the anchor's name and the text's position
    /// (same file as the location that carries it).
    public struct AliasOrigin: Hashable, Sendable, Codable {
        /// The anchor's name, without `&`.
        public var anchor: String
        /// Line, column (Unicode scalars) and byte offset of the copied text, as in `SourceLocation`.
        public var line: Int
        public var column: Int
        public var offset: Int

        public init(anchor: String, line: Int, column: Int, offset: Int) {
            self.anchor = anchor
            self.line = line
            self.column = column
            self.offset = offset
        }
    }

    /// Orders by file, then line, then column: the order diagnostics are printed in.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `file:line:col`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A value together with where it was written.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
