import FlowDefinitions
import FlowModel

/// FC702 `preserve-not-reenterable`: `removal: preserve` in a flow that no parent starts again from an event.
struct PreserveNotReenterable: FlowRule {
    static let description = RuleDescription(
        code: "FC702",
        identifier: "preserve-not-reenterable",
        severity: .error,
        summary: "'removal: preserve' in a flow that no parent starts again from an event",
        explanation: """
            'removal: preserve' removes the screen but keeps its draft, which is restored when the
            flow is started again. That only happens when some parent starts the flow from an
            event ('start: CHILD' in a screen's 'on'); a root flow, or a child only shown by 'start'
            or 'replaceRoot', is never re-entered that way, so the draft would be kept for nothing.
            Use 'discard' or 'confirm', or start the flow from an event of its parent.
            """,
        triggeringExamples: [
            """
            flow: notes
            start: editor
            screens:
              editor:
                removal: ↓preserve
            """
        ],
        nonTriggeringExamples: [
            """
            ---- posts.yaml ----
            flow: posts
            start: list
            screens:
              list: { on: { create: { start: createPost } } }
            children:
              createPost: { flow: createPost, on: { published: stay } }
            ---- createPost.yaml ----
            flow: createPost
            start: compose
            outcomes: [published]
            screens:
              compose:
                removal: preserve
                on:
                  publish: { finish: published }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        var reenterable = Set<String>()
        for parent in catalog.uniqueFlows {
            // The events' actions, flattened once by the flow index: no array of alternatives per action.
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            let navigation = catalog.navigation(of: parent)
            for (action, site) in navigation.allActions {
                guard case .event = site, case .startChild(let child, _) = action.kind,
                    let declaration = navigation.childrenByName[child.value]
                else { continue }
                reenterable.insert(declaration.flow.value)
            }
        }
        for flow in catalog.uniqueFlows where !reenterable.contains(flow.name.value) {
            for screen in flow.screens {
                guard let removal = screen.removal, removal.policy.value == .preserve else { continue }
                diagnostics.append(
                    Self.diagnostic(
                        "screen \(MessageText.name(screen.name.value)) preserves its draft, but no parent starts flow \(MessageText.name(flow.name.value)) from an event, so the draft can never be restored; use 'discard' or 'confirm', or start the flow from an event of its parent",
                        at: Located(removal.policy.value.rawValue, at: removal.policy.location)))
            }
        }
    }
}
