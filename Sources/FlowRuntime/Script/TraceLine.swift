import FlowModel

/// One JSON line of a `flowc run` trace. See docs/RUNNING.md, "Trace lines".
public struct TraceLine: Encodable, Equatable {
    /// One route on the path.
    public struct RouteEntry: Encodable, Equatable {
        public var token: Int
        public var instance: Int
        public var flow: String
        public var screen: String
        public var arguments: [String: JSONArgument]
    }

    /// One live flow instance and its live children.
    public struct InstanceEntry: Encodable, Equatable {
        public var id: Int
        public var flow: String
        /// The child declaration it runs as; absent for the root.
        public var child: String?
        public var arguments: [String: JSONArgument]
        public var children: [InstanceEntry]
        /// `sheet` or `cover` for a presented child; absent for a pushed one.
        public var presentation: String?
        /// true for an instance in a tab that is not selected (kept with its stack); absent otherwise.
        public var kept: Bool?
        /// Deep links held by the flow's `queue` policy; absent when none.
        public var queuedLinks: [String]?
        /// A guarded link waiting for this instance to finish (format 1.1); absent when none.
        public var pendingLink: FlowSnapshot.PendingLinkEntry?
    }

    /// One shown stack: the instance that begins it, what it is, and its routes' tokens.
    public struct StackEntry: Encodable, Equatable {
        public var id: Int
        /// `root`, `tab`, `sheet` or `cover`.
        public var kind: String
        /// For a tab's stack: the tab's name.
        public var tab: String?
        public var routes: [Int]
    }

    /// One shown tab set.
    public struct TabSetEntry: Encodable, Equatable {
        /// The tab flow instance.
        public var instance: Int
        public var flow: String
        public var tabs: [String]
        public var selected: String
        /// The bottom stack of each started tab that is not selected: its routes' tokens, by tab name.
        public var kept: [String: [Int]]
    }

    /// A deep link the step dropped or opened after it (``DeferredLink``).
    public struct LinkEntry: Encodable, Equatable {
        public var url: String
        public var status: String
        public var reason: String?
    }

    /// A removal waiting for `confirm` or `keep`.
    public struct PendingEntry: Encodable, Equatable {
        public var prompt: String?
        public var route: Int
        public var flow: String
        public var screen: String
    }

    /// A flow instance that finished in the step.
    public struct FinishedEntry: Encodable, Equatable {
        public var instance: Int
        public var flow: String
        public var outcome: String
        /// The outcome's arguments (since format 1.1); `{}` for an outcome without parameters.
        public var arguments: [String: JSONArgument]
    }

    /// The script line number, from 1.
    public var line: Int
    /// The command as written (trimmed); past 200 characters cut, ending `… [cut: N more characters]`.
    public var command: String
    /// applied, rejected, stale, pending, queued, redirected, or invalid (a script syntax error).
    public var status: String
    /// Why the step was rejected, stale or invalid, or what an applied step skipped or fell back to;
    /// cut like `command` past 200 characters.
    public var reason: String?
    /// The coordinator's state after the step: idle, running, stopped or finished.
    public var coordinator: String
    /// The root flow's outcome, once finished.
    public var outcome: String?
    public var path: [RouteEntry]
    /// The shown stacks, bottom to top; absent when the root's stack is the only one (a one-stack flow).
    public var stacks: [StackEntry]?
    /// The shown tab sets, outermost first; absent when there is none.
    public var tabs: [TabSetEntry]?
    /// The tree of live flow instances, root first; absent when there is none.
    public var instances: InstanceEntry?
    public var pending: PendingEntry?
    /// The snapshot taken by `snapshot`.
    public var snapshot: FlowSnapshot?
    /// The flow instances that finished in the step, with their outcomes and outcome arguments; absent when none.
    public var finished: [FinishedEntry]?
    /// Queued or pending deep links the step dropped or opened after it, with what became of each; absent when none.
    public var links: [LinkEntry]?
}
