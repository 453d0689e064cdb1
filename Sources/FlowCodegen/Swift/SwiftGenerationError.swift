import FlowDefinitions
import FlowModel

/// Why Swift could not be generated from a valid flow set: two names that Swift would spell alike.
///
/// Flow names are case-sensitive, but generated type names start with the name's first letter
/// upper-cased: flows `reading` and `Reading` would both be `ReadingFlow`.
public struct SwiftGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What collides and what to rename.
    public var message: String
    /// Where the second of the colliding names is written, when known.
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`, or `error: message` without a location.
    public var description: String {
        (location.map { "\($0): " } ?? "") + "error: " + message
    }
}
