import FlowModel
import FlowRuntime
import FlowTestSupport
import Observation
import Testing

/// The navigation tree's objects: each stack, layer and tab set is observed on its own, keeps its
/// identity while it lives, and hears only of steps that change it.
@MainActor
struct TreeObservationTests {
    /// Whether reading `read` registered an observation that `change` then triggers.
    func notifies(_ read: () -> Void, when change: () -> Void) -> Bool {
        let flag = ObservationTests.Flag()
        withObservationTracking(read) { flag.fired = true }
        change()
        return flag.fired
    }

    /// Which of `reads` (by label) registered an observation that `change` triggers.
    func notified(_ reads: [String: () -> Void], when change: () -> Void) -> Set<String> {
        var flags: [String: ObservationTests.Flag] = [:]
        for (label, read) in reads {
            let flag = ObservationTests.Flag()
            withObservationTracking(read) { flag.fired = true }
            flags[label] = flag
        }
        change()
        return Set(flags.filter(\.value.fired).keys)
    }

    /// The social tab app, signed in, with the search tab holding results and the feed tab selected: a tab
    /// set at the root and two started tabs. With `sheet`, the feed tab presents the compose sheet.
    func social(sheet: Bool = true) throws -> (FlowCoordinator, TestHost) {
        let host = TestHost()
        host.conditions["isSignedIn"] = true
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social", host: host.host)
        coordinator.start()
        #expect(coordinator.select(tab: "search") == .applied)
        #expect(coordinator.send("submit", textArguments: ["query": "swift"]) == .applied)
        #expect(coordinator.select(tab: "feed") == .applied)
        if sheet { #expect(coordinator.send("compose") == .applied) }
        return (coordinator, host)
    }

    @Test func theTreeIsAStackATabSetAndEachTabsStack() throws {
        let (coordinator, host) = try social()
        defer { withExtendedLifetime(host) {} }
        let root = try #require(coordinator.rootStack)
        #expect(root.kind == .root && root.routes.isEmpty && root.presented == nil)
        let tabs = try #require(root.tabSet)
        #expect(tabs.flow == "social" && tabs.tabs == ["feed", "search", "profile"] && tabs.selected == "feed")
        #expect(tabs.tabs.filter { tabs.stack(forTab: $0) != nil } == ["feed", "search"])
        let feed = try #require(tabs.stack(forTab: "feed"))
        let search = try #require(tabs.stack(forTab: "search"))
        #expect(feed.kind == .tab(name: "feed", tabSet: tabs.id))
        #expect(feed.routes.map(\.screen) == ["timeline"])
        #expect(search.routes.map(\.screen) == ["query", "results"])
        #expect(search.path.map(\.screen) == ["results"])
        let sheet = try #require(feed.sheet)
        #expect(feed.cover == nil && sheet.kind == .sheet && sheet.routes.map(\.screen) == ["compose"])
        #expect(coordinator.shownStackModels.map(\.id) == [root.id, feed.id, sheet.id])
        #expect(coordinator.stackModel(search.id) === search && coordinator.tabSetModel(tabs.id) === tabs)
    }

    @Test func aStepInOneTabNotifiesNoObserverOfAnotherTabTheSelectionOrAnUntouchedLayer() throws {
        let (coordinator, host) = try social(sheet: false)
        defer { withExtendedLifetime(host) {} }
        let tabs = try #require(coordinator.rootStack?.tabSet)
        let feed = try #require(tabs.stack(forTab: "feed"))
        let search = try #require(tabs.stack(forTab: "search"))
        let reads: [String: () -> Void] = [
            "feed routes": { _ = feed.routes }, "feed layer": { _ = feed.presented },
            "search routes": { _ = search.routes }, "search layer": { _ = search.presented },
            "selection": { _ = tabs.selected }, "started tabs": { _ = tabs.stack(forTab: "feed") },
            "root": { _ = coordinator.rootStack },
            "path": { _ = coordinator.path },
        ]
        // A push in the feed tab: its stack and the path only.
        var result: StepResult?
        #expect(
            notified(reads, when: { result = coordinator.send("openPost", arguments: ["postID": .int(4)]) }) == [
                "feed routes", "path",
            ])
        #expect(result == .applied)
        #expect(
            feed.routes.map(\.screen) == ["timeline", "post"] && search.routes.map(\.screen) == ["query", "results"])
        // A sheet presented over it: the feed stack's layer only.
        coordinator.send("back")
        #expect(notified(reads, when: { result = coordinator.send("compose") }) == ["feed layer", "path"])
        #expect(result == .applied)
        // A step inside the sheet: the sheet's routes only, not the layer below it, not the other tab.
        let sheet = try #require(feed.sheet)
        var withSheet = reads
        withSheet["sheet routes"] = { _ = sheet.routes }
        withSheet["sheet layer"] = { _ = sheet.presented }
        #expect(
            notified(withSheet, when: { result = coordinator.send("preview", arguments: ["title": .string("Hi")]) })
                == ["sheet routes", "path"])
        #expect(result == .applied)
        #expect(tabs.stack(forTab: "search") === search && feed.sheet === sheet && sheet.isAlive)
    }

    @Test func aStepInsideASheetDoesNotNotifyTheLayersObserver() throws {
        let (coordinator, host) = try social()
        defer { withExtendedLifetime(host) {} }
        let feed = try #require(coordinator.rootStack?.tabSet?.stack(forTab: "feed"))
        let sheet = try #require(feed.sheet)
        let changed = notified(
            [
                "feed routes": { _ = feed.routes }, "feed sheet": { _ = feed.sheet },
                "sheet routes": { _ = sheet.routes },
            ], when: { #expect(coordinator.send("preview", arguments: ["title": .string("Hi")]) == .applied) })
        #expect(changed == ["sheet routes"])
        #expect(feed.sheet === sheet && sheet.path.map(\.screen) == ["preview"])
    }

    @Test func aDismissNotifiesThatLayersObserverOnly() throws {
        let (coordinator, host) = try social()
        defer { withExtendedLifetime(host) {} }
        let tabs = try #require(coordinator.rootStack?.tabSet)
        let feed = try #require(tabs.stack(forTab: "feed"))
        let search = try #require(tabs.stack(forTab: "search"))
        let sheet = try #require(feed.sheet)
        let changed = notified(
            [
                "feed routes": { _ = feed.routes }, "feed sheet": { _ = feed.sheet },
                "search layer": { _ = search.presented },
                "selection": { _ = tabs.selected }, "sheet alive": { _ = sheet.isAlive },
            ], when: { #expect(coordinator.dismiss(sheet.id) == .applied) })
        #expect(changed == ["feed sheet", "sheet alive"])
        #expect(feed.sheet == nil && !sheet.isAlive && coordinator.stackModel(sheet.id) == nil)
    }

    @Test func aStackKeepsItsObjectWhileItLives() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        #expect(coordinator.rootStack == nil)
        #expect(notifies({ _ = coordinator.rootStack }, when: { coordinator.start() }))
        let root = try #require(coordinator.rootStack)
        // A push, a child flow pushed on the same stack, its finish, a back: the same object throughout.
        coordinator.send("selectBook", arguments: ["bookID": .int(7)])
        coordinator.send("edit")
        #expect(coordinator.rootStack === root && root.routes.map(\.screen) == ["library", "details", "editor"])
        #expect(!notifies({ _ = coordinator.rootStack }, when: { coordinator.send("save") }))
        #expect(coordinator.rootStack === root && root.routes.map(\.screen) == ["library", "details"])
        // Stopped: the object is dead; a new start has a new stack.
        #expect(notifies({ _ = root.isAlive }, when: { coordinator.stop() }))
        #expect(coordinator.rootStack == nil && !root.isAlive && coordinator.stackModel(root.id) == nil)
        coordinator.start()
        #expect(coordinator.rootStack !== root && coordinator.rootStack?.isAlive == true)
    }

    @Test func aTabSelectedAgainShowsTheSameObjects() throws {
        let (coordinator, host) = try social(sheet: false)
        defer { withExtendedLifetime(host) {} }
        let tabs = try #require(coordinator.rootStack?.tabSet)
        let feed = try #require(tabs.stack(forTab: "feed"))
        coordinator.send("openPost", arguments: ["postID": .int(4)])
        let changed = notified(
            [
                "feed routes": { _ = feed.routes }, "feed layer": { _ = feed.presented },
                "selection": { _ = tabs.selected },
                "started tabs": { _ = tabs.stack(forTab: "feed") },
            ],
            when: {
                coordinator.select(tab: "search")
                coordinator.select(tab: "feed")
            })
        #expect(changed == ["selection"])
        #expect(tabs.stack(forTab: "feed") === feed && feed.routes.map(\.screen) == ["timeline", "post"])
        #expect(coordinator.shownStackModels.map(\.id) == [coordinator.rootStack?.id, feed.id])
        // The first selection of a tab starts it: the started tabs change.
        #expect(notifies({ _ = tabs.stack(forTab: "feed") }, when: { coordinator.select(tab: "profile") }))
        #expect(tabs.stack(forTab: "profile")?.routes.map(\.screen) == ["me"])
    }

    @Test func aStepThatChangesNothingNotifiesNoOne() throws {
        let (coordinator, host) = try social(sheet: false)
        defer { withExtendedLifetime(host) {} }
        let tabs = try #require(coordinator.rootStack?.tabSet)
        let changed = notified(
            [
                "path": { _ = coordinator.path }, "stacks": { _ = coordinator.stacks },
                "selection": { _ = tabs.selected },
            ], when: { #expect(coordinator.select(tab: "feed") == .applied) })
        #expect(changed.isEmpty)
    }

    @Test func objectsAskedForLateDescribeTheKeptTabsToo() throws {
        // No object exists while the tabs are set aside; the first request builds the whole tree.
        let (coordinator, host) = try social(sheet: false)
        defer { withExtendedLifetime(host) {} }
        coordinator.send("openPost", arguments: ["postID": .int(4)])
        coordinator.select(tab: "profile")
        coordinator.send("signIn")
        let tabs = try #require(coordinator.rootStack?.tabSet)
        #expect(tabs.selected == "profile")
        #expect(tabs.stack(forTab: "profile")?.cover?.routes.map(\.screen) == ["credentials"])
        #expect(tabs.stack(forTab: "feed")?.routes.map(\.screen) == ["timeline", "post"])
        #expect(tabs.stack(forTab: "search")?.routes.map(\.screen) == ["query", "results"])
        // A restore of another state rebuilds the tree with new instances: new objects, the old ones dead.
        let snapshot = coordinator.snapshot()
        let feed = try #require(tabs.stack(forTab: "feed"))
        var result: StepResult?
        let other = try social(sheet: false).0.snapshot()
        #expect(notifies({ _ = coordinator.rootStack }, when: { result = coordinator.restore(other) }))
        #expect(result == .applied)
        #expect(coordinator.restore(snapshot) == .applied)
        #expect(!feed.isAlive && !tabs.isAlive)
        let restored = try #require(coordinator.rootStack?.tabSet)
        #expect(restored.selected == "profile")
        #expect(restored.stack(forTab: "feed")?.routes.map(\.screen) == ["timeline", "post"])
        #expect(restored.stack(forTab: "profile")?.cover?.routes.map(\.screen) == ["credentials"])
        // A restore of the same state puts every instance back: the objects stay, alive.
        let keptFeed = try #require(restored.stack(forTab: "feed"))
        #expect(coordinator.restore(coordinator.snapshot()) == .applied)
        #expect(coordinator.rootStack?.tabSet === restored)
        #expect(restored.stack(forTab: "feed") === keptFeed)
        #expect(keptFeed.isAlive && restored.isAlive)
    }
}
