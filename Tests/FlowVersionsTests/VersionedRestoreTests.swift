import FlowModel
import FlowRuntime
import FlowScript
import Foundation
import Testing

/// Old snapshots restored into the new version of the test app (Tests/Fixtures/versions): renamed where the
/// new flows say `formerly`, refused with the usual checks' reason where they do not.
@MainActor
@Suite struct VersionedRestoreTests {
    /// The snapshot the old version takes after `lines`.
    private func oldSnapshot(_ lines: [String]) throws -> FlowSnapshot {
        let runner = try FlowScriptRunner(bundle: try VersionFixtures.bundle("old"), flow: "app")
        for line in lines { runner.run(line: line) }
        return runner.coordinator.snapshot()
    }

    @Test func aSnapshotCarriesItsBundlesHash() throws {
        let old = try VersionFixtures.bundle("old")
        let snapshot = try oldSnapshot(["start"])
        #expect(snapshot.bundleHash == old.contentHash)
        #expect(
            try FlowSnapshot(json: #"{"instances":[{"flow":"app","routes":[{"screen":"home"}]}]}"#).bundleHash == nil)
    }

    @Test func aRenamedScreenRestoresUnderItsNewName() throws {
        let snapshot = try oldSnapshot(["start", "event openArticle id=7"])
        let coordinator = try FlowCoordinator(bundle: try VersionFixtures.bundle("new"), flow: "app")
        let result = coordinator.restore(snapshot)
        #expect(result.status == .applied)
        #expect(coordinator.path.map(\.screen) == ["home", "post"])
        #expect(coordinator.path.map(\.arguments) == [[:], ["id": .int(7)]])
        #expect(result.renaming?.renamed.map(\.description) == ["screen 'article' → 'post' in flow 'app'"])
        #expect(result.renaming?.refused == [])
    }

    @Test func aRemovedScreenIsRefusedAndReported() throws {
        let snapshot = try oldSnapshot(["start", "event openSettings"])
        let coordinator = try FlowCoordinator(bundle: try VersionFixtures.bundle("new"), flow: "app")
        let result = coordinator.restore(snapshot)
        #expect(result.status == .rejected)
        #expect(result.reason?.description == "invalid snapshot: flow 'app' has no screen 'settings'")
        #expect(result.renaming?.refused == ["screen 'settings' in flow 'app' is no screen's name, now or formerly"])
        #expect(coordinator.path.isEmpty)
    }

    @Test func aNarrowedValueIsRefusedByTheUsualChecks() throws {
        let snapshot = try oldSnapshot(["start", "event openTag tag=abcdefgh"])
        let coordinator = try FlowCoordinator(bundle: try VersionFixtures.bundle("new"), flow: "app")
        let result = coordinator.restore(snapshot)
        #expect(result.status == .rejected)
        #expect(result.renaming == nil)
    }

    @Test func aSnapshotOfTheSameBundleIsNotRenamed() throws {
        let old = try VersionFixtures.bundle("old")
        let snapshot = try oldSnapshot(["start", "event openArticle id=7"])
        let coordinator = try FlowCoordinator(bundle: old, flow: "app")
        let result = coordinator.restore(snapshot)
        #expect(result.status == .applied)
        #expect(result.renaming == nil)
    }

    @Test func theTraceOfRestoreShowsTheRenames() throws {
        let snapshot = try oldSnapshot(["start", "event openArticle id=7"])
        let runner = try FlowScriptRunner(bundle: try VersionFixtures.bundle("new"), flow: "app")
        let json = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
        let line = try #require(runner.run(line: "restore " + json))
        #expect(line.status == "applied")
        #expect(line.renaming?.renamed == ["screen 'article' → 'post' in flow 'app'"])
        #expect(ReadableTrace.outcome(of: line) == "applied; renamed screen 'article' → 'post' in flow 'app'")
    }

    @Test func anOldLinkOpensThroughItsAlias() throws {
        let coordinator = try FlowCoordinator(bundle: try VersionFixtures.bundle("new"), flow: "app")
        coordinator.start()
        #expect(coordinator.open("/articles/3") == .applied)
        #expect(coordinator.path.map(\.screen) == ["home", "post"])
        #expect(coordinator.path.last?.arguments == ["id": .int(3)])
    }
}
