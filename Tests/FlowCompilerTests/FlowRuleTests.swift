import FlowModel
import Foundation
import Testing

@testable import FlowCompiler

/// Targeted checks of the graph rules beyond their examples: the liveness model, the cross-file
/// outcome contract, and that the rules stay fast on large flows.
@Suite struct FlowRuleTests {
    private func codes(_ example: String, _ code: String) -> [String] {
        RuleExample(example).validate().diagnostics.filter { $0.code == code }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
    }

    @Test func popOfSeveralRoutesReturnsToAScreenThatFinishes() {
        let example = """
            ---- parent.yaml ----
            flow: parent
            start: home
            screens:
              home: { on: { go: { start: wizard } } }
            children:
              wizard: { flow: wizard, on: { done: stay } }
            ---- wizard.yaml ----
            flow: wizard
            start: first
            outcomes: [done]
            screens:
              first: { on: { next: { push: second }, done: { finish: done } } }
              second: { on: { next: { push: third } } }
              third: { on: { restart: { pop: 2 } } }
            """
        #expect(codes(example, ChildCannotFinish.description.code) == [])
    }

    @Test func handlerStayReturnsToTheStartingScreen() {
        let example = """
            ---- parent.yaml ----
            flow: parent
            start: home
            screens:
              home: { on: { go: { start: outer } } }
            children:
              outer: { flow: outer, on: { done: stay } }
            ---- outer.yaml ----
            flow: outer
            start: list
            outcomes: [done]
            screens:
              list: { on: { edit: { start: inner }, close: { finish: done } } }
              stuck: {}
            children:
              inner: { flow: inner, on: { saved: stay, failed: { push: stuck } } }
            ---- inner.yaml ----
            flow: inner
            start: form
            outcomes: [saved, failed]
            screens:
              form: { on: { save: { finish: saved }, fail: { finish: failed } } }
            """
        // 'list' finishes; 'inner' returns to 'list' on 'saved'; 'stuck' has no way out.
        #expect(codes(example, ChildCannotFinish.description.code) == ["outer.yaml:6:3"])
    }

    @Test func aChildWithOnlyAChildThatNeverFinishesIsReportedAtTheDeclaration() {
        let example = """
            ---- app.yaml ----
            flow: app
            start: main
            children:
              main: { flow: main, on: { signedOut: stay } }
            ---- main.yaml ----
            flow: main
            start: posts
            outcomes: [signedOut]
            children:
              posts: { flow: posts, on: { closed: stay } }
            ---- posts.yaml ----
            flow: posts
            start: list
            outcomes: [closed]
            screens:
              list: { on: { close: { finish: closed } } }
            """
        #expect(codes(example, ChildCannotFinish.description.code) == ["main.yaml:5:3"])
    }

    @Test func unhandledOutcomePointsIntoBothFiles() throws {
        let sources = try TestPaths.sources(under: "invalid/unhandled-outcome-across-files", in: TestPaths.fixtures)
        let diagnostics = FlowValidation.validate(sources: sources).diagnostics
        let unhandled = try #require(diagnostics.first { $0.code == UnhandledOutcome.description.code })
        #expect(unhandled.location.file.hasSuffix("parent.yaml"))
        #expect(unhandled.notes.map(\.location.file).allSatisfy { $0.hasSuffix("child.yaml") })
        #expect(unhandled.notes.first?.message == "outcome 'discarded' declared here")
    }

    @Test func ownershipCycleIsReportedOnceWithTheWholeCycle() {
        let example = """
            ---- a.yaml ----
            flow: a
            start: s
            outcomes: [done]
            screens: { s: { on: { go: { start: b }, done: { finish: done } } } }
            children: { b: { flow: b, on: { done: stay } } }
            ---- b.yaml ----
            flow: b
            start: s
            outcomes: [done]
            screens: { s: { on: { go: { start: c }, done: { finish: done } } } }
            children: { c: { flow: c, on: { done: stay } } }
            ---- c.yaml ----
            flow: c
            start: s
            outcomes: [done]
            screens: { s: { on: { go: { start: a }, done: { finish: done } } } }
            children: { a: { flow: a, on: { done: stay } } }
            """
        let found = RuleExample(example).validate().diagnostics.filter { $0.code == OwnershipCycle.description.code }
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("ownership cycle a → b → c → a") == true)
    }

    /// A long chain of screens (each pushing the next and popping back), a chain of 3,000 child
    /// declarations and 3,000 link patterns, validated on a 512 KiB thread: every rule walks them
    /// without recursing to the input's depth and reports exactly what it finds — one FC301 per
    /// declaration never started, FC406 once where the chain passes 64 levels, FC306 once. How fast
    /// this is, is measured by `scripts/stress.sh` (100,000 screens and links), not here.
    @Test func largeFlowsValidateWithExactDiagnostics() {
        let count = 3_000
        var flow = "flow: big\nstart: s0\noutcomes: [done]\nscreens:\n"
        for index in 0..<count {
            let next = index + 1 < count ? "next: { push: s\(index + 1), with: { n: 1 } }, " : ""
            flow += "  s\(index):\n    params: { n: { type: int, default: 1 } }\n"
            flow += "    on: { \(next)back: { pop: 1 }\(index == 0 ? ", done: { finish: done }" : "") }\n"
        }
        flow += "children:\n  c0: { flow: chain0 }\nlinks:\n"
        for index in 0..<count {
            flow += "  \"/s/\(index)/{n:int}\": [s0, { s1: { n: $n } }]\n"
        }
        var sources: [(path: String, bytes: [UInt8])] = [("big.yaml", Array(flow.utf8))]
        for index in 0..<count {
            let child = index + 1 < count ? "children: { c: { flow: chain\(index + 1) } }\n" : ""
            sources.append(
                ("chain\(index).yaml", Array("flow: chain\(index)\nstart: s\nscreens: { s: {} }\n\(child)".utf8)))
        }
        let sent = sources
        let result = SmallStack.run { FlowValidation.validate(sources: sent) }
        #expect(result.flows.count == count + 1)
        let described = result.diagnostics.map {
            "\($0.code) \($0.location.file):\($0.location.line):\($0.location.column)"
        }
        var expected = [
            "FC306 big.yaml:7:60", "FC301 big.yaml:9006:3",
            "FC406 chain63.yaml:4:13",
        ]
        expected += (0..<count - 1).map { "FC301 chain\($0).yaml:4:13" }
        #expect(described.sorted() == expected.sorted())
        #expect(
            result.diagnostics.first { $0.code == "FC406" }?.message
                == "child 'c' of flow 'chain63' runs flow 'chain64' 65 levels below flow 'big'; child flows nest at most 64 levels: finish with an outcome and let a parent start the next step instead"
        )
        #expect(
            result.diagnostics.first { $0.code == "FC301" && $0.location.file == "chain2998.yaml" }?.message
                == "child 'c' is never started from the start of flow 'chain2998'; start it from a reachable screen or remove it"
        )
    }

    /// A tab flow with 2,000 tabs, a guarded link into each, and 2,000 links through a screen with 2,000
    /// events (each starting its own child): every tab, screen, child and event is looked up by name in
    /// constant time (FC205 for the one misrouted link, nothing else), and `flowc links` finds each
    /// link's route through the event that starts its child. Timing is `flowc-bench`'s; this checks results.
    @Test func manyTabsAndLinksIntoThemValidateWithExactDiagnostics() {
        let count = 2_000
        var root =
            "flow: root\nconditions: [c]\ntabs: [" + (0..<count).map { "t\($0)" }.joined(separator: ", ") + ", h]\n"
        root +=
            "start: t0\nchildren:\n" + (0..<count).map { "  t\($0): { flow: leaf }\n" }.joined()
            + "  h: { flow: hub }\nlinks:\n"
        root += (0..<count).map {
            "  \"/t\($0)/{x:int}\": { when: c, routes: [t\($0), { b: { x: $x } }], otherwise: { routes: [t\($0), s], continueOn: ok } }\n"
        }.joined()
        root += (0..<count).map { "  \"/h/\($0)/{x:int}\": [h, c\($0), { b: { x: $x } }]\n" }.joined()
        root += "  \"/bad\": [t7, c3]\n"
        var hub = "flow: hub\nconditions: [c]\nstart: s\nscreens:\n  s:\n    on:\n"
        hub += (0..<count).map { "      go\($0): { if: c, then: { start: c\($0) }, else: { start: c\($0) } }\n" }
            .joined()
        hub += "children:\n" + (0..<count).map { "  c\($0): { flow: leaf }\n" }.joined()
        let leaf = """
            flow: leaf
            start: a
            screens:
              a: { on: { go: { params: { x: int }, push: b, with: { x: $x } }, sign: { start: s } } }
              b: { params: { x: int }, on: { back: { pop: 1 } } }
            children:
              s: { flow: sg, presentation: sheet, on: { ok: stay } }
            ---- sg.yaml ----
            flow: sg
            start: a
            outcomes: [ok]
            screens:
              a: { on: { ok: { finish: ok } } }
            """
        let result = RuleExample("---- root.yaml ----\n\(root)---- hub.yaml ----\n\(hub)---- leaf.yaml ----\n\(leaf)")
            .validate()
        #expect(
            result.diagnostics.map {
                "\($0.code) \($0.location.file):\($0.location.line):\($0.location.column) \($0.message)"
            } == [
                "FC205 root.yaml:\(3 * count + 8):16 'c3' is neither a screen nor a child of flow 'leaf'"
            ])
        let flows =
            result.flows.filter { $0.name.value != "root" }
            + [result.flows.first { $0.name.value == "root" }!].map { flow in
                var flow = flow
                flow.links.removeLast()
                return flow
            }
        let entries = LinkConditionReport.entries(for: flows)
        #expect(entries.count == 2 * count)
        #expect(entries.last?.pattern.value == "/h/1999/{x:int}")
        #expect(
            entries.last?.routes == [
                LinkConditionReport.Requirement(condition: "c", value: true, choice: "event 'go1999' of screen 's'")
            ])
        #expect(entries.first?.guardConditions == ["c"])
        #expect(entries.first?.otherwise == [])
    }
}
