import FlowDefinitions
import FlowModel

/// FC281 `rename-loop`: former names that lead back to where they start.
struct RenameLoop: FlowRule {
    static let description = RuleDescription(
        code: "FC281",
        identifier: "rename-loop",
        severity: .error,
        summary: "a declaration's former names lead back to itself",
        explanation: """
            A rename leads from an old name to a new one (since format 1.2). A declaration that lists
            its own name in 'formerly' (or a link that lists its own pattern in 'aliases'), and two
            declarations that list each other's names, form a loop: a saved state naming either could
            mean both. Keep the direction the app took: remove the former name from the declaration that
            had the name last.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: list
            screens:
              list: { formerly: [↓list] }
            """,
            """
            flow: sample
            start: list
            screens:
              list: { formerly: [detail], on: { open: { push: detail } } }
              detail: { formerly: [↓list] }
            """,
            """
            flow: sample
            formerly: [↓sample]
            start: list
            screens:
              list: {}
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            formerly: [example]
            start: list
            screens:
              list: { formerly: [detail] }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for finding in RenameNamespaces.findings(in: catalog) where finding.isLoop {
            diagnostics.append(Self.diagnostic(finding.message, at: finding.location, notes: finding.notes))
        }
    }
}
