/// A path pattern of a configuration file's `include` and `exclude` lists.
///
/// `*` matches any characters but `/`, `?` one character but `/`, and `**` any number of whole folders
/// (`Flows/**/*.yaml`, `**/docker-compose.yml`); every other character matches itself. A pattern
/// without `/` matches a file name in any folder (`*.generated.yaml`); a pattern with `/` matches the
/// path relative to the configuration file's folder. A pattern ending in `/` matches everything in
/// that folder (`vendor/`).
public struct Glob: Hashable, Sendable {
    public let pattern: String
    private let segments: [String]
    private let anchored: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        if text.hasPrefix("./") { text.removeFirst(2) }
        if text.hasSuffix("/") { text += "**" }
        anchored = text.contains("/")
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether `path` (relative, `/`-separated, no `.` or `..` segments) matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        guard anchored else { return parts.last.map { Self.matchSegment(segments.first ?? "", $0) } ?? false }
        return Self.matchSegments(segments, parts)
    }

    /// Segment lists with `**`, by dynamic programming over (pattern, path) positions: time
    /// O(pattern × path), no recursion.
    private static func matchSegments(_ pattern: [String], _ path: [String]) -> Bool {
        // reachable[j]: the first i pattern segments can match the first j path segments.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for segment in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            if segment == "**" {
                var any = false
                for j in 0...path.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<path.count where reachable[j] && matchSegment(segment, path[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[path.count]
    }

    /// One segment with `*` and `?`: the classic greedy matcher with one backtrack point (linear
    /// in practice, never exponential).
    static func matchSegment(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let s = Array(name.unicodeScalars)
        var i = 0
        var j = 0
        var star = -1
        var mark = 0
        while j < s.count {
            if i < p.count, p[i] == "?" || p[i] == s[j] {
                i += 1
                j += 1
            } else if i < p.count, p[i] == "*" {
                star = i
                mark = j
                i += 1
            } else if star >= 0 {
                i = star + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }
}
