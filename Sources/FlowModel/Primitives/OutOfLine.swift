/// An immutable value held out of line, behind one shared reference: a rarely set field of a value type
/// that is copied often (a screen definition's removal policy, a YAML node's alias use) costs one
/// pointer instead of its whole size. Immutable, so copies share it safely.
///
/// Speed: PERFORMANCE.md, "Shapes kept for speed".
package final class OutOfLine<Value: Sendable>: Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
