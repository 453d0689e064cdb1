import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Foundation
import Testing

/// The `instances` of a `flowc run` trace line is the whole live tree: kept tabs at every depth (a tab bar
/// inside a kept tab keeps its own tabs), each instance with its presentation.
@MainActor
struct TraceTreeTests {
    /// An outer tab bar (`home`, `more`); `home`'s flow shows an inner tab bar (`a`, `b`) first.
    static func bundle() throws -> FlowBundle {
        try Fixtures.bundle([
            """
            flow: app
            tabs: [home, more]
            start: home
            children:
              home: { flow: home }
              more: { flow: more }
            """,
            """
            flow: home
            start: inner
            children:
              inner: { flow: inner }
            """,
            """
            flow: inner
            tabs: [a, b]
            start: a
            children:
              a: { flow: leaf }
              b: { flow: leaf }
            """,
            """
            flow: leaf
            start: one
            screens:
              one: { on: { next: { push: two }, write: { start: note } } }
              two: {}
            children:
              note: { flow: note, presentation: sheet, on: { done: stay } }
            """,
            """
            flow: note
            start: editor
            outcomes: [done]
            screens:
              editor: { on: { done: { finish: done }, attach: { start: picker } } }
            children:
              picker: { flow: picker, presentation: sheet, on: { picked: stay } }
            """,
            Fixtures.pickerFlow,
            """
            flow: more
            start: list
            screens:
              list: {}
            """,
        ])
    }

    /// The `instances` member of each trace line, as JSON.
    func instances(_ lines: [TraceLine]) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try lines.map { String(decoding: try encoder.encode($0.instances), as: UTF8.self) }
    }

    @Test func keptTabsAreListedAtEveryDepth() throws {
        let runner = try FlowScriptRunner(bundle: try Self.bundle(), flow: "app")
        let lines = runner.run(
            script: """
                start
                event next
                select b
                select more #1
                select home #1
                """)
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "applied", "applied"])
        let tree = try instances(lines)
        // The inner tab bar's kept tab `a` and its selected `b`, both kept under the outer kept tab `home`.
        #expect(
            tree[3]
                == #"{"arguments":{},"children":[{"arguments":{},"child":"home","children":[{"arguments":{},"child":"inner","children":[{"arguments":{},"child":"a","children":[],"flow":"leaf","id":4,"kept":true},{"arguments":{},"child":"b","children":[],"flow":"leaf","id":5,"kept":true}],"flow":"inner","id":3,"kept":true}],"flow":"home","id":2,"kept":true},{"arguments":{},"child":"more","children":[],"flow":"more","id":6}],"flow":"app","id":1}"#
        )
        #expect(
            tree[4]
                == #"{"arguments":{},"children":[{"arguments":{},"child":"home","children":[{"arguments":{},"child":"inner","children":[{"arguments":{},"child":"a","children":[],"flow":"leaf","id":4,"kept":true},{"arguments":{},"child":"b","children":[],"flow":"leaf","id":5}],"flow":"inner","id":3}],"flow":"home","id":2},{"arguments":{},"child":"more","children":[],"flow":"more","id":6,"kept":true}],"flow":"app","id":1}"#
        )
        // The tab sets shown: the inner one only while its outer tab is selected.
        #expect(lines[3].tabs?.map(\.flow) == ["app"])
        #expect(lines[4].tabs?.map(\.flow) == ["app", "inner"])
        #expect(lines[4].tabs?[1].kept == ["a": [1, 2]])
    }

    @Test func aPresentedChildKeepsItsPresentationBesideAKeptTab() throws {
        let runner = try FlowScriptRunner(bundle: try Self.bundle(), flow: "app")
        let lines = runner.run(
            script: """
                start
                select b
                event write
                """)
        let tree = try instances(lines)
        #expect(
            tree[2]
                == #"{"arguments":{},"children":[{"arguments":{},"child":"home","children":[{"arguments":{},"child":"inner","children":[{"arguments":{},"child":"a","children":[],"flow":"leaf","id":4,"kept":true},{"arguments":{},"child":"b","children":[{"arguments":{},"child":"note","children":[],"flow":"note","id":6,"presentation":"sheet"}],"flow":"leaf","id":5}],"flow":"inner","id":3}],"flow":"home","id":2}],"flow":"app","id":1}"#
        )
    }

    /// Restore of all of it: two tab bars (one inside a tab), kept tabs at both levels, two layers.
    @Test func restoreRebuildsNestedTabBarsKeptTabsAndTwoLayers() throws {
        let coordinator = try FlowCoordinator(bundle: try Self.bundle(), flow: "app")
        coordinator.start()
        coordinator.send("next")
        let outer = coordinator.tabSets[0].id
        let inner = coordinator.tabSets[1].id
        #expect(coordinator.select(tab: "b", in: inner) == .applied)
        #expect(coordinator.select(tab: "more", in: outer) == .applied)
        #expect(coordinator.select(tab: "home", in: outer) == .applied)
        #expect(coordinator.send("write") == .applied)
        #expect(coordinator.send("attach") == .applied)
        func shape() -> [String] {
            coordinator.stacks.map { stack in
                let kind =
                    switch stack.kind {
                    case .tab(let name, let tabSet):
                        "tab \(name) of \(coordinator.tabSets.first { $0.id == tabSet }?.flow ?? "?")"
                    default: "\(stack.kind)"
                    }
                return "\(kind): " + stack.routes.map(\.description).joined(separator: " ")
            }
                + coordinator.tabSets.map { set in
                    "\(set.flow) \(set.selected) kept "
                        + set.keptStacks.keys.sorted().map { tab in
                            "\(tab)(" + (set.keptStacks[tab]?.routes.map(\.screen).joined(separator: " ") ?? "") + ")"
                        }.joined(separator: " ")
                }
        }
        let expected = [
            "tab b of inner: leaf.one",
            "sheet: note.editor", "sheet: picker.photos",
            "app home kept more(list)", "inner b kept a(one two)",
        ]
        #expect(shape() == expected)
        let saved = coordinator.snapshot()
        coordinator.stop()
        #expect(coordinator.restore(saved) == .applied)
        #expect(coordinator.snapshot() == saved)
        #expect(shape() == expected)
        // The layers hide both tab bars (the refusal names the one on top); dismissing the lower one takes
        // both levels in one step.
        let note = coordinator.stacks[1].id
        #expect(
            coordinator.select(tab: "more", in: coordinator.tabSets[0].id)
                == StepResult(.rejected, .tabBarCovered(flow: "app", layer: "picker")))
        #expect(coordinator.dismiss(note) == .applied)
        #expect(coordinator.select(tab: "a") == .applied)
        #expect(coordinator.path.map(\.description) == ["leaf.one", "leaf.two"])
    }
}
