/// How a child flow's routes are shown (`presentation:` of a child declaration, since format 1.1).
///
/// A `push` child's routes go on its parent's stack (format 1's only behaviour). A `sheet` or `cover`
/// child starts a presented layer: its routes form their own stack on top of the presenting one.
/// A sheet can be dismissed by the person (swipe-down); a full-screen cover cannot, so it is left only
/// when its flow finishes or its parent removes it.
public enum Presentation: String, Hashable, Sendable, Codable, CaseIterable {
    /// On the parent's stack (the default).
    case push
    /// A sheet: its own stack, dismissible by the person.
    case sheet
    /// A full-screen cover: its own stack, not dismissible by the person.
    case cover

    /// Whether the child starts a presented layer (a stack of its own).
    public var isPresented: Bool { self != .push }
}
