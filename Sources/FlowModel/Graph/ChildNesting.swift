/// How deeply child flows may nest: the root flow instance is at level 0, a child it starts at level 1,
/// that child's child at level 2, and so on.
///
/// The validator reports a chain of child declarations deeper than ``limit`` (FC406, at the declaration
/// that passes it) and the runtime refuses to start a child, open a deep link or restore a snapshot
/// beyond it (`FlowRuntimeError.childNestingTooDeep`). The limit keeps every walk over the instance
/// chain that recurses (starting a child runs its start, finishing runs the parent's handler, a trace
/// writes the instance tree as nested JSON, instance objects release their children) far below a
/// 512 KiB thread stack. Real apps nest a handful of child flows.
public enum ChildNesting {
    /// The deepest level a child flow instance may run at (64): a chain of at most 65 instances.
    public static let limit = 64
}
