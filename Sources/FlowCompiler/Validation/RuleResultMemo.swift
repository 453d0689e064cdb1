import FlowDefinitions
import FlowYAML
import Foundation

/// What a rule checking one flow looked up in the catalog (``FlowCatalog/checking(only:noting:)``): the
/// flows it read by name (a definition or its navigation index), the names whose child uses it read, and
/// whether it read the whole set. Written by the one worker that runs the rule.
final class CatalogReads: @unchecked Sendable {
    // @unchecked Sendable: made, written and read by one worker (one rule over one flow), then dropped.
    enum Read: Hashable, Sendable {
        /// The first definition of the name (or its absence), with its navigation index.
        case flow(String)
        /// The child declarations that run the flow of that name (their parents, in file order).
        case uses(String)
    }

    private(set) var reads: Set<Read> = []
    private(set) var readEveryFlow = false

    func note(_ read: Read) { reads.insert(read) }
    func noteEveryFlow() { readEveryFlow = true }
}

/// The findings of the rules that check each flow alone, kept per flow between validations of the same
/// workspace (the language server's, in its ``FileReadCache``), so an edit reruns them only over the flows
/// whose inputs changed: the flow itself, or a flow it looked up (a child's outcomes, a link's or a handler's
/// target, the parents that run it). Each kept result is stored with what it read (``CatalogReads``). Each
/// validation compares every flow once with the last validation's (``FlowSeen``: its file, bytes and limits,
/// since decoding is a function of them, and what its navigation index was built from, ``NavigationMemo``),
/// which gives the reads that changed since (``Run/changed``); a kept result is reused only when none of
/// its reads is among them, so it is the one the rule would find. A result that read the whole set
/// (``FlowCatalog/distinctFlows``) is never kept. The other rules run over the whole set after each edit,
/// as `validate` runs them.
///
/// A rule is listed in ``eachFlowAlone`` when its findings over the catalog are its findings about each flow
/// of `uniqueFlows` in turn, each reading other flows only through the catalog's lookups: one loop over
/// `uniqueFlows`, nothing after it. `IncrementalAgreementTests` and `RuleResultMemoTests` are the referees.
// Speed: PERFORMANCE.md, "Shapes kept for speed".
final class RuleResultMemo: @unchecked Sendable {
    /// The rules whose findings are kept per flow.
    static let eachFlowAlone: Set<ObjectIdentifier> = Set(
        ([
            DuplicateName.self, UnknownScreen.self, UnknownChild.self, UnreachableDeclaration.self,
            StayLeavesNoRoute.self, OutcomeNeverProduced.self, ChildCannotFinish.self, PopFromFirstRoute.self,
            UnhandledOutcome.self, UnknownOutcomeHandler.self, UndeclaredOutcome.self, PopAlwaysRefused.self,
            UndeclaredCondition.self, UnusedCondition.self, LinkPlaceholderUnused.self, OverlappingLinks.self,
            LinkInChildFlow.self, QueueNeverOpens.self, ConfirmPolicyIncomplete.self, DuplicateTab.self,
            TabFlowShape.self, CoverCannotEnd.self, AliasPlaceholders.self, ScreenArguments.self,
            ArgumentTypeMismatch.self, ChildArguments.self, FinishArguments.self, UnresolvedReference.self,
            ConstraintViolation.self, LinkParameterUnbound.self, UnknownTarget.self, LinkRouteNotPath.self,
            SelectRoutesNotPath.self, QueuedLinkReopensFlow.self, UnknownTab.self, TabStartedAsChild.self,
        ] as [any FlowRule.Type]).map { ObjectIdentifier($0) })

    /// What a flow's findings were computed from, as one fingerprint.
    struct Fingerprint: Equatable, Sendable {
        let file: String
        let bytes: [UInt8]
        let limits: YAMLLimits
        let longLivedChildren: Set<String>
        let fallbackShown: Bool
    }

    /// A flow name as one validation saw it: the fingerprint of its first definition (nil when it cannot be
    /// fingerprinted: a flow whose bytes were dropped, never the same as another validation's), and the
    /// flows that definition runs as children (whose child uses change with it).
    struct FlowSeen: Sendable {
        let fingerprint: Fingerprint?
        let runs: [String]
    }

    /// One rule's findings about one flow, with what they were computed from.
    struct Kept: Sendable {
        let findings: [Diagnostic]
        let reads: Set<CatalogReads.Read>
    }

    // @unchecked Sendable: `kept`, `passings`, `flows` and the counts are touched only while `lock` is held.
    private let lock = NSLock()
    /// By rule (its position in `RuleRegistry.flowRules`), by flow name.
    private var kept: [[String: Kept]] = []
    /// Each flow's argument passings and scope layers, by flow name (``FlowCatalog``'s, reused under the same
    /// test as a rule's result).
    private var passings: [String: FlowCatalog.FlowPassings] = [:]
    /// The flows of the validation whose results are kept, by name: what the next one compares its own with.
    private var flows: [String: FlowSeen] = [:]
    private var reused = 0
    private var rerun = 0
    private var passingsReused = 0
    private var passingsCollected = 0

    init() {}

    /// How many flows' argument passings were reused and how many were collected, since the memo was made.
    var passingCounts: (reused: Int, collected: Int) { lock.withLock { (passingsReused, passingsCollected) } }

    /// Counts one catalog's flows whose passings were reused (`reused`) or collected (`collected`).
    func countPassings(reused: Int, collected: Int) {
        lock.withLock {
            passingsReused += reused
            passingsCollected += collected
        }
    }

    /// How many per-flow results were reused and how many were computed, since the memo was made.
    var counts: (reused: Int, rerun: Int) { lock.withLock { (reused, rerun) } }

    /// The last kept validation, as one validation reads it before it begins: its per-rule results, its
    /// argument passings and its flows, taken in one lock section, so all three are the same validation's
    /// even while another one keeps its own (``keep(_:of:)``).
    struct Baseline: Sendable {
        /// By rule (its position in `RuleRegistry.flowRules`), by flow name.
        let kept: [[String: Kept]]
        /// Each flow's argument passings and scope layers, by flow name.
        let passings: [String: FlowCatalog.FlowPassings]
        /// The flows of that validation, by name.
        let flows: [String: FlowSeen]
    }

    /// The last kept validation (``Baseline``), read in one lock section.
    var baseline: Baseline { lock.withLock { Baseline(kept: kept, passings: passings, flows: flows) } }

    /// What changed between the last kept validation and one whose flows are `byName` (their first
    /// definitions), after its catalog kept its navigation indexes in `navigations`.
    struct Changes: Sendable {
        /// Every flow of this validation, by name.
        let flows: [String: FlowSeen]
        /// The reads whose answer differs from the last kept validation's: a flow name whose first definition
        /// changed, appeared or went (or cannot be fingerprinted), and the child uses of every flow such a
        /// definition runs, before or now.
        let changed: Set<CatalogReads.Read>
        /// Whether a flow of the last kept validation is gone (its kept results are dropped).
        let someFlowGone: Bool
        /// The last kept validation these changes are from.
        let baseline: Baseline

        /// Whether none of `reads` changed since they were read.
        func isUnchanged(_ reads: Set<CatalogReads.Read>) -> Bool {
            changed.isEmpty || reads.isDisjoint(with: changed)
        }
    }

    /// Compares each flow of `byName` once with the last kept validation's (``FlowSeen``), `baseline`.
    static func changes(of byName: [String: FlowDefinition], navigations: NavigationMemo, since baseline: Baseline)
        -> Changes
    {
        let before = baseline.flows
        let navigations = navigations.keptEntries
        var flows: [String: FlowSeen] = [:]
        flows.reserveCapacity(byName.count)
        var changed = Set<CatalogReads.Read>()
        func change(_ name: String, _ seen: FlowSeen?) {
            changed.insert(.flow(name))
            for child in seen?.runs ?? [] { changed.insert(.uses(child)) }
        }
        for (name, flow) in byName {
            let fingerprint = navigations[NavigationMemo.Key(file: flow.file, name: name)].map { kept in
                Fingerprint(
                    file: flow.file, bytes: kept.bytes, limits: kept.limits,
                    longLivedChildren: kept.longLivedChildren, fallbackShown: kept.fallbackShown)
            }
            let seen = FlowSeen(fingerprint: fingerprint, runs: flow.children.map(\.flow.value))
            flows[name] = seen
            let last = before[name]
            if fingerprint == nil || fingerprint != last?.fingerprint {
                change(name, seen)
                change(name, last)
            }
        }
        var someFlowGone = false
        for (name, last) in before where flows[name] == nil {
            change(name, last)
            someFlowGone = true
        }
        return Changes(flows: flows, changed: changed, someFlowGone: someFlowGone, baseline: baseline)
    }

    /// One rule's findings over a validation's catalog, with the per-flow results to keep.
    struct Found: Sendable {
        /// As the rule's `check` appends them: each flow's in `uniqueFlows` order.
        let findings: [Diagnostic]
        let kept: [String: Kept]
        let reused: Int
        let rerun: Int
    }

    /// One validation's use of the memo: made from its catalog (built with the memo, so it holds what changed
    /// since the last kept validation), read by the rules' workers; what they found is kept with
    /// ``keep(_:of:)``.
    struct Run: Sendable {
        private let previous: [[String: Kept]]
        private let catalog: FlowCatalog
        private let rules: [any FlowRule.Type]
        /// What changed since the last kept validation.
        let changes: Changes

        /// Nil when `catalog` was not built with the memo (it holds no ``Changes``). The kept results are
        /// those of the baseline the catalog's changes were computed from, read with them.
        init?(catalog: FlowCatalog, rules: [any FlowRule.Type]) {
            guard let changes = catalog.changes else { return nil }
            self.rules = rules
            self.catalog = catalog
            self.changes = changes
            let previous = changes.baseline.kept
            self.previous = previous.count == rules.count ? previous : Array(repeating: [:], count: rules.count)
        }

        /// Each flow's argument passings in the run's catalog, by name, to keep.
        var passings: [String: FlowCatalog.FlowPassings] { catalog.passingsByName }

        /// Whether none of what `kept` read changed since it was computed.
        private func isUnchanged(_ kept: Kept) -> Bool { changes.isUnchanged(kept.reads) }

        /// The findings of rule `index` over the catalog, as its `check` would append them, each flow's
        /// reused when none of what it read changed; nil for a rule not in ``eachFlowAlone``.
        func findings(ofRule index: Int) -> Found? {
            let rule = rules[index]
            guard RuleResultMemo.eachFlowAlone.contains(ObjectIdentifier(rule)) else { return nil }
            var found: [Diagnostic] = []
            // The kept results, each replaced where it is computed again: a reused one is not stored again.
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            var results =
                changes.someFlowGone ? previous[index].filter { changes.flows[$0.key] != nil } : previous[index]
            var (reused, rerun) = (0, 0)
            for flow in catalog.uniqueFlows {
                let name = flow.name.value
                if let kept = results[name], isUnchanged(kept) {
                    found += kept.findings
                    reused += 1
                    continue
                }
                rerun += 1
                let reads = CatalogReads()
                var own: [Diagnostic] = []
                rule.init().check(catalog.checking(only: flow, noting: reads), into: &own)
                found += own
                results[name] = reads.readEveryFlow ? nil : Kept(findings: own, reads: reads.reads)
            }
            return Found(findings: found, kept: results, reused: reused, rerun: rerun)
        }
    }

    /// Keeps one validation's per-flow results (by rule; nil for a rule not kept per flow) and the flows
    /// they were computed over (`run`'s) for the next, in place of everything kept before.
    func keep(_ found: [Found?], of run: Run) {
        lock.withLock {
            kept = found.map { $0?.kept ?? [:] }
            passings = run.passings
            flows = run.changes.flows
            for found in found {
                reused += found?.reused ?? 0
                rerun += found?.rerun ?? 0
            }
        }
    }
}
