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

    /// A two-tab app whose first tab shows `detail` above `home` (in the new version, `home` only).
    static func tabApp(withDetail: Bool) throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: shell
            tabs: [one, two]
            start: one
            children:
              one: { flow: one }
              two: { flow: two }
            """,
            withDetail
                ? "flow: one\nstart: home\nscreens:\n  home: { on: { go: { push: detail } } }\n  detail: {}\n"
                : "flow: one\nstart: home\nscreens:\n  home: {}\n",
            "flow: two\nstart: home\nscreens:\n  home: {}\n",
        ])
    }

    /// Saved states that differ only in a kept tab's screens are different shapes, not argument sets of one:
    /// removing the kept tab's screen breaks the shapes that show it and keeps the others; nothing is called
    /// narrowed.
    @Test func aKeptTabsScreensAreItsShape() throws {
        let report = VersionDiff.compare(
            old: try Self.tabApp(withDetail: true), new: try Self.tabApp(withDetail: false))
        #expect(report.count(.narrow) == 0)
        #expect(
            report.findings.filter { $0.kind == .snapshot }.map { "\($0.subject): \($0.verdict)" } == [
                "shell{one; kept: two(two=two[home])}[] / one=one[home, detail]: break",
                "shell{one; kept: two(two=two[home])}[] / one=one[home]: keep",
                "shell{one}[] / one=one[home, detail]: break",
                "shell{one}[] / one=one[home]: keep",
                "shell{two; kept: one(one=one[home, detail])}[] / two=two[home]: break",
                "shell{two; kept: one(one=one[home])}[] / two=two[home]: keep",
            ])
    }
}
