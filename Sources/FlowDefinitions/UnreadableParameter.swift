import FlowModel

/// A parameter whose name was read but whose declaration did not decode, e.g. `n: { type: integer }`:
/// the decoder reported why at the declaration, and left the parameter out of its list. Kept by name
/// so that an argument passed for it is not also reported as naming no parameter (one mistake, one error;
/// docs/FORMAT.md).
public struct UnreadableParameter: Hashable, Sendable {
    /// Whose parameter list it was written in.
    public enum Owner: Hashable, Sendable {
        /// The flow's own `params` (what a parent passes when it starts the flow).
        case flow
        /// A screen's `params`.
        case screen(String)
        /// An outcome's `params` (since format 1.1).
        case outcome(String)
    }

    public var owner: Owner
    /// The parameter's name as written.
    public var name: String

    public init(owner: Owner, name: String) {
        self.owner = owner
        self.name = name
    }
}
