/// A get/set pair over a value the coordinator owns, shaped like SwiftUI's `Binding` so a view can wrap it
/// directly (`Binding(get: binding.get, set: binding.set)`) and so the same pair is testable without SwiftUI.
///
/// The getter always reads the coordinator; the setter asks the coordinator for the change in one step,
/// which may refuse it (the next get then returns what the coordinator kept).
@MainActor
public struct FlowBinding<Value> {
    /// Reads the current value.
    public let get: @MainActor () -> Value
    /// Asks for a new value.
    public let set: @MainActor (Value) -> Void

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value: reading calls ``get``, writing calls ``set``.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
