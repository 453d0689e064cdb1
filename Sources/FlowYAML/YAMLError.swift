/// Why a YAML input was rejected, and where.
///
/// `message` follows compiler style: it starts lowercase, has no trailing
/// period, says what is wrong and then, after `; `, what to do. The file name
/// is not part of the error: callers attach it (e.g. `flow.yaml:3:5: error: …`).
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a `YAMLError`.
    public enum Kind: String, Sendable, Hashable {
        /// libyaml could not parse the text (bad indentation, unclosed quote or bracket, a tab used for indentation, …).
        case syntax
        /// A mapping has the same key twice. The mark is the second key; a note marks the first.
        case duplicateKey
        /// A mapping key is a sequence or mapping; keys must be scalars.
        case nonScalarKey
        /// Too many nodes (aliases expanded, see `YAMLLimits.maxNodes`) or too many aliases (`YAMLLimits.maxAliases`).
        case aliasLimit
        /// Nesting deeper than `YAMLLimits.maxDepth`.
        case depthLimit
        /// Input longer than `YAMLLimits.maxFileBytes`; the mark is the start of the file.
        case fileTooLarge
        /// A tag other than the core ones (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`), or a core tag on the wrong kind of node.
        case unsupportedTag
        /// The input holds more than one document; the mark is the second document's start.
        case multipleDocuments
        /// The input holds no document at all (empty, or only whitespace and comments); the mark is the start of the file.
        case emptyDocument
        /// The bytes are not valid UTF-8 (or are UTF-16), or hold a control character YAML forbids.
        case invalidEncoding
        /// An alias names an anchor that was not defined before it (or that it is inside of).
        case unknownAnchor
        /// A plain `<<` mapping key (a YAML 1.1 merge key), which flowc does not support; the mark is the key.
        case mergeKey
    }

    /// The category.
    public var kind: Kind
    /// What is wrong and what to do, e.g. `duplicate key 'screens' in mapping; each key may appear once`.
    public var message: String
    /// Where the problem is.
    public var mark: YAMLMark
    /// Related locations, e.g. the first definition of a duplicated key.
    public var notes: [YAMLNote]

    /// Creates an error.
    public init(kind: Kind, message: String, mark: YAMLMark, notes: [YAMLNote] = []) {
        self.kind = kind
        self.message = message
        self.mark = mark
        self.notes = notes
    }

    /// `line:column: error: message`, followed by one `line:column: note: message` line per note.
    public var description: String {
        var text = "\(mark): error: \(message)"
        for note in notes { text += "\n\(note.mark): note: \(note.message)" }
        return text
    }
}

/// A secondary location attached to a `YAMLError`, e.g.
/// `previous definition of 'screens' is here`. Same message style as errors.
public struct YAMLNote: Sendable, Hashable {
    /// What is at `mark`.
    public var message: String
    /// The related location.
    public var mark: YAMLMark

    /// Creates a note.
    public init(message: String, mark: YAMLMark) {
        self.message = message
        self.mark = mark
    }
}
