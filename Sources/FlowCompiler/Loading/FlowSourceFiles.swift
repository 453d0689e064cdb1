import Foundation

/// How flowc recognises and identifies flow files on disk.
public enum FlowSourceFiles {
    /// Whether `name` ends in `.yaml` or `.yml`, in any letter case.
    public static func hasFlowExtension(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased.hasSuffix(".yaml") || lowercased.hasSuffix(".yml")
    }

    /// The absolute path of `path` with `.`, `..` and symbolic links resolved: two spellings of one
    /// file have the same identity.
    public static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether `lhs` and `rhs` name the same file.
    public static func isSameFile(_ lhs: String, _ rhs: String) -> Bool {
        identity(of: lhs) == identity(of: rhs)
    }

    /// A file name's raw `bytes` as text: valid UTF-8 as it is, otherwise each byte outside ASCII
    /// as `\xHH`, so a name that is not UTF-8 can still be named in a message.
    public static func displayName(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }
            .joined()
    }
}
