import FlowModel

/// A stable, Codable description of a coordinator's navigation state: flows, screens and arguments,
/// and no instance ids or route tokens, which mean nothing after a relaunch.
///
/// `instances` lists the shown flow instances from the root down; each one after the first is a child,
/// named by its declaration, of the one before it. A tab flow's instance names its selected tab (the next
/// instance runs it) and holds its other started tabs, each a list of the same shape. ``FlowCoordinator/restore(_:)`` validates it whole.
/// Queued deep links and a pending guarded link are part of their instance; preserved drafts are not
/// part of a snapshot. Arguments encode as plain JSON
/// values (`{"bookID": 7}`); a whole number decodes as an `int`, which an `int` or `double` parameter accepts.
public struct FlowSnapshot: Hashable, Sendable, Codable {
    /// One flow instance and its own routes, bottom to top.
    public struct Instance: Hashable, Sendable, Codable {
        /// The child declaration in the previous instance's flow; nil for the root.
        public var child: String?
        /// The flow's name.
        public var flow: String
        public var arguments: [String: Value]
        public var routes: [RouteEntry]
        /// For an instance of a flow with tabs: the selected tab (the next instance of the list runs it).
        public var selectedTab: String?
        /// For an instance of a flow with tabs: the started tabs that are not selected, by name; each is the
        /// tab's instance and its live descendants, root first, written like ``FlowSnapshot/instances``.
        public var otherTabs: [String: [Instance]]?
        /// Deep links held by the flow's `queue` policy, opened when it finishes (absent when none).
        public var queuedLinks: [String]
        /// A guarded link waiting for this instance to finish with an outcome (format 1.1; absent when none).
        public var pendingLink: PendingLinkEntry?

        public init(
            child: String?, flow: String, arguments: [String: Value] = [:], routes: [RouteEntry],
            selectedTab: String? = nil, otherTabs: [String: [Instance]]? = nil,
            queuedLinks: [String] = [], pendingLink: PendingLinkEntry? = nil
        ) {
            self.child = child
            self.flow = flow
            self.arguments = arguments
            self.routes = routes
            self.selectedTab = selectedTab
            self.otherTabs = otherTabs
            self.queuedLinks = queuedLinks
            self.pendingLink = pendingLink
        }

        /// The keys of an instance object: the one list both readings check against (``SnapshotKeys``).
        enum CodingKeys: String, CodingKey, CaseIterable {
            case child, flow, arguments, routes, selectedTab, otherTabs, queuedLinks, pendingLink
        }

        public init(from decoder: any Decoder) throws {
            try SnapshotKeys.refuseUnknown(in: decoder, known: CodingKeys.self, what: "an instance")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            child = try container.decodeIfPresent(String.self, forKey: .child)
            flow = try container.decode(String.self, forKey: .flow)
            arguments =
                try container.decodeIfPresent([String: JSONArgument].self, forKey: .arguments)?.mapValues(\.value)
                ?? [:]
            routes = try container.decode([RouteEntry].self, forKey: .routes)
            selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
            otherTabs = try container.decodeIfPresent([String: [Instance]].self, forKey: .otherTabs)
            queuedLinks = try container.decodeIfPresent([String].self, forKey: .queuedLinks) ?? []
            pendingLink = try container.decodeIfPresent(PendingLinkEntry.self, forKey: .pendingLink)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(child, forKey: .child)
            try container.encode(flow, forKey: .flow)
            try container.encode(arguments.mapValues(JSONArgument.init), forKey: .arguments)
            try container.encode(routes, forKey: .routes)
            try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
            try container.encodeIfPresent(otherTabs, forKey: .otherTabs)
            if !queuedLinks.isEmpty { try container.encode(queuedLinks, forKey: .queuedLinks) }
            try container.encodeIfPresent(pendingLink, forKey: .pendingLink)
        }
    }

    /// A pending guarded link: the URL, and the outcome of the instance's flow that opens it.
    public struct PendingLinkEntry: Hashable, Sendable, Codable {
        public var url: String
        public var continueOn: String

        public init(url: String, continueOn: String) {
            self.url = url
            self.continueOn = continueOn
        }

        /// The keys of an instance object: the one list both readings check against (``SnapshotKeys``).
        enum CodingKeys: String, CodingKey, CaseIterable { case url, continueOn }

        public init(from decoder: any Decoder) throws {
            try SnapshotKeys.refuseUnknown(in: decoder, known: CodingKeys.self, what: "a pending link")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            continueOn = try container.decode(String.self, forKey: .continueOn)
        }
    }

    /// One route: a screen and its arguments.
    public struct RouteEntry: Hashable, Sendable, Codable {
        public var screen: String
        public var arguments: [String: Value]

        public init(screen: String, arguments: [String: Value] = [:]) {
            self.screen = screen
            self.arguments = arguments
        }

        /// The keys of an instance object: the one list both readings check against (``SnapshotKeys``).
        enum CodingKeys: String, CodingKey, CaseIterable { case screen, arguments }

        public init(from decoder: any Decoder) throws {
            try SnapshotKeys.refuseUnknown(in: decoder, known: CodingKeys.self, what: "a route")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            screen = try container.decode(String.self, forKey: .screen)
            arguments =
                try container.decodeIfPresent([String: JSONArgument].self, forKey: .arguments)?.mapValues(\.value)
                ?? [:]
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(screen, forKey: .screen)
            try container.encode(arguments.mapValues(JSONArgument.init), forKey: .arguments)
        }
    }

    public var instances: [Instance]
    /// The `FlowBundle.contentHash` of the bundle whose coordinator took the snapshot (16 lowercase hex
    /// digits); nil in a snapshot written before it was recorded, or by hand. A restore into a bundle with
    /// another hash (or none recorded) first applies the bundle's declared renames (docs/RUNNING.md,
    /// "Versioned restore").
    public var bundleHash: String?

    public init(instances: [Instance], bundleHash: String? = nil) {
        self.instances = instances
        self.bundleHash = bundleHash
    }

    /// The keys of a snapshot object (``SnapshotKeys``).
    enum CodingKeys: String, CodingKey, CaseIterable { case bundleHash, instances }

    /// Decodes a snapshot, refusing a key it does not have (here and in its instances, routes and pending
    /// links) with `DecodingError.dataCorrupted` at that object. A key given twice cannot be seen through
    /// `Decoder`; ``init(json:)`` refuses that too.
    public init(from decoder: any Decoder) throws {
        try SnapshotKeys.refuseUnknown(in: decoder, known: CodingKeys.self, what: "a snapshot")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        bundleHash = try container.decodeIfPresent(String.self, forKey: .bundleHash)
        instances = try container.decode([Instance].self, forKey: .instances)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(bundleHash, forKey: .bundleHash)
        try container.encode(instances, forKey: .instances)
    }
}

/// The keys each snapshot object has, and the refusal of any other: the types' `CodingKeys` are the one
/// list, read by both readings of a snapshot — its `Decodable` initializers (``refuseUnknown(in:known:what:)``)
/// and the strict reading of its JSON text (`SnapshotJSONReader`, which meets a key in the text's order,
/// before the decoder) — and both refuse with ``unknownKey(_:among:in:)``.
enum SnapshotKeys {
    /// The key names of `keys`, in declaration order.
    static func names<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> [String] {
        keys.allCases.map(\.stringValue)
    }

    /// `unknown key 'rotues'; an instance has child, flow, …`.
    static func unknownKey(_ key: String, among names: [String], in what: String) -> String {
        "unknown key '\(key)'; \(what) has \(names.joined(separator: ", "))"
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws `DecodingError.dataCorrupted` naming the first key of the object `decoder` reads that `known`
    /// does not list ("unknown key 'rotues'; an instance has child, flow, …"), in the text's order where the
    /// decoder keeps it. A value that is not an object is left for the typed decoding to refuse.
    static func refuseUnknown<Keys: CodingKey & CaseIterable>(in decoder: any Decoder, known: Keys.Type, what: String)
        throws
    {
        guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return }
        let names = names(Keys.self)
        guard let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !names.contains($0) }) else {
            return
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: unknownKey(unknown, among: names, in: what)))
    }
}
