import Testing

@testable import FlowCompiler

/// The validator's side of format 1.2's tab-bar rules: `select` resolves to the nearest enclosing tab set
/// that has the tab, in every use of the flow (FC270 names the use where none has it, as the runtime
/// refuses it there), and the new keys are checked where they are written.
@Suite struct TabAppRuleTests {
    private func found(_ example: String, codes: Set<String>) -> [String] {
        RuleExample(example).validate().diagnostics.filter { codes.contains($0.code) }.map {
            "\($0.location.file):\($0.location.line):\($0.location.column) \($0.code) \($0.message)"
        }
    }

    private static let nested = """
        flow: app
        tabs: [home, settings]
        start: home
        children:
          home: { flow: inner }
          settings: { flow: settings }
        ---- inner.yaml ----
        flow: inner
        tabs: [feed, news]
        start: feed
        children:
          feed: { flow: page }
          news: { flow: page }
        ---- page.yaml ----
        flow: page
        start: list
        screens:
          list: { on: { open: { start: detail }, toSettings: { select: settings }, toNews: { select: news } } }
        children:
          detail: { flow: detail, on: { done: stay } }
        ---- detail.yaml ----
        flow: detail
        start: item
        outcomes: [done]
        screens:
          item: { on: { toSettings: { select: settings }, close: { finish: done } } }
        ---- settings.yaml ----
        flow: settings
        start: main
        screens:
          main: {}
        """

    /// A page of a nested tab set, and a flow pushed inside it, select a tab of the outer set: clean.
    @Test func selectOfAnOuterTabSetIsClean() {
        #expect(found(Self.nested, codes: ["FC270"]) == [])
    }

    /// The same `detail` flow presented as a sheet somewhere else: a sheet hides the tab bars below it,
    /// so that use is reported at the `select`, naming the use.
    @Test func aUseThatReachesNoTabSetWithTheTabIsReported() {
        let example =
            Self.nested + """

                ---- other.yaml ----
                flow: other
                start: start
                screens:
                  start: { on: { go: { start: detail } } }
                children:
                  detail: { flow: detail, presentation: sheet, on: { done: stay } }
                """
        #expect(
            found(example, codes: ["FC270"]) == [
                "detail.yaml:5:39 FC270 'select: settings' in flow 'detail' reaches no tab set where flow 'other' presents it as child 'detail' (sheet): a presented flow hides the tab bars below it; select from the tab, or dismiss first"
            ])
    }

    /// A `select` that is a branch of a condition, not the action itself, is one of the selects the index lists
    /// (`FlowActions.selectIndices`): FC270 still finds it.
    @Test func aSelectInAConditionsBranchIsChecked() {
        let example = """
            flow: solo
            start: main
            conditions: [ready]
            screens:
              main: { on: { go: { if: ready, then: { push: main }, else: { select: feed } } } }
            """
        #expect(
            found(example, codes: ["FC270"]) == [
                "example.yaml:5:72 FC270 flow 'solo' is neither a tab flow nor a tab of one, so 'select: feed' has no tab set; declare 'tabs', or select from a flow that runs as a tab"
            ])
    }

    /// A flow pushed inside a tab whose enclosing sets lack the tab: named at the use.
    @Test func aPushedChildSelectingATabNoEnclosingSetHasIsReported() {
        let example = """
            flow: app
            tabs: [home]
            start: home
            children:
              home: { flow: page }
            ---- page.yaml ----
            flow: page
            start: list
            screens:
              list: { on: { open: { start: detail } } }
            children:
              detail: { flow: detail, on: { done: stay } }
            ---- detail.yaml ----
            flow: detail
            start: item
            outcomes: [done]
            screens:
              item: { on: { toSettings: { select: setings }, close: { finish: done } } }
            """
        #expect(
            found(example, codes: ["FC270"]) == [
                "detail.yaml:5:39 FC270 'select: setings' in flow 'detail' names no tab of any tab set enclosing it where flow 'page' runs it as child 'detail'; the nearest tab set that has the tab is selected, and none there has it"
            ])
    }

    @Test func theNewKeysAreCheckedWhereTheyAreWritten() {
        let example = """
            flow: notes
            conditions: [hasUnsavedChanges]
            backAtTabRoot: selectFirstTab
            start: list
            screens:
              list: { on: { write: { push: editor }, other: { push: draft } } }
              editor:
                removal: { policy: confirm, ask: discardDraft, when: hasUnsavedChange }
              draft:
                removal: { policy: preserve, when: hasUnsavedChanges }
            links:
              "/editor": { routes: [list, editor], tabs: rebuild }
            """
        #expect(
            found(example, codes: ["FC104", "FC504"]) == [
                "example.yaml:3:1 FC104 'backAtTabRoot' belongs to a tab flow; declare 'tabs', or remove it",
                "example.yaml:8:58 FC504 condition 'hasUnsavedChange' of the removal policy of screen 'editor' is not declared in flow 'notes'; did you mean 'hasUnsavedChanges'?",
                "example.yaml:10:34 FC104 'when' belongs to the 'confirm' policy (it says when to ask); remove it or write 'policy: confirm'",
                "example.yaml:12:46 FC104 unknown link tabs policy 'rebuild'; expected one of keep, replace",
            ])
    }
}
