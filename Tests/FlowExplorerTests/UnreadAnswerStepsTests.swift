import FlowExplorer
import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The reduction of unread answers (``ExplorationReduction/unreadAnswers``; docs/RUNNING.md, "Reductions",
/// "Unread answers") checked: the runtime's step from a state depends on the coordinator's state, the waiting
/// step and the host answers the coordinator reads while it runs, nothing else. Every step the reduction
/// reuses from a state that differs in its answers alone is also run from the state itself and compared
/// exactly (``ExplorationBounds/unreadAnswerCheck``: its result and the state it leaves, ids and tokens too)
/// on every fixture set and 200 generated apps by the reduction-agreement test (``ReductionAgreementTests``),
/// and here on the shipped roots: none differs. On the shipped roots the exploration with the reduction (its
/// check on and off) and the one without it report the same states, steps, findings, warnings and reached
/// records; and the check can fail: reusing a step whatever answers it read
/// (``ExplorationReduction/unsoundUnreadAnswersIgnored``) is caught on the shopping app.
@MainActor
struct UnreadAnswerStepsTests {
    /// One root explored with `reductions` (``ExplorationReduction/all`` by default), each reused step checked
    /// against the runtime's own when `check` is on.
    static func explore(
        _ bundle: FlowBundle, flow: String, bounds: ExplorationBounds = ExplorationBounds(),
        reductions: ExplorationReduction = .all, check: Bool = true
    ) throws -> ExplorationReport {
        var given = bounds
        given.reductions = reductions
        given.unreadAnswerCheck = check
        return try FlowExplorer.explore(bundle, flow: flow, bounds: given)
    }

    /// What a report shows a reader, in words, by part: the figures (states, steps, covered states, whether
    /// complete), the findings (code, flow, screen, message, witness script), the warnings (code, subject,
    /// message, witness script) and, with `records`, each reached record (parent, command, depth, path,
    /// status, whether a confirmation is pending).
    static func observable(_ report: ExplorationReport, records: Bool) -> [(part: String, lines: [String])] {
        var parts: [(part: String, lines: [String])] = [
            (
                "figures",
                [
                    "states \(report.states)", "steps \(report.steps)", "covered \(report.coveredStates)",
                    "bound \(report.bound ?? "none")",
                ]
            ),
            (
                "findings",
                report.findings.map {
                    "\($0.code) at \($0.flow ?? "-").\($0.screen ?? "-"): \($0.message) | \($0.witness.joined(separator: "; "))"
                }
            ),
            (
                "warnings",
                report.warnings.map {
                    "\($0.code.rawValue) \($0.subject): \($0.message) | \($0.witness.joined(separator: "; "))"
                }
            ),
        ]
        if records {
            parts.append(
                (
                    "records",
                    report.reached.map {
                        "\($0.parent.map(String.init) ?? "-") \($0.command?.line ?? "-") \($0.depth) \($0.path.joined(separator: " ")) \($0.status) \($0.asksForConfirmation)"
                    }
                ))
        }
        return parts
    }

    /// Where the reports `reduced` and `full` differ in what a reader sees (``observable(_:records:)``): for
    /// each part that differs, its first differing line on each side; empty when they agree.
    static func differences(_ reduced: ExplorationReport, _ full: ExplorationReport, records: Bool) -> [String] {
        var found: [String] = []
        for (reducedPart, fullPart) in zip(observable(reduced, records: records), observable(full, records: records))
        where reducedPart.lines != fullPart.lines {
            let index =
                zip(reducedPart.lines, fullPart.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(reducedPart.lines.count, fullPart.lines.count)
            let side = { (lines: [String]) in index < lines.count ? lines[index] : "(none)" }
            found.append(
                "\(reducedPart.part) #\(index) (of \(reducedPart.lines.count) and \(fullPart.lines.count)): reduced \(side(reducedPart.lines)), full \(side(fullPart.lines))"
            )
        }
        return found
    }

    /// Every reductions but this one.
    static let withoutIt = ExplorationReduction.all.subtracting(.unreadAnswers)

    /// The shipped roots, with exactly what was reused, and the report with the reduction equal to the one
    /// without it in everything a reader sees: with its check on (it runs each reused step again) and as
    /// `flowc check` runs it (the check off, so the coordinator is moved only by what the reduction itself
    /// does).
    @Test func everyReusedStepOfTheShippedRootsIsTheRuntimesStep() throws {
        let bundle = try Fixtures.shipped()
        var found: [String: [Int]] = [:]
        for root in FlowExplorer.rootFlows(of: bundle) {
            let reduced = try Self.explore(bundle, flow: root)
            #expect(reduced.unreadAnswerViolations == [], "\(root)")
            let full = try Self.explore(bundle, flow: root, reductions: Self.withoutIt, check: false)
            #expect(Self.differences(reduced, full, records: true) == [], "\(root)")
            let unchecked = try Self.explore(bundle, flow: root, check: false)
            #expect(Self.differences(unchecked, full, records: true) == [], "\(root), the check off")
            #expect(unchecked.reusedSteps == reduced.reusedSteps, "\(root)")
            #expect(full.reusedSteps == 0, "\(root)")
            found[root] = [reduced.states, reduced.steps, reduced.reusedSteps, reduced.peakAnswerClasses]
        }
        // states, steps, steps whose runtime step the reduction did not run (each run again by the check), the
        // most classes it held at once (`market` turns no answer: the memo is off)
        #expect(
            found == [
                "app": [120, 1328, 632, 25], "notesApp": [56, 748, 355, 15], "reading": [24, 304, 103, 11],
                "podcasts": [2160, 47688, 29768, 249], "shop": [6480, 189916, 96736, 1388],
                "market": [30, 428, 0, 0], "social": [2594, 68506, 26001, 488],
            ])
    }

    /// The check can fail: reusing a step whatever answers the coordinator read while it ran
    /// (``ExplorationReduction/unsoundUnreadAnswersIgnored``) answers the shopping app's steps that ask for a
    /// condition or a check with another state's answers. Its wrong states lead the exploration elsewhere:
    /// it reaches 3,248 states (6,480 sound) and reuses fewer steps than the sound reduction (65,877 against
    /// 96,736).
    @Test func reusingAStepWhateverItReadIsCaught() throws {
        let bundle = try Fixtures.shipped()
        let unsound = try Self.explore(
            bundle, flow: "shop", reductions: ExplorationReduction.all.union(.unsoundUnreadAnswersIgnored))
        #expect(unsound.reusedSteps == 65877)
        // The first five, of the steps reused with answers the step read otherwise.
        #expect(unsound.unreadAnswerViolations.count == 5)
        #expect(unsound.states == 3248)
        #expect(unsound.unreadAnswerViolations.first == "start reused: the state it leads to differs")
    }
}
