import FlowExplorer
import FlowModel
import FlowRuntime
import FlowScript
import Foundation

/// The link half of ``VersionDiff``: every deep-link pattern of an old root flow, its witness URLs opened
/// after `start` on the old and the new bundle under each answer of the host conditions.
@MainActor
struct LinkTrials {
    let old: FlowBundle
    let new: FlowBundle
    let root: String
    let newRoot: String?

    /// The most host conditions whose answers are all tried (2^4 runs per URL); with more, all false and
    /// all true only.
    static let maximumConditionsTried = 4

    /// One URL the old version opens under some answers, and what the new one did.
    private struct Trial {
        var url: String
        var conditions: [String: Bool]
        var result: StepResult
    }

    func findings() -> [VersionFinding] {
        guard let rootIndex = old.flowIndex(named: root) else { return [] }
        let graph = old.flows[rootIndex]
        let answers = Self.answers(for: Array(Set(old.flows.flatMap(\.conditions))).sorted())
        var findings: [VersionFinding] = []
        for link in graph.links {
            let newLink = newLink(matching: link.segments)
            var trials: [Trial] = []
            for url in witnessURLs(link, rootFlow: rootIndex, newLink: newLink) {
                for conditions in answers {
                    guard Self.opened(open(url, on: old, flow: root, conditions: conditions)) else { continue }
                    let result =
                        newRoot.flatMap { open(url, on: new, flow: $0, conditions: conditions) }
                        ?? StepResult(.rejected, .unknownFlow(root))
                    trials.append(Trial(url: url, conditions: conditions, result: result))
                }
            }
            guard !trials.isEmpty else { continue }
            findings.append(finding(link, trials: trials, newLink: newLink))
        }
        return findings
    }

    private func finding(_ link: LinkNode, trials: [Trial], newLink: (pattern: String, renamed: Bool)?)
        -> VersionFinding
    {
        let opened = trials.filter { Self.opened($0.result) }
        let refused = trials.filter { !Self.opened($0.result) }
        var finding = VersionFinding(
            kind: .link, verdict: .keep, rootFlow: root, subject: link.pattern, detail: "", witness: "",
            newFlow: newRoot, newPattern: newLink?.pattern)
        finding.newRootFlow = newRoot
        if let first = refused.first {
            finding.verdict = opened.isEmpty ? .break : .narrow
            let reason = first.result.reason?.description ?? first.result.status.rawValue
            finding.cause = reason
            finding.detail =
                opened.isEmpty
                ? "the new version does not open \(first.url): \(reason)"
                : "the new version opens \(opened.count) of its \(trials.count) witness URLs, but not \(first.url): \(reason)"
            finding.witness = witness(first)
        } else if let newLink, newLink.renamed {
            finding.verdict = .rename
            finding.detail = "it opens as an alias of link '\(newLink.pattern)'"
            finding.cause = finding.detail
            finding.witness = witness(opened[0])
        } else {
            finding.detail = "every witness URL opens"
            finding.witness = witness(opened[0])
        }
        return finding
    }

    /// The new root flow's link whose pattern matches what `segments` match (literals and placeholder types),
    /// else the link with an alias that does, and whether it was found by an alias.
    private func newLink(matching segments: [LinkPatternSegment]) -> (pattern: String, renamed: Bool)? {
        guard let newRoot, let index = new.flowIndex(named: newRoot) else { return nil }
        let graph = new.flows[index]
        let shape = Self.shape(segments)
        if let link = graph.links.first(where: { Self.shape($0.segments) == shape }) { return (link.pattern, false) }
        for (linkIndex, link) in graph.links.enumerated()
        where graph.renames?.aliases(ofLink: linkIndex).contains(where: { Self.shape($0.segments) == shape }) == true {
            return (link.pattern, true)
        }
        return nil
    }

    /// Witness URLs of `link`: each placeholder given a value that meets the constraints of a parameter it
    /// binds in the old link's routes, then one placeholder at a time given every other value at an edge of a
    /// constraint of a parameter it binds, in the old link or the new one (``ConstraintEdges``).
    private func witnessURLs(_ link: LinkNode, rootFlow: Int, newLink: (pattern: String, renamed: Bool)?) -> [String] {
        var newParameters: [String: [ParameterNode]] = [:]
        if let newRoot, let index = new.flowIndex(named: newRoot), let newLink,
            let node = new.flows[index].links.first(where: { $0.pattern == newLink.pattern })
        {
            newParameters = ArgumentWitness.fedParameters(of: node, flow: index, in: new)
        }
        let oldParameters = ArgumentWitness.fedParameters(of: link, flow: rootFlow, in: old)
        var candidates: [String: [String]] = [:]
        for segment in link.segments {
            guard case .placeholder(let name, let type) = segment else { continue }
            var values = ConstraintEdges.texts(for: (oldParameters[name] ?? []) + (newParameters[name] ?? []))
                .filter { type.parse($0) != nil }
            if values.isEmpty { values = [Self.plainWitness(type)] }
            candidates[name] = values
        }
        func url(_ values: [String: String]) -> String {
            "/"
                + link.segments.map { segment in
                    switch segment {
                    case .literal(let text): return text
                    case .placeholder(let name, let type):
                        return ArgumentWitness.segment(values[name] ?? "", type: type)
                    }
                }.joined(separator: "/")
        }
        let base = candidates.mapValues { $0[0] }
        var urls = [url(base)]
        for (name, values) in candidates.sorted(by: { $0.key < $1.key }) {
            for value in values.dropFirst() {
                var changed = base
                changed[name] = value
                let text = url(changed)
                if !urls.contains(text) { urls.append(text) }
            }
        }
        return urls
    }

    /// Whether the step opened the link: applied, with nothing skipped or fallen back to.
    static func opened(_ result: StepResult?) -> Bool { result?.status == .applied && result?.reason == nil }

    private func open(_ url: String, on bundle: FlowBundle, flow: String, conditions: [String: Bool]) -> StepResult? {
        guard let runner = try? FlowScriptRunner(bundle: bundle, flow: flow) else { return nil }
        for command in VersionDiff.conditionCommands(conditions) + [.start] { runner.run(command) }
        return runner.coordinator.open(url)
    }

    private func witness(_ trial: Trial) -> String {
        let commands = VersionDiff.conditionCommands(trial.conditions) + [.start, .open(trial.url)]
        return commands.map(\.line).joined(separator: "\n")
    }

    /// Every answer of `names` (all false first), or all false and all true past ``maximumConditionsTried``.
    static func answers(for names: [String]) -> [[String: Bool]] {
        guard names.count <= maximumConditionsTried else {
            return [
                Dictionary(uniqueKeysWithValues: names.map { ($0, false) }),
                Dictionary(uniqueKeysWithValues: names.map { ($0, true) }),
            ]
        }
        return (0..<(1 << names.count)).map { bits in
            Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, bits & (1 << $0) != 0) })
        }
    }

    /// What a pattern matches: literals and placeholder types.
    static func shape(_ segments: [LinkPatternSegment]) -> String {
        segments.map { segment in
            switch segment {
            case .literal(let text): "/" + text
            case .placeholder(_, let type): "/{\(type.rawValue)}"
            }
        }.joined()
    }

    private static func plainWitness(_ type: ParameterType) -> String {
        switch type {
        case .int, .double: "1"
        case .bool: "true"
        case .string: "a"
        }
    }
}
