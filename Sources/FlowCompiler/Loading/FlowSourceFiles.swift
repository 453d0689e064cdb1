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
}
