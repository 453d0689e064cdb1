import FlowModel
import FlowRuntime
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
              editor: { on: { done: { finish: done } } }
            """,
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
        let lines = runner.run(script: """
            start
            event next
            select b
            select more #1
            select home #1
            """)
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "applied", "applied"])
        let tree = try instances(lines)
        // The inner tab bar's kept tab `a` and its selected `b`, both kept under the outer kept tab `home`.
        #expect(tree[3] == #"{"arguments":{},"children":[{"arguments":{},"child":"home","children":[{"arguments":{},"child":"inner","children":[{"arguments":{},"child":"a","children":[],"flow":"leaf","id":4,"kept":true},{"arguments":{},"child":"b","children":[],"flow":"leaf","id":5,"kept":true}],"flow":"inner","id":3,"kept":true}],"flow":"home","id":2,"kept":true},{"arguments":{},"child":"more","children":[],"flow":"more","id":6}],"flow":"app","id":1}"#)
        #expect(tree[4] == #"{"arguments":{},"children":[{"arguments":{},"child":"home","children":[{"arguments":{},"child":"inner","children":[{"arguments":{},"child":"a","children":[],"flow":"leaf","id":4,"kept":true},{"arguments":{},"child":"b","children":[],"flow":"leaf","id":5}],"flow":"inner","id":3}],"flow":"home","id":2},{"arguments":{},"child":"more","children":[],"flow":"more","id":6,"kept":true}],"flow":"app","id":1}"#)
        // The tab sets shown: the inner one only while its outer tab is selected.
        #expect(lines[3].tabs?.map(\.flow) == ["app"])
        #expect(lines[4].tabs?.map(\.flow) == ["app", "inner"])
        #expect(lines[4].tabs?[1].kept == ["a": [1, 2]])
    }

    @Test func aPresentedChildKeepsItsPresentationBesideAKeptTab() throws {
        let runner = try FlowScriptRunner(bundle: try Self.bundle(), flow: "app")
        let lines = runner.run(script: """
            start
            select b
            event write
            """)
        let tree = try instances(lines)
        #expect(tree[2] == #"{"arguments":{},"children":[{"arguments":{},"child":"home","children":[{"arguments":{},"child":"inner","children":[{"arguments":{},"child":"a","children":[],"flow":"leaf","id":4,"kept":true},{"arguments":{},"child":"b","children":[{"arguments":{},"child":"note","children":[],"flow":"note","id":6,"presentation":"sheet"}],"flow":"leaf","id":5}],"flow":"inner","id":3}],"flow":"home","id":2}],"flow":"app","id":1}"#)
    }
}
