import FlowModel

/// One argument passed with `with:` to a screen, a child flow or a deep-link route.
///
/// `with: { bookID: $bookID, mode: compact }` yields two arguments: a reference and a literal.
public struct ArgumentDefinition: Hashable, Sendable {
    /// What an argument's value is made of.
    public enum Expression: Hashable, Sendable {
        /// `$name`: the value of a parameter in scope (the event's, then the current screen's,
        /// then the flow's; in a deep link, a placeholder of the URL pattern).
        case reference(String)
        /// Literal text; typed only against the receiving parameter (`"7"` becomes `int` 7 for an `int`).
        case literal(String)
    }

    /// The receiving parameter's name.
    public var name: Located<String>
    /// The value expression.
    public var expression: Expression
    /// Where the value is written.
    public var valueLocation: SourceLocation

    public init(name: Located<String>, expression: Expression, valueLocation: SourceLocation) {
        self.name = name
        self.expression = expression
        self.valueLocation = valueLocation
    }
}
