/// Every rule flowc knows, in code order: what `flowc rules` lists and `flowc explain` looks up.
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

    /// The descriptions of all rules, sorted by code. Built once: `rule(code:)` runs per diagnostic
    /// in the GitHub format.
    public static let all: [RuleDescription] =
        (readingRules.map { $0.description } + flowRules.map { $0.description } + settingRules.map { $0.description })
        .sorted { $0.code < $1.code }

    /// The rule whose code is `code` (case-insensitive, `fc203` finds `FC203`) or whose identifier is
    /// `code` (`unknown-screen`), if any.
    public static func rule(code: String) -> RuleDescription? {
        all.first { $0.code.caseInsensitiveCompare(code) == .orderedSame || $0.identifier == code }
    }
}
