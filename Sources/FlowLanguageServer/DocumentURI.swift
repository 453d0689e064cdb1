import Foundation

/// `file:` URIs and the paths they name (RFC 8089; LSP 3.17 `DocumentUri`).
enum DocumentURI {
    /// The path of a `file:` URI (percent escapes decoded), or nil for another scheme.
    static func path(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.isEmpty ? nil : path
    }

    /// The `file:` URI of an absolute path.
    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}
