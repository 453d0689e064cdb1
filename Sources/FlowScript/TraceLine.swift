import FlowModel
import FlowRuntime

/// One JSON line of a `flowc run` trace. See docs/RUNNING.md, "Trace lines".
package struct TraceLine: Encodable, Equatable {
    /// One route on the path.
    package struct RouteEntry: Encodable, Equatable {
        package var token: Int
        package var instance: Int
        package var flow: String
        package var screen: String
        package var arguments: [String: JSONArgument]
    }

    /// One shown stack: the instance that begins it, what it is, and its routes' tokens.
    package struct StackEntry: Encodable, Equatable {
        package var id: Int
        /// `root`, `tab`, `sheet` or `cover`.
        package var kind: String
        /// For a tab's stack: the tab's name.
        package var tab: String?
        package var routes: [Int]
    }

    /// One shown tab set.
    package struct TabSetEntry: Encodable, Equatable {
        /// The tab flow instance.
        package var instance: Int
        package var flow: String
        package var tabs: [String]
        package var selected: String
        /// The bottom stack of each started tab that is not selected: its routes' tokens, by tab name.
        package var kept: [String: [Int]]
    }

    /// A deep link the step dropped or opened after it (``DeferredLink``).
    package struct LinkEntry: Encodable, Equatable {
        package var url: String
        package var status: String
        package var reason: String?
    }

    /// A removal waiting for `confirm` or `keep`.
    package struct PendingEntry: Encodable, Equatable {
        package var prompt: String?
        package var route: Int
        package var flow: String
        package var screen: String
    }

    /// A flow instance that finished in the step.
    package struct FinishedEntry: Encodable, Equatable {
        package var instance: Int
        package var flow: String
        package var outcome: String
        /// The outcome's arguments (since format 1.1); `{}` for an outcome without parameters.
        package var arguments: [String: JSONArgument]
    }

    /// A kept tab the step dropped with its stack.
    package struct DroppedTabEntry: Encodable, Equatable {
        package var flow: String
        package var tab: String
        package var instance: Int
        package var routes: [String]
    }

    /// A flow instance the step removed without finishing it (``RemovedFlow``).
    package struct RemovedEntry: Encodable, Equatable {
        package var flow: String
        package var instance: Int
        /// Its child declaration; absent for the root flow's instance.
        package var child: String?
        /// `back`, `dismissal`, `link`, `replaceRoot`, `stop`, `restore` or `finish` (``RemovedFlow/Cause``).
        package var why: String
    }

    /// The script line number, from 1.
    package var line: Int
    /// The command as written (trimmed); past 200 characters cut, ending `… [cut: N more characters]`.
    package var command: String
    /// applied, rejected, stale, pending, queued, redirected, or invalid (a script syntax error).
    package var status: String
    /// Why the step was rejected, stale or invalid, or what an applied step skipped or fell back to; whole
    /// (the cause of a nested error is at its end), a script word it quotes bounded where it is quoted.
    package var reason: String?
    /// The coordinator's state after the step: idle, running, stopped or finished.
    package var coordinator: String
    /// The root flow's outcome, once finished.
    package var outcome: String?
    package var path: [RouteEntry]
    /// The shown stacks, bottom to top; absent when the root's stack is the only one (a one-stack flow).
    package var stacks: [StackEntry]?
    /// The shown tab sets, outermost first; absent when there is none.
    package var tabs: [TabSetEntry]?
    /// The tree of live flow instances, root first; absent when there is none.
    package var instances: InstanceTreeEntry?
    package var pending: PendingEntry?
    /// The snapshot taken by `snapshot`.
    package var snapshot: FlowSnapshot?
    /// The flow instances that finished in the step, with their outcomes and outcome arguments; absent when none.
    package var finished: [FinishedEntry]?
    /// Queued or pending deep links the step dropped or opened after it, with what became of each; absent when none.
    package var links: [LinkEntry]?
    /// What a restore of a snapshot from another bundle renamed before its checks, and the names no declaration
    /// has or had (``SnapshotRenaming``); absent when it renamed nothing.
    package var renaming: RenamingEntry?

    /// A restore's renames, each as `screen 'article' → 'post' in flow 'feed'`.
    package struct RenamingEntry: Encodable, Equatable {
        package var renamed: [String]
        package var refused: [String]
    }

    /// The kept (unselected) tabs the step dropped, with their stacks' screens; absent when none.
    package var droppedTabs: [DroppedTabEntry]?
    /// The flow instances the step removed without finishing them, and why; absent when none.
    package var removed: [RemovedEntry]?
}
