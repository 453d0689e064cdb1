import FlowModel

/// FC303 `child-cannot-finish`: a flow used as a child has a reachable screen from which it can never finish.
struct ChildCannotFinish: FlowRule {
    static let description = RuleDescription(
        code: "FC303",
        identifier: "child-cannot-finish",
        severity: .error,
        summary: "a flow used as a child has a reachable screen from which it can never finish",
        explanation: """
            A child flow's routes stay on its parent's path until it finishes; a child that reaches a
            screen from which no 'finish' can follow is held by its owner forever (a leak that
            navigation libraries only notice in production). flowc follows every action: push,
            start, replaceRoot and popTo lead to their target, 'pop' goes back to the screens that
            push the current one, a child's handlers lead to their targets ('stay' returns to the
            screens that start it), and both branches of every 'if' count. A 'confirm' removal
            policy with an 'outcome' also finishes. The first reachable screen from which no finish
            is reachable is reported, naming the others, once per flow (or, in a flow without such
            screens, the first child declaration that never leads to a finish). Add a 'finish', or a
            way back to a screen that finishes.
            A flow that declares no outcomes is long-lived (since format 1.1): it never finishes, is
            ended only by its parent (a tab, an app's 'main'), and is not checked.
            """,
        triggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor:
                on:
                  save: { finish: saved }
                  review: { push: review }
              ↓review:
                on:
                  more: { push: notes }
              notes: {}
            """
        ],
        nonTriggeringExamples: [
            """
            ---- reading.yaml ----
            flow: reading
            start: library
            screens:
              library: { on: { edit: { start: edit } } }
            children:
              edit: { flow: edit, on: { saved: stay } }
            ---- edit.yaml ----
            flow: edit
            start: editor
            outcomes: [saved]
            screens:
              editor:
                on:
                  save: { finish: saved }
                  review: { push: review }
              review:
                on:
                  more: { push: notes }
                  back: { pop: 1 }
              notes:
                on:
                  done: { popTo: editor }
            """
        ]
    )

    init() {}

    func check(_ catalog: FlowCatalog, into diagnostics: inout [Diagnostic]) {
        for flow in catalog.uniqueFlows {
            // A flow that declares no outcomes is long-lived: it never finishes and is ended by its parent.
            guard !flow.outcomes.isEmpty, let use = catalog.owner(of: flow.name.value) else { continue }
            let navigation = catalog.navigation(of: flow)
            let note = DiagnosticNote(
                "flow \(MessageText.name(flow.name.value)) runs as child \(MessageText.name(use.declaration.name.value)) of flow \(MessageText.name(use.parent.name.value)) here",
                at: use.declaration.name.location)
            let owner = "\(MessageText.name(use.parent.name.value))"
            // One mistake, one error: the first screen that cannot finish, the others named in it.
            let stuckScreens = flow.screens.filter {
                navigation.reachable.contains($0.name.value) && !navigation.canFinish.contains($0.name.value)
            }
            if let first = stuckScreens.first {
                diagnostics.append(
                    Self.diagnostic(
                        "flow \(MessageText.name(flow.name.value)) can never finish once screen \(MessageText.name(first.name.value)) is shown\(Self.others(stuckScreens.dropFirst().map(\.name.value), kind: "screen")), so its owner \(owner) would hold it forever; add a 'finish' or a way back to a screen that finishes",
                        at: first.name, notes: [note]))
                continue
            }
            let stuckChildren = flow.children.filter {
                navigation.reachable.contains($0.name.value) && !navigation.canFinish.contains($0.name.value)
            }
            if let child = stuckChildren.first {
                diagnostics.append(
                    Self.diagnostic(
                        "flow \(MessageText.name(flow.name.value)) can never finish once child \(MessageText.name(child.name.value)) is started\(Self.others(stuckChildren.dropFirst().map(\.name.value), kind: "child")), so its owner \(owner) would hold it forever; make one of its handlers lead to a 'finish'",
                        at: child.name, notes: [note]))
            }
        }
    }

    /// ` (nor from screens 'b' and 'c')`, naming the other places that cannot finish; "" for none.
    static func others(_ names: [String], kind: String) -> String {
        guard !names.isEmpty else { return "" }
        let listed = MessageText.englishList(names.map { "\(MessageText.name($0))" })
        let kinds = names.count == 1 ? kind : (kind == "child" ? "children" : kind + "s")
        return " (nor from \(kinds) \(listed))"
    }
}
