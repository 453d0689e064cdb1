/// A position in the original YAML bytes.
///
/// - `line` starts at 1. Line breaks are the ones YAML (and libyaml) recognise:
///   LF, CR, CR LF (counts once), NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
/// - `column` starts at 1 and counts Unicode scalars from the start of the line,
///   so `é` and `😀` each count 1, and a tab counts 1. A leading byte order mark
///   is not counted: the first character after it is at column 1.
/// - `offset` is the byte offset from 0 into the original bytes, *including* a
///   leading UTF-8 byte order mark when one is present.
///
/// Marks order by `offset` (then line, then column), so marks from the same
/// input compare in text order.
public struct YAMLMark: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Line number, from 1.
    public var line: Int
    /// Column number, from 1, counted in Unicode scalars (a tab counts 1).
    public var column: Int
    /// Byte offset from 0 into the original bytes (a byte order mark included).
    public var offset: Int

    /// Creates a mark. `line` and `column` count from 1, `offset` counts bytes from 0.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The first position of a file: line 1, column 1, offset 0.
    public static let startOfFile = YAMLMark(line: 1, column: 1, offset: 0)

    /// Orders by byte offset, then line, then column.
    public static func < (lhs: YAMLMark, rhs: YAMLMark) -> Bool {
        (lhs.offset, lhs.line, lhs.column) < (rhs.offset, rhs.line, rhs.column)
    }

    /// `line:column`, the form compilers print after a file name.
    public var description: String { "\(line):\(column)" }
}
