import Testing

@testable import FlowCompiler

/// FC373 follows the real shape of the stacks: a tab flow shown anywhere above routes of a stack is
/// reported where it is shown — also as the first route of a pushed child (its `start` in any branch, a
/// `replaceRoot`), through nested pushed children, and by a handler running over the screen that started
/// the finished child. The runtime refuses each of these every time (`tabsNotAtStackBottom`).
@Suite struct TabsPushedTests {
    private func found(_ example: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.code == "FC373" }.map { diagnostic in
            let notes = diagnostic.notes.map {
                " | \($0.location.file):\($0.location.line):\($0.location.column) \($0.message)"
            }
            return
                "\(diagnostic.location.file):\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.message)"
                + notes.joined()
        }
    }

    private static let tabbar = """
        ---- tabbar.yaml ----
        flow: tabbar
        tabs: [feed]
        start: feed
        children:
          feed: { flow: feed }
        ---- feed.yaml ----
        flow: feed
        start: timeline
        screens:
          timeline: {}
        """

    /// A sign-in flow finishing with `signedIn`, then the tab flow.
    private static let authAndTabbar = """
        ---- auth.yaml ----
        flow: auth
        start: form
        outcomes: [signedIn]
        screens:
          form: { on: { ok: { finish: signedIn } } }
        \(tabbar)
        """

    /// A pushed child's `replaceRoot` shows the tab flow above the root's `home`.
    @Test func replaceRootInAPushedChild() {
        #expect(
            found(
                """
                flow: app
                start: home
                screens:
                  home: { on: { go: { start: x } } }
                children:
                  x: { flow: x }
                ---- x.yaml ----
                flow: x
                start: a
                screens:
                  a: { on: { toTabs: { replaceRoot: t } } }
                children:
                  t: { flow: tabbar }
                \(Self.tabbar)
                """) == [
                    "x.yaml:4:37 child 't' runs flow 'tabbar', which has tabs; flow 'x' is pushed over a screen, so its first route is not the bottom of a stack: present the child ('presentation: sheet' or 'cover'), or show flow 'x' where a stack begins | example.yaml:4:30 flow 'x' is pushed over a screen here"
                ])
    }

    /// The pushed child's own `start` (each branch of a conditional start) shows the tab flow.
    @Test func startOfAPushedChildInAnyBranch() {
        #expect(
            found(
                """
                flow: app
                start: home
                conditions: [signedIn]
                screens:
                  home: { on: { go: { if: signedIn, then: { start: x }, else: { push: home } } } }
                children:
                  x: { flow: x }
                ---- x.yaml ----
                flow: x
                conditions: [signedIn]
                start: { if: signedIn, then: t, else: a }
                screens:
                  a: {}
                children:
                  t: { flow: tabbar }
                \(Self.tabbar)
                """) == [
                    "x.yaml:3:30 child 't' runs flow 'tabbar', which has tabs; flow 'x' is pushed over a screen, so its first route is not the bottom of a stack: present the child ('presentation: sheet' or 'cover'), or show flow 'x' where a stack begins | example.yaml:5:52 flow 'x' is pushed over a screen here"
                ])
    }

    /// Through nested pushed children: `x` is pushed, its start is child `y`, whose `replaceRoot` shows the
    /// tab flow; 200 levels deep costs no recursion.
    @Test func throughNestedPushedChildren() {
        var text = """
            flow: app
            start: home
            screens:
              home: { on: { go: { start: c0 } } }
            children:
              c0: { flow: f0 }

            """
        let depth = 200
        for level in 0..<depth {
            text +=
                "---- f\(level).yaml ----\nflow: f\(level)\nstart: c\(level + 1)\nchildren:\n  c\(level + 1): { flow: f\(level + 1) }\n"
        }
        text += """
            ---- f\(depth).yaml ----
            flow: f\(depth)
            start: a
            screens:
              a: { on: { toTabs: { replaceRoot: t } } }
            children:
              t: { flow: tabbar }
            \(Self.tabbar)
            """
        #expect(
            found(text) == [
                "f\(depth).yaml:4:37 child 't' runs flow 'tabbar', which has tabs; flow 'f\(depth)' begins where flow 'f0' is pushed over a screen, so its first route is not the bottom of a stack: present the child ('presentation: sheet' or 'cover'), or show flow 'f0' where a stack begins | example.yaml:4:30 flow 'f0' is pushed over a screen here"
            ])
    }

    /// A handler's `start` runs over the screen that started the finished child when an event started it;
    /// when the finished child was the flow's first route of a stack's bottom, the tab bar is at the bottom.
    @Test func handlerStarts() {
        #expect(
            found(
                """
                flow: app
                start: home
                screens:
                  home: { on: { signIn: { start: auth } } }
                children:
                  auth: { flow: auth, on: { signedIn: { start: t } } }
                  t: { flow: tabbar }
                \(Self.authAndTabbar)
                """) == [
                    "example.yaml:6:48 child 't' runs flow 'tabbar', which has tabs; this handler of child 'auth' runs over the screen that started 'auth', and a tab bar sits at the bottom of a stack: present it ('presentation: sheet' or 'cover') or show it with 'replaceRoot'"
                ])
        #expect(
            found(
                """
                flow: app
                start: auth
                children:
                  auth: { flow: auth, on: { signedIn: { start: t } } }
                  t: { flow: tabbar }
                \(Self.authAndTabbar)
                """) == [])
    }

    /// What stays valid: a tab flow at the bottom of the root's stack, shown by a child that is itself the
    /// root's first route, or by a presented child's `start` or `replaceRoot`.
    @Test func tabBarsAtTheBottomOfAStack() {
        #expect(
            found(
                """
                flow: app
                start: x
                screens:
                  home: { on: { go: { start: sheet } } }
                children:
                  x: { flow: x }
                  sheet: { flow: x, presentation: sheet }
                ---- x.yaml ----
                flow: x
                start: a
                screens:
                  a: { on: { toTabs: { replaceRoot: t }, home: { finish: done } } }
                outcomes: [done]
                children:
                  t: { flow: tabbar }
                \(Self.tabbar)
                """) == [])
    }

    /// A deep link whose routes show a tab flow over other routes of its stack is refused every time it
    /// opens, so FC373 reports it at that route (besides the `start` that pushes the tab flow), with a
    /// note at the route below it; also in `otherwise`, and when the route below is the start screen a
    /// presented child shows. A tab flow as the first route, or first in a presented child, is fine.
    @Test func linkRoutesThatShowATabFlowOverRoutes() {
        let linkMessage = { (link: String, child: String) in
            "in link '\(link)', child '\(child)' runs flow 'tabbar', which has tabs, over other routes of its stack; a tab bar sits at the bottom of a stack, so the runtime refuses this link every time: make the child the first route of a stack (the link's first route, or after a presented child), or present it ('presentation: sheet' or 'cover')"
        }
        #expect(
            found(
                """
                flow: app
                conditions: [ready]
                start: home
                screens:
                  home: { on: { go: { start: t }, more: { start: sheet } } }
                children:
                  t: { flow: tabbar }
                  sheet: { flow: sheetFlow, presentation: sheet }
                  bottom: { flow: tabbar }
                links:
                  "/t": [home, t]
                  "/g":
                    when: ready
                    routes: [bottom, feed]
                    otherwise: [home, t, feed]
                  "/s": [home, sheet, t]
                ---- sheetFlow.yaml ----
                flow: sheetFlow
                start: page
                screens:
                  page: { on: { tabs: { start: t } } }
                children:
                  t: { flow: tabbar }
                \(Self.tabbar)
                """) == [
                    "example.yaml:5:30 child 't' runs flow 'tabbar', which has tabs; a tab bar sits at the bottom of a stack: present it ('presentation: sheet' or 'cover') or show it with 'replaceRoot'",
                    "example.yaml:11:16 " + linkMessage("/t", "t")
                        + " | example.yaml:11:10 route 'home' is below it on the same stack",
                    "example.yaml:15:23 " + linkMessage("/g", "t")
                        + " | example.yaml:15:17 route 'home' is below it on the same stack",
                    "example.yaml:16:23 " + linkMessage("/s", "t")
                        + " | example.yaml:16:16 child 'sheet' shows its start screen below it on the same stack",
                    "sheetFlow.yaml:4:32 child 't' runs flow 'tabbar', which has tabs; a tab bar sits at the bottom of a stack: present it ('presentation: sheet' or 'cover') or show it with 'replaceRoot'",
                ])
    }
}
