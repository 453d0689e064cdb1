import FlowDefinitions
import FlowModel

/// FC280 `former-name-clash`: a former name or link alias is in use or listed twice.
struct FormerNameClash: FlowRule {
    static let description = RuleDescription(
        code: "FC280",
        identifier: "former-name-clash",
        severity: .error,
        summary: "a former name or link alias is in use, or listed twice",
        explanation: """
            'formerly: [oldName]' (since format 1.2) tells a restore of a snapshot saved by an earlier
            version of the app which declaration a name it no longer has now means, and 'aliases' does
            the same for a link's old URL patterns. Each old name must mean one thing: it may not be the
            current name of another declaration of its kind (flows among all flows; screens and children
            of a flow, which share one namespace; outcomes of a flow; link patterns of a flow, compared
            by what they match), and no two declarations may list it. Remove the former name from one of
            them, or rename the declaration that uses it now.
            """,
        triggeringExamples: [
            """
            flow: sample
            start: list
            screens:
              list: { on: { open: { push: detail } } }
              detail: { formerly: [↓list] }
            """,
            """
            flow: sample
            start: list
            screens:
              list: { formerly: [start], on: { open: { push: detail } } }
              detail: { formerly: [↓start] }
            """,
            """
            flow: sample
            start: list
            outcomes:
              done: { formerly: [saved] }
              cancelled: { formerly: [↓saved] }
            screens:
              list: { on: { ok: { finish: done }, no: { finish: cancelled } } }
            """,
            """
            flow: sample
            start: list
            screens:
              list: {}
              about: {}
            links:
              "/list": [list]
              "/about": { routes: [about], aliases: [↓"/list"] }
            """,
        ],
        nonTriggeringExamples: [
            """
            flow: sample
            start: list
            outcomes:
              done: { formerly: [saved] }
            screens:
              list: { formerly: [start], on: { open: { push: detail }, ok: { finish: done } } }
              detail: { formerly: [article] }
            links:
              "/posts": { routes: [list], aliases: ["/list"] }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for finding in RenameNamespaces.findings(in: catalog) where !finding.isLoop {
            diagnostics.append(Self.diagnostic(finding.message, at: finding.location, notes: finding.notes))
        }
    }
}
