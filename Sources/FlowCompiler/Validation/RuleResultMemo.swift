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
/// target, the parents that run it). Each kept result is stored with what it read (``CatalogReads``), as
/// fingerprints: a flow's file, bytes and limits (decoding is a function of them) and what its navigation
/// index was built from (``NavigationMemo``); a result is reused only when every one is the same again, so
/// it is the one the rule would find. A result that read the whole set (``FlowCatalog/distinctFlows``) is
/// never reused. The other rules run over the whole set after each edit, as `validate` runs them.
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
            TabFlowShape.self, CoverCannotEnd.self, AliasPlaceholders.self,
        ] as [any FlowRule.Type]).map { ObjectIdentifier($0) })

    /// What a flow's findings were computed from, as one fingerprint.
    struct Fingerprint: Equatable, Sendable {
        let file: String
        let bytes: [UInt8]
        let limits: YAMLLimits
        let longLivedChildren: Set<String>
        let fallbackShown: Bool
    }

    /// A name's flow as a validation saw it: absent, or present with its fingerprint.
    enum FlowState: Equatable, Sendable {
        case absent
        case present(Fingerprint)
    }

    /// What one read saw.
    enum Seen: Equatable, Sendable {
        case flow(FlowState)
        case uses([FlowState])
    }

    /// One rule's findings about one flow, with what they were computed from.
    struct Kept: Sendable {
        let findings: [Diagnostic]
        let reads: [(read: CatalogReads.Read, seen: Seen)]
    }

    /// The state of every flow of one validation, to compare kept reads with.
    struct Snapshot: Sendable {
        let catalog: FlowCatalog
        let navigations: [NavigationMemo.Key: NavigationMemo.Kept]

        /// What `read` sees in this validation; nil when it cannot be fingerprinted (a flow whose bytes
        /// were dropped), so nothing that read it is kept.
        func seen(_ read: CatalogReads.Read) -> Seen? {
            switch read {
            case .flow(let name): return state(of: name).map { .flow($0) }
            case .uses(let name):
                var parents: [FlowState] = []
                for use in catalog.childUses(of: name) {
                    guard let state = state(of: use.parent.name.value) else { return nil }
                    parents.append(state)
                }
                return .uses(parents)
            }
        }

        private func state(of name: String) -> FlowState? {
            guard let flow = catalog.byName[name] else { return .absent }
            guard let kept = navigations[NavigationMemo.Key(file: flow.file, name: name)] else { return nil }
            return .present(
                Fingerprint(
                    file: flow.file, bytes: kept.bytes, limits: kept.limits,
                    longLivedChildren: kept.longLivedChildren, fallbackShown: kept.fallbackShown))
        }
    }

    // @unchecked Sendable: `kept` is touched only while `lock` is held.
    private let lock = NSLock()
    /// By rule (its position in `RuleRegistry.flowRules`), by flow name.
    private var kept: [[String: Kept]] = []
    private var reused = 0
    private var rerun = 0

    init() {}

    /// How many per-flow results were reused and how many were computed, since the memo was made.
    var counts: (reused: Int, rerun: Int) { lock.withLock { (reused, rerun) } }

    /// One rule's findings over a validation's catalog, with the per-flow results to keep.
    struct Found: Sendable {
        /// As the rule's `check` appends them: each flow's in `uniqueFlows` order.
        let findings: [Diagnostic]
        let kept: [String: Kept]
        let reused: Int
        let rerun: Int
    }

    /// One validation's use of the memo: made after its catalog (whose navigation indexes are kept in the
    /// ``NavigationMemo`` by then), read by the rules' workers; what they found is kept with ``keep(_:)``.
    struct Run: Sendable {
        private let previous: [[String: Kept]]
        private let snapshot: Snapshot
        private let rules: [any FlowRule.Type]

        init(memo: RuleResultMemo, catalog: FlowCatalog, navigations: NavigationMemo, rules: [any FlowRule.Type]) {
            self.rules = rules
            let previous = memo.lock.withLock { memo.kept }
            self.previous = previous.count == rules.count ? previous : Array(repeating: [:], count: rules.count)
            snapshot = Snapshot(catalog: catalog, navigations: navigations.keptEntries)
        }

        /// The findings of rule `index` over the catalog, as its `check` would append them, each flow's
        /// reused when what it read is unchanged; nil for a rule not in ``eachFlowAlone``.
        func findings(ofRule index: Int) -> Found? {
            let rule = rules[index]
            guard RuleResultMemo.eachFlowAlone.contains(ObjectIdentifier(rule)) else { return nil }
            let catalog = snapshot.catalog
            var found: [Diagnostic] = []
            var results: [String: Kept] = [:]
            var (reused, rerun) = (0, 0)
            for flow in catalog.uniqueFlows {
                let name = flow.name.value
                if let kept = previous[index][name], kept.reads.allSatisfy({ snapshot.seen($0.read) == $0.seen }) {
                    found += kept.findings
                    results[name] = kept
                    reused += 1
                    continue
                }
                rerun += 1
                let reads = CatalogReads()
                var own: [Diagnostic] = []
                rule.init().check(catalog.checking(only: flow, noting: reads), into: &own)
                found += own
                guard !reads.readEveryFlow else { continue }
                var seen: [(read: CatalogReads.Read, seen: Seen)] = []
                for read in reads.reads {
                    guard let state = snapshot.seen(read) else { break }
                    seen.append((read, state))
                }
                if seen.count == reads.reads.count { results[name] = Kept(findings: own, reads: seen) }
            }
            return Found(findings: found, kept: results, reused: reused, rerun: rerun)
        }
    }

    /// Keeps one validation's per-flow results (by rule; nil for a rule not kept per flow) for the next,
    /// in place of everything kept before.
    func keep(_ found: [Found?]) {
        lock.withLock {
            kept = found.map { $0?.kept ?? [:] }
            for found in found {
                reused += found?.reused ?? 0
                rerun += found?.rerun ?? 0
            }
        }
    }
}
