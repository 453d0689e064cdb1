/// An app of several flow files that ``YAMLAppGenerator`` wrote, with what the validator must say of it.
public struct GeneratedApp: Sendable {
    public var seed: UInt64
    /// The flow files, in order: file `i` is validated as `inline<i>.yaml` (``Fixtures/bundle(_:ignoring:)``).
    public var files: [String]
    /// The root flow the app runs (no parameters).
    public var rootFlow = "app"
    /// The near-miss put in, if any (nil: the app is valid).
    public var nearMiss: NearMiss?
    /// The errors the validator must report, exactly, for a near-miss (empty for a valid app).
    public var expected: [ExpectedDiagnostic] = []
    /// Events the generator made refused in every state that shows their screen (`flow.screen.event`):
    /// what the explorer must report as FC807.
    public var refusedEvents: Set<String> = []

    /// Every file, each after a `---- inline<i>.yaml ----` line: what a disagreement prints.
    public var yaml: String {
        files.enumerated().map { "---- inline\($0.offset).yaml ----\n\($0.element)" }.joined(separator: "\n")
    }
}

/// One mistake put into an otherwise valid app, whose diagnostic the generator knows.
public enum NearMiss: String, CaseIterable, Sendable {
    /// A `push` of a misspelt screen name (FC203), suggested or not by the did-you-mean limit.
    case brokenReference
    /// A child declaration without the handler of one outcome of its flow (FC402).
    case unhandledOutcome
    /// A screen nothing pushes (FC301), sometimes the target of a `popTo` (then FC308 too).
    case unreachableScreen
    /// A `pop` past the flow's first route (FC308).
    case alwaysRefusedAction
}

/// A diagnostic as `flowc validate` prints it: file, line, column, code and message.
public struct ExpectedDiagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var code: String
    public var message: String

    public init(file: String, line: Int, column: Int, code: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message) [\(code)]" }

    public static func < (a: Self, b: Self) -> Bool { a.description < b.description }
}
