/// What `flowc diff` found about one thing the old flows allow: a snapshot shape or a deep-link pattern.
package struct VersionFinding: Hashable, Sendable {
    /// What the new flows do with it, decided by restoring or opening it on the new runtime.
    package enum Verdict: String, Hashable, Sendable, CaseIterable {
        /// Every witness restores (or opens) on the new version, with no rename.
        case keep
        /// Every witness restores (or opens), after the declared renames (or through a link alias).
        case rename
        /// Some witnesses do and some do not: a stricter constraint breaks some values (``VersionFinding/witness``
        /// is one that breaks).
        case narrow
        /// No witness restores (or opens) on the new version.
        case `break`
    }

    /// What the finding is about.
    package enum Kind: String, Hashable, Sendable {
        /// A shape of saved state: the flows, child declarations and screens of a snapshot, without arguments.
        case snapshot
        /// A deep-link URL pattern of an old root flow.
        case link
    }

    package var kind: Kind
    package var verdict: Verdict
    /// The old root flow the shape or link belongs to.
    package var rootFlow: String
    /// The shape (``SnapshotShape/text``) or the link pattern: what `acceptedBreaks` in `.flowc.yml` names.
    package var subject: String
    /// A sentence: what the new runtime did (the rename report, the refusal's reason).
    package var detail: String
    /// The witness: a snapshot's JSON or a URL (after its `condition` answers), that shows the verdict.
    package var witness: String
    /// The new flow to locate the finding at (the deepest one the witness reaches), when there is one.
    package var newFlow: String?
    /// The old root flow's name in the new flows (after a `formerly` rename), when they have it: the flow the
    /// witness runs on there.
    package var newRootFlow: String?
    /// For a link kept, narrowed or renamed: the new link's pattern, to locate the finding at.
    package var newPattern: String?
    /// Whether `.flowc.yml` acknowledges the break (``VersionDiff/acknowledge(_:)``).
    package var acknowledged = false
    /// What the new version did, as the same text for every finding of one cause (the refusal's reason, after
    /// the renames it applied; the renames): ``VersionDiffReport/groups`` joins the findings of one cause.
    package var cause = ""

    /// The stable code of the finding: FC901 a snapshot shape breaks, FC902 narrowed, FC903 a link breaks,
    /// FC904 narrowed, FC905 renamed, FC906 kept. FlowCompiler's `RuleRegistry` describes each (severity,
    /// summary, `flowc explain`'s text: Rules/Diff/); `flowc diff` prints a finding as a diagnostic of it.
    package var code: String {
        switch (kind, verdict) {
        case (.snapshot, .break): "FC901"
        case (.snapshot, .narrow): "FC902"
        case (.link, .break): "FC903"
        case (.link, .narrow): "FC904"
        case (_, .rename): "FC905"
        case (_, .keep): "FC906"
        }
    }

    /// The message of this finding as the first of a group with `others` more of the same cause: the group's
    /// size, the cause, and this one's subject.
    package func message(groupedWith others: Int) -> String {
        guard others > 0 else { return message }
        let what = kind == .snapshot ? "saved state \(subject)" : "link \(subject)"
        let more = kind == .snapshot ? "saved state" : "link"
        let verb: String
        switch verdict {
        case .keep: verb = "are kept"
        case .rename: verb = "are renamed"
        case .narrow: verb = "are narrowed"
        case .break: verb = "break"
        }
        return
            "\(what) and \(others) more \(more)\(others == 1 ? "" : "s") of root flow '\(rootFlow)' \(verb): \(cause)"
            + (acknowledged ? " (accepted in .flowc.yml)" : "")
    }

    /// `snapshot app[home, post] breaks: …`.
    package var message: String {
        let what = kind == .snapshot ? "saved state \(subject)" : "link \(subject)"
        let verb: String
        switch verdict {
        case .keep: verb = "is kept"
        case .rename: verb = "is renamed"
        case .narrow: verb = "is narrowed"
        case .break: verb = "breaks"
        }
        return "\(what) of root flow '\(rootFlow)' \(verb): \(detail)"
            + (acknowledged ? " (accepted in .flowc.yml)" : "")
    }
}

/// Every finding of one comparison, in a stable order: by root flow, snapshots before links, then by subject.
package struct VersionDiffReport: Sendable {
    package var findings: [VersionFinding] = []
    /// Whether every old root flow's exploration was complete (else the bound that stopped one).
    package var bound: String?

    package init(findings: [VersionFinding] = [], bound: String? = nil) {
        self.findings = findings
        self.bound = bound
    }

    /// The findings grouped by cause, in the order of each group's first finding: one group per root flow,
    /// kind, verdict, acceptance and ``VersionFinding/cause`` (a removed screen breaks every saved state that
    /// shows it for one reason); a kept finding is a group of its own.
    package var groups: [[VersionFinding]] {
        struct Key: Hashable {
            var root: String
            var kind: VersionFinding.Kind
            var verdict: VersionFinding.Verdict
            var acknowledged: Bool
            var cause: String
        }
        var groups: [[VersionFinding]] = []
        var groupOf: [Key: Int] = [:]
        for finding in findings {
            guard finding.verdict != .keep, !finding.cause.isEmpty else {
                groups.append([finding])
                continue
            }
            let key = Key(
                root: finding.rootFlow, kind: finding.kind, verdict: finding.verdict,
                acknowledged: finding.acknowledged, cause: finding.cause)
            if let index = groupOf[key] {
                groups[index].append(finding)
            } else {
                groupOf[key] = groups.count
                groups.append([finding])
            }
        }
        return groups
    }

    /// Whether every old root flow was explored completely.
    package var isComplete: Bool { bound == nil }

    /// `4 kept, 1 renamed, 1 narrowed, 2 broken (1 accepted in .flowc.yml)`, and the exploration bound if one
    /// stopped it: the line `flowc diff` ends its text output with.
    package var summary: String {
        let accepted = findings.count { $0.acknowledged }
        var text =
            "\(count(.keep)) kept, \(count(.rename)) renamed, \(count(.narrow)) narrowed, \(count(.break)) broken"
        if accepted > 0 { text += " (\(accepted) accepted in .flowc.yml)" }
        if let bound { text += "; exploration bounded (\(bound)): shapes past the bound were not compared" }
        return text
    }

    /// How many findings have each verdict.
    package func count(_ verdict: VersionFinding.Verdict) -> Int { findings.count { $0.verdict == verdict } }
}
