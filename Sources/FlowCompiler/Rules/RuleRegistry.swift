/// Every finding code flowc reports, FC0xx to FC9xx, in code order: what `flowc rules` lists, `flowc explain`
/// looks up, inline suppressions and `.flowc.yml` name, and SARIF's rule metadata describes. Codes reported
/// outside the compiler (`flowc check`'s FC8xx by FlowExplorer, `flowc diff`'s FC9xx by FlowVersions) are
/// described here too, under Rules/Exploration and Rules/Diff; those modules report them by code, and tests
/// hold every code any module emits to this list (`FindingCodeCoverageTests`).
public enum RuleRegistry {
    /// Rules checked while loading and decoding files.
    static let readingRules: [any DiagnosticRule.Type] = [
        YAMLSyntaxError.self, DuplicateKey.self, AliasLimit.self, DepthLimit.self, FileTooLarge.self,
        UnsupportedTag.self, MultipleDocuments.self, EmptyFile.self, InvalidEncoding.self, NonScalarKey.self,
        UnknownAnchor.self, MergeKey.self,
        UnknownKey.self, MissingKey.self, WrongNodeKind.self, InvalidValue.self, ConflictingActions.self,
        InvalidName.self, InvalidLinkPattern.self, MisplacedKey.self,
    ]

    /// Rules checked over the decoded flows as a whole.
    static let flowRules: [any FlowRule.Type] = [
        DuplicateFlow.self, DuplicateName.self, UnknownScreen.self, UnknownChild.self, UnknownTarget.self,
        UnknownFlow.self, UnreachableDeclaration.self, StayLeavesNoRoute.self, OutcomeNeverProduced.self,
        ChildCannotFinish.self,
        UnusedFlow.self, PopFromFirstRoute.self,
        ChildArguments.self, UnhandledOutcome.self, UnknownOutcomeHandler.self, UndeclaredOutcome.self,
        OwnershipCycle.self, FinishArguments.self,
        ChildNestingTooDeep.self, PopAlwaysRefused.self,
        UnresolvedReference.self, ArgumentTypeMismatch.self, ConstraintViolation.self, UndeclaredCondition.self,
        UnusedCondition.self, ScreenArguments.self,
        LinkRouteNotPath.self, LinkParameterUnbound.self, LinkPlaceholderUnused.self, OverlappingLinks.self,
        LinkContinuation.self, LinkInChildFlow.self, QueuedLinkReopensFlow.self, LinkContradictsCondition.self,
        QueueNeverOpens.self, ContinuationRefused.self,
        ConfirmPolicyIncomplete.self, PreserveNotReenterable.self,
        UnknownTab.self, DuplicateTab.self, TabFlowShape.self, TabStartedAsChild.self, CoverCannotEnd.self,
        TabsPushed.self, SelectRoutesNotPath.self, FormerNameClash.self, RenameLoop.self, AliasPlaceholders.self,
    ]

    /// Rules about inline suppressions and the configuration file.
    static let settingRules: [any DiagnosticRule.Type] = [
        UnusedSuppression.self, InvalidSuppression.self, InvalidConfiguration.self,
    ]

    /// `flowc check`'s codes: broken guarantees (errors) and what only exploration proves (warnings).
    static let checkRules: [any DiagnosticRule.Type] = [
        RefusedStepChangedState.self, BackStoppedTabBar.self, CoverRemoved.self, LinkDroppedSilently.self,
        FinishedTwice.self, RestoreRefusedBuiltState.self, ActionRefusedEverywhere.self,
        ActionRefusedOnSomePaths.self, ChildStuckInExploredState.self, OutcomeGoesNowhere.self,
        LinkGoesNowhere.self, KeptTabDroppedSilently.self, InstanceRemovedSilently.self, LinkShownAgainChanged.self,
    ]

    /// `flowc diff`'s verdicts.
    static let diffRules: [any DiagnosticRule.Type] = [
        SavedStateBreaks.self, SavedStateNarrowed.self, LinkBreaks.self, LinkNarrowed.self,
        RenamedInNewVersion.self, KeptInNewVersion.self,
    ]

    /// The descriptions of every code, sorted by code, each with the stage that reports it. Built once:
    /// `rule(code:)` runs per diagnostic in the GitHub format.
    public static let all: [RuleDescription] = {
        func described(_ rules: [any DiagnosticRule.Type], _ reporter: RuleReporter) -> [RuleDescription] {
            rules.map { rule in
                var description = rule.description
                description.reporter = reporter
                return description
            }
        }
        return
            (described(readingRules, .reading) + described(flowRules, .validation)
            + described(settingRules, .settings) + described(checkRules, .check) + described(diffRules, .diff))
            .sorted { $0.code < $1.code }
    }()

    /// The rule whose code is `code` (case-insensitive, `fc203` finds `FC203`) or whose identifier is
    /// `code` (`unknown-screen`), if any.
    public static func rule(code: String) -> RuleDescription? {
        all.first { $0.code.caseInsensitiveCompare(code) == .orderedSame || $0.identifier == code }
    }
}
