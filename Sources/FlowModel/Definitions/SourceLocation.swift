/// A position in a flow source file.
///
/// `line` and `column` count from 1; `column` counts Unicode scalars (a tab counts as one),
/// matching what clang, the Swift compiler and editors expect in `file:line:col`.
/// `offset` is the byte offset from 0 into the file as read (a UTF-8 BOM included).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The path of the file as given by the user (not resolved), so diagnostics repeat what they typed.
    public var file: String
    /// Line number, from 1.
    public var line: Int
    /// Column, from 1, in Unicode scalars.
    public var column: Int
    /// Byte offset, from 0.
    public var offset: Int
    /// For text reached through a YAML alias: this location is the alias's use (`*base`), and this is
    /// the anchor and where the copied text is written. Nil for text written where it stands.
    public var copiedFrom: AliasOrigin?

    public init(file: String, line: Int, column: Int, offset: Int, copiedFrom: AliasOrigin? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.copiedFrom = copiedFrom
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
