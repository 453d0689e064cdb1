import Testing

@testable import FlowCompiler

/// The validator's side of format 1.3's tab-bar items that present (issue 32, item 1): a presented child
/// listed in `tabs` is valid and reachable, `start` names a tab and not an item, a presented child nothing
/// starts is FC301 with the way to start it, FC601 lists tabs apart from `replaceRoot` targets, and an item's
/// handler that selects a tab from which the tab flow finishes is no FC303.
@Suite struct TabBarItemRuleTests {
    private func found(_ example: String, codes: Set<String>? = nil) -> [String] {
        RuleExample(example).validate().diagnostics.filter { codes?.contains($0.code) ?? true }.map {
            "\($0.location.file):\($0.location.line):\($0.location.column) \($0.code) \($0.message)"
        }
    }

    /// The app: a compose item whose `posted` handler selects settings, from which the tab flow
    /// finishes (signing out).
    private static func app(tabs: String = "[home, compose, settings]", start: String = "home") -> String {
        """
        flow: app
        start: main
        children:
          main: { flow: mainTabs, on: { signedOut: { replaceRoot: main } } }
        links:
          "/compose": [main, compose]
        ---- tabs.yaml ----
        flow: mainTabs
        tabs: \(tabs)
        start: \(start)
        outcomes: [signedOut]
        children:
          home: { flow: home }
          settings: { flow: settings, on: { signedOut: { finish: signedOut } } }
          compose: { flow: compose, presentation: sheet, on: { posted: { select: settings }, cancelled: stay } }
        ---- home.yaml ----
        flow: home
        start: list
        screens:
          list: { on: { compose: { select: compose } } }
        ---- settings.yaml ----
        flow: settings
        start: root
        outcomes: [signedOut]
        screens:
          root: { on: { signOut: { finish: signedOut } } }
        ---- compose.yaml ----
        flow: compose
        start: editor
        outcomes: [posted, cancelled]
        screens:
          editor: { on: { post: { finish: posted }, cancel: { finish: cancelled } } }
        """
    }

    @Test func aPresentedTabIsATabBarItemThatAnEventALinkAndTheTabBarReach() {
        #expect(found(Self.app()) == [])
    }

    @Test func theTabFlowsStartNamesATabNotAnItem() {
        #expect(
            found(Self.app(start: "compose"), codes: ["FC370"]) == [
                "tabs.yaml:3:8 FC370 flow 'mainTabs' has tabs, so its start names the tab selected first, one of 'home' or 'settings'; 'compose' is a tab-bar item that presents over the tab set, never selected"
            ])
    }

    /// Before 1.3 this was the only way to write it: the child is not in `tabs`, so nothing starts it, the
    /// link cannot name it, and the event's `select` names no tab.
    @Test func aPresentedChildOfATabFlowThatNothingStartsSaysHowToPresentIt() {
        #expect(
            found(Self.app(tabs: "[home, settings]")) == [
                "example.yaml:6:22 FC601 in link '/compose', 'compose' follows child 'main', whose flow 'mainTabs' shows tabs: the next route selects one of 'home' or 'settings'",
                "home.yaml:4:36 FC270 'select: compose' in flow 'home' names no tab of the tab set of flow 'mainTabs', which runs it as a tab",
                "tabs.yaml:8:3 FC301 child 'compose' is never started from the start of flow 'mainTabs'; list it in 'tabs' to present it over the tab set from the tab bar, a 'select' or a link (a tab-bar item that presents, since format 1.3), start it from a handler, or remove it",
            ])
    }

    /// A root tab flow's link whose first route is a presented child that is no tab: FC601 names the tabs a
    /// link may begin at apart from `replaceRoot` targets (it named them as `replaceRoot` targets before) and
    /// says how to present the child from a link.
    @Test func aLinkToAPresentedChildOfARootTabFlowListsTheTabsAndTheFix() {
        let example = """
            flow: mainTabs
            tabs: [home, settings, profile]
            start: home
            children:
              home: { flow: page }
              settings: { flow: page }
              profile: { flow: page }
              compose: { flow: page, presentation: sheet }
            links:
              "/compose": [compose]
            ---- page.yaml ----
            flow: page
            start: list
            screens:
              list: {}
            """
        #expect(
            found(example, codes: ["FC601"]) == [
                "example.yaml:10:16 FC601 link '/compose' starts at 'compose', but flow 'mainTabs' starts at 'home' (or at any of its tabs, 'settings' or 'profile'); a link's routes begin where the flow's routes can begin, as in [home, …]; to present 'compose' over the tab set from a link, list it in 'tabs': a tab-bar item that presents (since format 1.3)"
            ])
    }
}
