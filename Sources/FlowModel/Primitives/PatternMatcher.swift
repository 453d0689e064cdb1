import Synchronization

/// Matches strings against the `pattern` constraint of string parameters, compiling each pattern once.
///
/// Patterns use Swift's `Regex` syntax and match the whole value (`wholeMatch`). Compiled patterns are
/// kept in a cache of at most ``capacity`` entries (emptied when full), behind a lock so that validation
/// threads and the coordinator can share it; matching runs inside the lock because `Regex` is not `Sendable`.
/// A pattern that does not compile matches nothing (the validator reports it as FC104 before it can run).
public final class PatternMatcher: Sendable {
    /// The matcher shared by the compiler and the runtime.
    public static let shared = PatternMatcher()
    /// The most compiled patterns kept at once.
    public static let capacity = 256
    /// The longest pattern accepted, in Unicode scalars (FC104 beyond it).
    public static let maximumPatternLength = 1_000

    private let cache = Mutex<[String: Regex<AnyRegexOutput>?]>([:])

    init() {}

    /// Why `pattern` is not a usable regular expression, or nil when it compiles.
    public static func problem(with pattern: String) -> String? {
        if pattern.unicodeScalars.count > maximumPatternLength {
            return "it is longer than \(maximumPatternLength) characters"
        }
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// Whether the whole of `text` matches `pattern`; false for a pattern that does not compile.
    public func wholeMatch(_ text: String, pattern: String) -> Bool {
        cache.withLock { cache in
            let compiled: Regex<AnyRegexOutput>?
            if let cached = cache[pattern] {
                compiled = cached
            } else {
                compiled = Self.problem(with: pattern) == nil ? try? Regex(pattern) : nil
                if cache.count >= Self.capacity { cache.removeAll() }
                cache[pattern] = compiled
            }
            guard let compiled else { return false }
            return (try? compiled.wholeMatch(in: text)) != nil
        }
    }
}
