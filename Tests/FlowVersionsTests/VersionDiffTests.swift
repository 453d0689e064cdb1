import FlowModel
import FlowRuntime
import FlowTestSupport
import FlowVersions
import Testing

/// `flowc diff`'s library on the test app in two versions (Tests/Fixtures/versions): every verdict, decided
/// by restoring and opening on the new runtime. The command's exact output in every format is
/// FlowcCLITests' `DiffCommandTests`.
@MainActor
@Suite struct VersionDiffTests {
    @Test func everyShapeAndLinkOfTheOldVersionGetsItsVerdict() throws {
        let report = VersionDiff.compare(old: try VersionFixtures.bundle("old"), new: try VersionFixtures.bundle("new"))
        #expect(report.bound == nil)
        let verdicts = report.findings.map { "\($0.kind.rawValue) \($0.subject): \($0.verdict.rawValue)" }
        #expect(
            verdicts == [
                "snapshot app[home, article]: rename",
                "snapshot app[home, settings]: break",
                "snapshot app[home, tag]: narrow",
                "snapshot app[home]: keep",
                "snapshot app[home] / composer=composer[draft]: keep",
                "link /articles/{id:int}: rename",
                "link /settings: break",
                "link /tags/{tag}: narrow",
            ])
        let details = Dictionary(uniqueKeysWithValues: report.findings.map { ($0.subject, $0.detail) })
        #expect(details["app[home, article]"] == "it restores after renaming screen 'article' → 'post' in flow 'app'")
        #expect(
            details["app[home, settings]"]
                == "the new version refuses it: invalid snapshot: flow 'app' has no screen 'settings'")
        #expect(details["/articles/{id:int}"] == "it opens as an alias of link '/posts/{id:int}'")
        #expect(report.summary == "2 kept, 2 renamed, 2 narrowed, 2 broken")
    }

    @Test func acceptedBreaksDoNotFail() throws {
        var report = VersionDiff.compare(old: try VersionFixtures.bundle("old"), new: try VersionFixtures.bundle("new"))
        VersionDiff.acknowledge(["app[home, settings]", "/settings"], in: &report)
        #expect(report.findings.filter(\.acknowledged).map(\.subject) == ["app[home, settings]", "/settings"])
        #expect(report.summary == "2 kept, 2 renamed, 2 narrowed, 2 broken (2 accepted in .flowc.yml)")
        VersionDiff.acknowledge(["app[home, tag]", "/tags/{tag}"], in: &report)
        #expect(report.summary == "2 kept, 2 renamed, 2 narrowed, 2 broken (4 accepted in .flowc.yml)")
    }

    @Test func aVersionComparedWithItselfKeepsEverything() throws {
        let old = try VersionFixtures.bundle("old")
        let report = VersionDiff.compare(old: old, new: old)
        #expect(report.findings.allSatisfy { $0.verdict == .keep })
        #expect(report.count(.keep) == 8)
    }

    /// The app of the narrowing tests: a `sort` parameter whose `values` are `values`, with a `min`-bounded
    /// `page`, on a screen and a link.
    static func sortingApp(values: String, minimumPage: Int) throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: app
            start: home
            screens:
              home:
                on:
                  open:
                    params: { sort: { type: string, values: \(values) }, page: { type: int, min: \(minimumPage) } }
                    push: list
                    with: { sort: $sort, page: $page }
              list:
                params: { sort: { type: string, values: \(values) }, page: { type: int, min: \(minimumPage) } }
            links:
              "/list/{sort}/{page:int}": [home, { list: { sort: $sort, page: $page } }]
            """
        ])
    }

    /// Removing a value listed second (`top`) narrows the saved states and the link, as removing the first
    /// does: every listed value is tried, not only the first (kiwicom/navigation-compose-typed#112); so is a
    /// bound raised past the old one.
    @Test(arguments: ["[new, old]", "[top, old]"])
    func everyValueAConstraintNoLongerAdmitsIsTried(newValues: String) throws {
        let old = try Self.sortingApp(values: "[new, top, old]", minimumPage: 1)
        let new = try Self.sortingApp(values: newValues, minimumPage: 1)
        let report = VersionDiff.compare(old: old, new: new)
        #expect(
            report.findings.map { "\($0.kind) \($0.subject): \($0.verdict)" } == [
                "snapshot app[home, list]: narrow", "snapshot app[home]: keep", "link /list/{sort}/{page:int}: narrow",
            ])
        let removed = newValues == "[new, old]" ? "top" : "new"
        #expect(report.findings[0].witness.contains("\"sort\":\"\(removed)\""), "\(report.findings[0].witness)")
        #expect(report.findings[2].witness.hasSuffix("open /list/\(removed)/1"), "\(report.findings[2].witness)")
        let raised = VersionDiff.compare(old: old, new: try Self.sortingApp(values: "[new, top, old]", minimumPage: 2))
        #expect(raised.findings.map(\.verdict) == [.narrow, .keep, .narrow])
        #expect(raised.findings[0].witness.contains("\"page\":1"), "\(raised.findings[0].witness)")
        #expect(raised.findings[2].witness.hasSuffix("open /list/new/1"), "\(raised.findings[2].witness)")
    }
}
