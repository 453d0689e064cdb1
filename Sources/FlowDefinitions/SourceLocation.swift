import FlowModel
import Foundation

/// A position in a flow source file.
///
/// `line` and `column` count from 1; `column` counts Unicode scalars (a tab counts as one),
/// matching what clang, the Swift compiler and editors expect in `file:line:col`.
/// `offset` is the byte offset from 0 into the file as read (a UTF-8 BOM included).
///
/// A location is 16 bytes and holds no reference: the file's path (and, for text reached through an
/// alias, the alias origin) is kept once in a process-wide table of ``SourceFile``s, and line, column
/// and offset in 32 bits each (a value past 4,294,967,295 reads as that number; the loader refuses
/// files of 2 GiB or more).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The path of the file as given by the user (not resolved), so diagnostics repeat what they typed.
    public var file: String {
        get { SourceFile.table.entry(source).path }
        set { source = SourceFile.table.intern(.init(path: newValue, origin: copiedFrom)) }
    }
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
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }
    /// For text reached through a YAML alias: this location is the alias's use (`*base`), and this is
    /// the anchor and where the copied text is written. Nil for text written where it stands.
    public var copiedFrom: AliasOrigin? {
        get { SourceFile.table.entry(source).origin }
        set { source = SourceFile.table.intern(.init(path: file, origin: newValue)) }
    }

    /// The file, without the alias origin.
    public var sourceFile: SourceFile {
        let entry = SourceFile.table.entry(source)
        return entry.origin == nil ? SourceFile(id: source) : SourceFile(path: entry.path)
    }

    // An index into the interned (path, alias origin) table, unique per pair, so the synthesized `==`
    // and `hash(into:)` compare path and origin.
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    private var source: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    public init(file: String, line: Int, column: Int, offset: Int, copiedFrom: AliasOrigin? = nil) {
        self.init(
            source: SourceFile.table.intern(.init(path: file, origin: copiedFrom)), line: line, column: column,
            offset: offset)
    }

    /// A location in `file`: no lookup of the path, for code that makes many locations in one file.
    public init(file: SourceFile, line: Int, column: Int, offset: Int, copiedFrom: AliasOrigin? = nil) {
        let source = copiedFrom.map { SourceFile.table.intern(.init(path: file.path, origin: $0)) } ?? file.id
        self.init(source: source, line: line, column: column, offset: offset)
    }

    private init(source: UInt32, line: Int, column: Int, offset: Int) {
        self.source = source
        self.storedLine = UInt32(clamping: line)
        self.storedColumn = UInt32(clamping: column)
        self.storedOffset = UInt32(clamping: offset)
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, column, offset, copiedFrom
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column),
            offset: try container.decode(Int.self, forKey: .offset),
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
        // Same table entry, same file: the paths are not looked up.
        if lhs.source != rhs.source, lhs.file != rhs.file { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
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

/// A flow source file's path, interned in a process-wide table: locations refer to it by a 32-bit index.
///
/// The table only grows (one entry per distinct path, and per distinct alias origin in a file), so a
/// process that reads ever new files keeps their paths; a validation run adds a few per file.
public struct SourceFile: Hashable, Sendable {
    fileprivate let id: UInt32

    /// The file at `path` (as given by the user), added to the table when first seen.
    public init(path: String) { id = Self.table.intern(.init(path: path, origin: nil)) }

    fileprivate init(id: UInt32) { self.id = id }

    /// The path as given.
    public var path: String { Self.table.entry(id).path }

    fileprivate static let table = Table()

    /// The interned (path, alias origin) pairs, read and added to under one lock.
    fileprivate final class Table: @unchecked Sendable {
        struct Entry: Hashable {
            let path: String
            let origin: SourceLocation.AliasOrigin?
        }

        // @unchecked Sendable: `entries` and `ids` are touched only while `lock` is held.
        private let lock = NSLock()
        private var entries: [Entry] = []
        private var ids: [Entry: UInt32] = [:]

        func intern(_ entry: Entry) -> UInt32 {
            lock.withLock {
                if let id = ids[entry] { return id }
                let id = UInt32(entries.count)
                entries.append(entry)
                ids[entry] = id
                return id
            }
        }

        func entry(_ id: UInt32) -> Entry { lock.withLock { entries[Int(id)] } }
    }
}
