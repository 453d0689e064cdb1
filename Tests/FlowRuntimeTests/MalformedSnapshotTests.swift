import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Every malformed snapshot shape is refused with a message naming what is wrong, and changes nothing.
@MainActor
struct MalformedSnapshotTests {
    typealias Instance = FlowSnapshot.Instance

    func social() throws -> FlowCoordinator {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social", host: host.host)
        #expect(coordinator.start() == .applied)
        return coordinator
    }

    /// Restoring `instances` is refused with `message`, and the coordinator's state stays as it was.
    func expectRefused(
        _ instances: [Instance], _ message: String, on coordinator: FlowCoordinator,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let before = coordinator.snapshot()
        #expect(
            coordinator.restore(FlowSnapshot(instances: instances)) == StepResult(.rejected, .invalidSnapshot(message)),
            sourceLocation: sourceLocation)
        #expect(coordinator.snapshot() == before, sourceLocation: sourceLocation)
    }

    let root = Instance(child: nil, flow: "social", routes: [], selectedTab: "feed")
    let feed = Instance(child: "feed", flow: "feed", routes: [.init(screen: "timeline")])
    let search = Instance(child: "search", flow: "search", routes: [.init(screen: "query")])

    @Test func moreThanOneRootIsNamed() throws {
        let coordinator = try social()
        let bare = Instance(child: nil, flow: "social", routes: [])
        let rule = "only the first instance is the root flow, and each next one is a child of the one before it"
        expectRefused(
            [bare, bare, bare], "instance 2 (flow 'social') names no child declaration; \(rule)", on: coordinator)
        expectRefused(
            [root, feed, Instance(child: nil, flow: "createPost", routes: [.init(screen: "compose")])],
            "instance 3 (flow 'createPost') names no child declaration; \(rule)", on: coordinator)
    }

    @Test func anOrphanInstanceAndATabUnderAFlowWithoutTabsAreNamed() throws {
        let coordinator = try social()
        // An instance whose parent (the one before it) does not declare it.
        expectRefused(
            [
                root, feed,
                Instance(
                    child: "edit", flow: "edit", routes: [.init(screen: "editor", arguments: ["bookID": .int(1)])]),
            ],
            "flow 'feed' declares no child 'edit'", on: coordinator)
        // A tab's instance under another tab's flow instead of its tab flow.
        expectRefused([root, feed, search], "flow 'feed' declares no child 'search'", on: coordinator)
        // A tab flow's choice on a flow that has no tabs.
        var selecting = feed
        selecting.selectedTab = "search"
        expectRefused([root, selecting], "flow 'feed' has no tabs", on: coordinator)
    }

    @Test func aTabFlowNamesItsSelectedTabAndTheInstanceThatRunsIt() throws {
        let coordinator = try social()
        let bare = Instance(child: nil, flow: "social", routes: [])
        expectRefused(
            [bare, feed],
            "flow 'social' has tabs, but its instance names no selectedTab (one of 'feed', 'search', 'profile')",
            on: coordinator)
        expectRefused(
            [root], "flow 'social' selects tab 'feed', but no instance after it runs that tab", on: coordinator)
        var unknown = root
        unknown.selectedTab = "inbox"
        expectRefused([unknown, feed], "flow 'social' has no tab 'inbox' to select", on: coordinator)
    }

    @Test func aLayerMustBePresentedByTheRouteBelowIt() throws {
        let coordinator = try social()
        let compose = Instance(child: "compose", flow: "createPost", routes: [.init(screen: "compose")])
        let onPost = Instance(
            child: "feed", flow: "feed",
            routes: [.init(screen: "timeline"), .init(screen: "post", arguments: ["postID": .int(3)])])
        expectRefused(
            [root, onPost, compose], "in flow 'feed', screen 'post' never starts child 'compose'", on: coordinator)
        // The tab flow presents nothing of feed's.
        expectRefused([root, compose], "flow 'social' selects tab 'feed' but shows child 'compose'", on: coordinator)
        #expect(coordinator.restore(FlowSnapshot(instances: [root, feed, compose])) == .applied)
    }

    @Test func keptTabsAreCheckedLikeShownOnes() throws {
        let coordinator = try social()
        var shown = root
        shown.selectedTab = "search"
        func keeping(_ tabs: [String: [Instance]]) -> Instance {
            var entry = shown
            entry.otherTabs = tabs
            return entry
        }
        expectRefused(
            [keeping(["feed": []]), search], "kept tab 'feed' of instance 1 (flow 'social') lists no instances",
            on: coordinator)
        // A kept tab whose flow is not the declared tab's.
        expectRefused(
            [keeping(["feed": [Instance(child: "feed", flow: "search", routes: [.init(screen: "query")])]]), search],
            "child 'feed' runs flow 'feed', not 'search'", on: coordinator)
        // A kept tab's next instance is a child too.
        expectRefused(
            [
                keeping(["feed": [feed, Instance(child: nil, flow: "createPost", routes: [.init(screen: "compose")])]]),
                search,
            ],
            "instance 2 of kept tab 'feed' (flow 'createPost') names no child declaration; each instance after a kept tab's first is a child of the one before it",
            on: coordinator)
        // Steps never keep a tab while a sheet or cover is presented over it (the tab bar is hidden).
        expectRefused(
            [
                keeping([
                    "feed": [feed, Instance(child: "compose", flow: "createPost", routes: [.init(screen: "compose")])]
                ]), search,
            ],
            "kept tab 'feed' of flow 'social' shows flow 'createPost' as a sheet over it; a tab is kept only while nothing is presented over the tab bar",
            on: coordinator)
        // A kept tab that lists its tab set again: the format has no parent links, so this is the nearest to a cycle.
        var again = feed
        again.otherTabs = ["feed": [feed]]
        expectRefused([keeping(["feed": [again]]), search], "flow 'feed' has no tabs", on: coordinator)
        #expect(coordinator.restore(FlowSnapshot(instances: [keeping(["feed": [feed]]), search])) == .applied)
        #expect(coordinator.tabSets.first?.keptStacks["feed"]?.routes.map(\.screen) == ["timeline"])
    }
}
