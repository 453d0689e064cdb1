import Foundation
import Testing

@testable import FlowCompiler

/// Validations that share a ``FileReadCache`` keep the findings of the rules that check each flow alone
/// (``RuleResultMemo/eachFlowAlone``) per flow, and rerun them only over the flows whose inputs changed: the
/// flow's own file, or a flow it looked up. What they report is exactly what a validation without the cache
/// reports (`IncrementalAgreementTests` checks the same over the language server and `Flows/`).
@Suite struct RuleResultMemoTests {
    static let kept = RuleResultMemo.eachFlowAlone.count

    /// `settings` finishing with `finished` instead of `done`: `app`'s handler names an outcome it lacks.
    static let settingsRenamedOutcome = NavigationMemoTests.settings.replacingOccurrences(
        of: "done", with: "finished")
    /// `other` with a third screen.
    static let otherLonger = NavigationMemoTests.other.replacingOccurrences(
        of: "  second: {}\n", with: "  second:\n    on:\n      next: { push: third }\n  third: {}\n")

    @Test func onlyTheEditedFlowAndTheFlowsThatReadItAreCheckedAgain() {
        let cache = FileReadCache()
        var texts = [
            ("app.yaml", NavigationMemoTests.app), ("other.yaml", NavigationMemoTests.other),
            ("settings.yaml", NavigationMemoTests.settings),
        ]
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(Self.kept == 36)
        #expect(cache.ruleResults.counts == (reused: 0, rerun: 3 * Self.kept))
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.counts == (reused: 3 * Self.kept, rerun: 3 * Self.kept))

        // A flow nothing reads: only its own results are computed again.
        texts[1].1 = Self.otherLonger
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.counts == (reused: 5 * Self.kept, rerun: 4 * Self.kept))

        // A child's outcome renamed: the child's results, and the parent's from the two rules that read the
        // child's outcomes (FC402 unhandled-outcome, FC403 unknown-outcome-handler) and from the seven argument
        // rules (the parent's `start: settings` passes the child flow its arguments: its receiver is the child).
        texts[2].1 = Self.settingsRenamedOutcome
        let renamed = NavigationMemoTests.validate(texts, cache: cache)
        #expect(renamed == NavigationMemoTests.validate(texts, cache: nil))
        #expect(renamed.map(\.code) == ["FC402", "FC403", "FC304"])
        #expect(cache.ruleResults.counts == (reused: 5 * Self.kept + 2 * Self.kept - 9, rerun: 5 * Self.kept + 9))
    }

    /// A validation reads the last kept one in one lock section (``RuleResultMemo/baseline``): its flows, its
    /// argument passings and its per-rule results are one validation's, whole, and after a file is dropped,
    /// all three are the next one's.
    @Test func theBaselineIsOneValidationWhole() {
        let cache = FileReadCache()
        let texts = [
            ("app.yaml", NavigationMemoTests.app), ("other.yaml", NavigationMemoTests.other),
            ("settings.yaml", NavigationMemoTests.settings),
        ]
        for (files, names) in [(texts, ["app", "other", "settings"]), (Array(texts.dropLast()), ["app", "other"])] {
            _ = NavigationMemoTests.validate(files, cache: cache)
            let baseline = cache.ruleResults.baseline
            #expect(baseline.flows.keys.sorted() == names)
            #expect(baseline.passings.keys.sorted() == names)
            #expect(baseline.kept.count == RuleRegistry.flowRules.count)
            #expect(Set(baseline.kept.flatMap(\.keys)).sorted() == names)
        }
    }

    /// docs/PERFORMANCE.md counts the rules from the source: every "N of the M" said of `eachFlowAlone` has M
    /// the flow rules `RuleRegistry.flowRules` lists, and the file list's current claim has N the rules
    /// `eachFlowAlone` lists (it said "36 of the 46" while the registry listed 48).
    @Test func performanceDocCountsTheRulesTheSourceLists() throws {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/docs/PERFORMANCE.md", encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let claims = #/eachFlowAlone[^.]{0,400}? (\d+) of the (\d+)/#
        let found = text.matches(of: claims).map { (Int($0.output.1) ?? 0, Int($0.output.2) ?? 0) }
        #expect(found.count >= 3)
        #expect(found.allSatisfy { $0.1 == RuleRegistry.flowRules.count })
        let current = try #require(text.firstMatch(of: #/`eachFlowAlone`, (\d+) of the (\d+) since/#))
        #expect(Int(current.output.1) == RuleResultMemo.eachFlowAlone.count)
        #expect(Int(current.output.2) == RuleRegistry.flowRules.count)
    }

    @Test func aFindingThatReadEveryFlowIsNotKept() {
        // FC203's message names the flow that declares the unknown screen, so it read every flow.
        let cache = FileReadCache()
        let texts = [
            ("other.yaml", NavigationMemoTests.other.replacingOccurrences(of: "push: second", with: "push: main")),
            ("settings.yaml", NavigationMemoTests.settings),
        ]
        let first = NavigationMemoTests.validate(texts, cache: cache)
        #expect(first == NavigationMemoTests.validate(texts, cache: nil))
        #expect(
            first.first { $0.code == "FC203" }?.message
                == "unknown screen 'main' in flow 'other'; 'main' is a screen of flow 'settings', and a flow's actions only address its own screens"
        )
        #expect(NavigationMemoTests.validate(texts, cache: cache) == first)
        #expect(cache.ruleResults.counts == (reused: 2 * Self.kept - 1, rerun: 2 * Self.kept + 1))
    }

    /// `app` running `notes`, whose deep link is then never matched (FC651 link-in-child-flow, on `notes`).
    static let runsNotes = """
        flow: app
        start: notes
        children:
          notes: { flow: notes }

        """
    static let notes = """
        flow: notes
        start: list
        screens:
          list: { on: { open: { params: { id: int }, push: note, with: { id: $id } } } }
          note: { params: { id: int } }
        links:
          "/notes/{id:int}": [list, { note: { id: $id } }]

        """

    @Test func aParentThatStopsRunningAChildChecksTheChildAgain() {
        // The child uses of `notes` change with `app`'s old definition, not its new one (which runs `other`):
        // `notes` is a root then, and its link is matched.
        let cache = FileReadCache()
        var texts = [
            ("app.yaml", Self.runsNotes), ("notes.yaml", Self.notes), ("other.yaml", NavigationMemoTests.other),
        ]
        let before = NavigationMemoTests.validate(texts, cache: cache)
        #expect(before == NavigationMemoTests.validate(texts, cache: nil))
        #expect(before.filter { $0.code == "FC651" }.map(\.location.file) == ["notes.yaml"])
        texts[0].1 = Self.runsNotes.replacingOccurrences(of: "{ flow: notes }", with: "{ flow: other }")
        let after = NavigationMemoTests.validate(texts, cache: cache)
        #expect(after == NavigationMemoTests.validate(texts, cache: nil))
        #expect(!after.contains { $0.code == "FC651" })
    }

    @Test func aFlowThatGoesAwayChecksTheFlowsThatReadItAgain() {
        // `app` passes `settings` an argument it has no parameter for (ChildArguments); then `settings` is
        // renamed: the flow `app` runs is gone (FC206), though `app`'s own file and navigation are the same.
        let cache = FileReadCache()
        let passing = NavigationMemoTests.app.replacingOccurrences(
            of: "open: { start: settings }", with: "open: { start: settings, with: { page: 1 } }")
        var texts = [("app.yaml", passing), ("settings.yaml", NavigationMemoTests.settings)]
        let before = NavigationMemoTests.validate(texts, cache: cache)
        #expect(before == NavigationMemoTests.validate(texts, cache: nil))
        #expect(before.filter { $0.location.file == "app.yaml" }.map(\.code) == [ChildArguments.description.code])
        texts[1].1 = NavigationMemoTests.settings.replacingOccurrences(of: "flow: settings", with: "flow: preferences")
        let after = NavigationMemoTests.validate(texts, cache: cache)
        #expect(after == NavigationMemoTests.validate(texts, cache: nil))
        #expect(after.filter { $0.location.file == "app.yaml" }.map(\.code) == [UnknownFlow.description.code])
    }

    @Test func aFlowsArgumentPassingsAreKeptUntilAFlowTheyReadChanges() {
        // `other` passes the screen it pushes an argument it has no parameter for, by a reference to nothing.
        let cache = FileReadCache()
        let passing = NavigationMemoTests.other.replacingOccurrences(
            of: "push: second", with: "push: second, with: { id: $missing }")
        var texts = [
            ("app.yaml", NavigationMemoTests.app), ("other.yaml", passing),
            ("settings.yaml", NavigationMemoTests.settings),
        ]
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.passingCounts == (reused: 0, collected: 3))
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.passingCounts == (reused: 3, collected: 3))

        // A child's outcome renamed: the child's passings, and the parent's (its `start: settings` passes the
        // child flow its arguments: the receiver is read from the child).
        texts[2].1 = Self.settingsRenamedOutcome
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.passingCounts == (reused: 4, collected: 5))

        // A flow before the others: theirs are reused at their new positions, where the scope of `$missing`
        // is read (the flow's screens and events by position).
        texts.insert(("first.yaml", "flow: first\nstart: only\nscreens:\n  only: {}\n"), at: 0)
        let shifted = NavigationMemoTests.validate(texts, cache: cache)
        #expect(shifted == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.passingCounts == (reused: 7, collected: 6))
        #expect(
            shifted.filter { $0.location.file == "other.yaml" }.map {
                "\($0.code) \($0.location.line):\($0.location.column) \($0.message)"
            } == [
                "FC304 1:7 flow 'other' is started by no other flow and starts no child flow; declare it as a child of the flow that should start it, or remove it",
                "FC506 6:37 screen 'second' has no parameter 'id'; it takes no arguments",
                "FC501 6:41 '$missing' refers to no parameter in scope: event 'next', screen 'first' or flow 'other' declares no 'missing'; declare it under the event's 'params' or pass a literal",
            ])
    }

    /// A flow's passings reused at a new position while a rule that reads more than they do runs again over it
    /// (scripts/mutants.sh `passings-not-renumbered`): `f` declares child `c` (never started) whose `done`
    /// handler passes `$x`, so FC501's scope reads `c` while `f`'s passings read only `f`. Editing `c` and adding
    /// a flow before the others in one edit reruns FC501 over `f` with `f`'s passings reused, now one position
    /// down; unless they are renumbered, the scope is the one of the flow at their old position (`first`, of the
    /// same shape), and the message names it.
    @Test func reusedPassingsAreReadAtTheirFlowsNewPosition() {
        let cache = FileReadCache()
        let f = """
            flow: f
            start: one
            screens:
              one: {}
              two: { params: { id: int } }
            children:
              c: { flow: c, on: { done: { push: two, with: { id: $x } } } }

            """
        let c = "flow: c\nstart: s\noutcomes: [done]\nscreens:\n  s: { on: { ok: { finish: done } } }\n"
        var texts = [("f.yaml", f), ("c.yaml", c)]
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(cache.ruleResults.passingCounts == (reused: 0, collected: 2))
        texts[1].1 = c + "  t: {}\n"
        texts.insert(("first.yaml", f.replacingOccurrences(of: "flow: f", with: "flow: first")), at: 0)
        let shifted = NavigationMemoTests.validate(texts, cache: cache)
        #expect(shifted == NavigationMemoTests.validate(texts, cache: nil))
        // `f`'s passings were reused (`c` and `first` collected).
        #expect(cache.ruleResults.passingCounts == (reused: 1, collected: 4))
        #expect(
            shifted.filter { $0.location.file == "f.yaml" && $0.code == "FC501" }.map {
                "\($0.location.line):\($0.location.column) \($0.message)"
            } == [
                "7:54 '$x' refers to no parameter in scope: flow 'f' declares no 'x'; declare it under the flow's 'params' or pass a literal"
            ])
    }

    /// A tab flow whose `feed` tab runs `list`, where a `select` names the other tab.
    static let tabbed = [
        (
            "home.yaml",
            "flow: home\ntabs: [feed, profile]\nstart: feed\nchildren:\n  feed: { flow: feed }\n  profile: { flow: profile }\n"
        ),
        ("feed.yaml", "flow: feed\nstart: list\nchildren:\n  list: { flow: list }\n"),
        ("list.yaml", "flow: list\nstart: items\nscreens:\n  items: { on: { other: { select: profile } } }\n"),
        ("profile.yaml", "flow: profile\nstart: main\nscreens:\n  main: {}\n"),
    ]

    @Test func aSelectIsCheckedAgainWhenAFlowThatRunsItAtAnyDepthChanges() {
        // The tab sets enclosing `list` are read through the flows that run it: `feed`, then `home`. Only
        // `home`'s file changes (its `profile` tab goes); `list`'s `select: profile` has no tab set then.
        let cache = FileReadCache()
        var texts = Self.tabbed
        #expect(NavigationMemoTests.validate(texts, cache: cache) == NavigationMemoTests.validate(texts, cache: nil))
        #expect(!NavigationMemoTests.validate(texts, cache: cache).contains { $0.code == UnknownTab.description.code })
        texts[0].1 = texts[0].1.replacingOccurrences(of: "tabs: [feed, profile]", with: "tabs: [feed]")
        let after = NavigationMemoTests.validate(texts, cache: cache)
        #expect(after == NavigationMemoTests.validate(texts, cache: nil))
        #expect(
            after.filter { $0.code == UnknownTab.description.code }.map {
                "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)"
            } == [
                "list.yaml:4:35 'select: profile' in flow 'list' names no tab of any tab set enclosing it where flow 'feed' runs it as child 'list'; the nearest tab set that has the tab is selected, and none there has it"
            ])
    }

    /// The corpora the rules' contract is checked over: `Flows/` and every fixture of `Tests/Fixtures/invalid`
    /// and `valid` (a file, or a folder of files validated together).
    static func corpora() throws -> [[(path: String, bytes: [UInt8])]] {
        var corpora = [try TestPaths.shippedFlows()]
        for folder in ["invalid", "valid"] {
            let root = TestPaths.fixtures + "/" + folder
            for name in try FileManager.default.contentsOfDirectory(atPath: root).sorted()
            where !name.hasSuffix(".expected") {
                corpora.append(try TestPaths.sources(under: name, in: root))
            }
        }
        return corpora.filter { !$0.isEmpty }
    }

    /// What ``RuleResultMemo/eachFlowAlone`` claims of each rule listed: its findings over a catalog are
    /// its findings over the catalog checking each flow alone (``FlowCatalog/checking(only:noting:)``), in
    /// `uniqueFlows` order.
    @Test func eachListedRulesFindingsAreItsFindingsAboutEachFlowInTurn() throws {
        let rules = RuleRegistry.flowRules.filter { RuleResultMemo.eachFlowAlone.contains(ObjectIdentifier($0)) }
        #expect(rules.count == Self.kept)
        var compared = 0
        for corpus in try Self.corpora() {
            let catalog = FlowCatalog(FlowValidation.validate(sources: corpus).flows)
            for rule in rules {
                var whole: [Diagnostic] = []
                rule.init().check(catalog, into: &whole)
                var eachAlone: [Diagnostic] = []
                for flow in catalog.uniqueFlows {
                    rule.init().check(catalog.checking(only: flow, noting: CatalogReads()), into: &eachAlone)
                }
                #expect(eachAlone == whole, "\(rule.description.code) over \(corpus.first?.path ?? "")")
                compared += whole.count
            }
        }
        // The corpora make the listed rules find something (59 findings when this was written): the comparison
        // is not of empty lists only.
        #expect(compared >= 50)
    }
}
