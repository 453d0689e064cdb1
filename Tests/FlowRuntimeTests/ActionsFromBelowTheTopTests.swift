import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// An event sent from a route below the top acts from that route. The routes above
/// the sender go first (as interactive back removes them), then the action runs with the sender on top,
/// for every kind of action.
@MainActor
struct ActionsFromBelowTheTopTests {
    static let stack = """
        flow: stack
        start: a
        outcomes: [done]
        screens:
          a: { on: { toB: { push: b }, end: { finish: done } } }
          b:
            on:
              toC: { push: c }
              close: { pop: 1 }
              closeTwo: { pop: 2 }
              home: { popTo: a }
              here: { popTo: b }
              again: { push: b }
              restart: { replaceRoot: c }
              end: { finish: done }
          c: { on: { toB: { push: b }, close: { pop: 1 } } }
        """

    func abc() throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.stack]), flow: "stack")
        coordinator.start()
        coordinator.send("toB")
        coordinator.send("toC")
        #expect(coordinator.screens == ["stack.a", "stack.b", "stack.c"])
        return coordinator
    }

    /// Example: `event @2 close` (B's `pop: 1`) removes B and everything above it.
    @Test func popFromBelowRemovesTheSenderAndEverythingAbove() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.bundle([Self.stack]), flow: "stack")
        let lines = runner.run(script: "start\nevent toB\nevent toC\nevent @2 close")
        #expect(lines.map(\.status) == ["applied", "applied", "applied", "applied"])
        #expect(lines.last?.path.map(\.screen) == ["a"])
        #expect(lines.last?.path.map(\.token) == [1])
    }

    @Test func popCountsFromTheSender() throws {
        let coordinator = try abc()
        let b = coordinator.path[1].token
        // pop 2 from b would remove a, the flow's first route: refused, nothing changes.
        #expect(
            coordinator.send("closeTwo", from: b)
                == StepResult(.rejected, .popRemovesFirstRoute(flow: "stack", count: 2, routes: 2)))
        #expect(coordinator.screens == ["stack.a", "stack.b", "stack.c"])
    }

    @Test func popToCountsFromTheSender() throws {
        let coordinator = try abc()
        let b = coordinator.path[1].token
        #expect(coordinator.send("here", from: b) == .applied)
        #expect(coordinator.screens == ["stack.a", "stack.b"])
        #expect(coordinator.path[1].token == b)
        coordinator.send("toC")
        coordinator.send("toB")
        // [a, b, c, b]: popTo a from the first b removes it and everything above.
        #expect(coordinator.send("home", from: b) == .applied)
        #expect(coordinator.screens == ["stack.a"])
    }

    @Test func pushReplaceRootAndFinishFromBelowActFromTheSender() throws {
        let coordinator = try abc()
        let b = coordinator.path[1].token
        #expect(coordinator.send("again", from: b) == .applied)
        #expect(coordinator.screens == ["stack.a", "stack.b", "stack.b"])
        #expect(coordinator.path.map(\.token.rawValue) == [1, 2, 4])
        coordinator.send("toC")
        #expect(coordinator.send("restart", from: b) == .applied)
        #expect(coordinator.screens == ["stack.c"])
        coordinator.send("toB")
        coordinator.send("toC")
        #expect(coordinator.send("end", from: coordinator.path[1].token) == .applied)
        #expect(coordinator.status == .finished(outcome: "done"))
    }

    /// An event from below whose action is refused changes nothing: the routes above stay.
    @Test func aRefusedActionFromBelowRemovesNothing() throws {
        let coordinator = try abc()
        #expect(coordinator.send("closeTwo", from: coordinator.path[1].token).status == .rejected)
        #expect(coordinator.screens == ["stack.a", "stack.b", "stack.c"])
    }
}
