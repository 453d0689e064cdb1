import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// Events: argument checking, stale routes, and what a route below the top may do.
@MainActor
struct EventRuleTests {
    func reading(at book: Int? = nil) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        if let book { coordinator.send("selectBook", arguments: ["bookID": .int(book)]) }
        return coordinator
    }

    @Test func badArgumentsAreRejectedWithTheStateUnchanged() throws {
        let coordinator = try reading()
        let receiver = "event 'selectBook' of screen 'library' of flow 'reading'"
        #expect(
            coordinator.send("selectBook", textArguments: ["bookID": "07"])
                == StepResult(.rejected, .invalidArgument(receiver: receiver, name: "bookID", text: "07", type: .int)))
        #expect(coordinator.send("selectBook", textArguments: ["bookID": "7.0"]).status == .rejected)
        #expect(
            coordinator.send("selectBook", arguments: ["bookID": .string("7")])
                == StepResult(
                    .rejected, .wrongArgumentType(receiver: receiver, name: "bookID", expected: .int, found: .string)))
        #expect(
            coordinator.send("selectBook", arguments: ["bookID": .int(0)])
                == StepResult(
                    .rejected,
                    .constraintViolated(receiver: receiver, name: "bookID", message: "0 is less than the minimum 1")))
        #expect(
            coordinator.send("selectBook")
                == StepResult(.rejected, .missingArgument(receiver: receiver, name: "bookID")))
        #expect(
            coordinator.send("selectBook", arguments: ["bookID": .int(1), "x": .int(1)])
                == StepResult(.rejected, .unknownArgument(receiver: receiver, name: "x")))
        #expect(
            coordinator.send("selectBook", textArguments: ["x": "1"])
                == StepResult(.rejected, .unknownArgument(receiver: receiver, name: "x")))
        #expect(
            coordinator.send("fly")
                == StepResult(.rejected, .unknownEvent(flow: "reading", screen: "library", event: "fly")))
        #expect(coordinator.screens == ["reading.library"])
    }

    @Test func eventsBeforeStartAreRejected() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        #expect(coordinator.send("selectBook") == StepResult(.rejected, .notRunning))
        #expect(coordinator.status == .idle)
    }

    @Test func unknownRootFlowAndBadRootArgumentsThrow() {
        #expect(throws: FlowRuntimeError.unknownFlow("nope")) {
            try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "nope")
        }
        #expect(throws: FlowRuntimeError.missingArgument(receiver: "flow 'edit'", name: "bookID")) {
            try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "edit")
        }
    }

    @Test func pushAndStartFromBelowTheTopActFromTheSender() throws {
        let coordinator = try reading(at: 7)
        let library = coordinator.path[0].token
        let details = coordinator.path[1].token
        // push from below: the routes above the sender go first, then the push lands on the sender.
        #expect(coordinator.send("selectBook", from: library, arguments: ["bookID": .int(3)]) == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 3)"])
        #expect(coordinator.send("back", from: details) == StepResult(.stale, .routeNotOnPath(details)))
        let newDetails = coordinator.path[1].token
        coordinator.send("edit")
        weak let edit = coordinator.root?.children.values.first
        // start from below: the editor above it is a `confirm` route, so the step asks first.
        #expect(coordinator.send("edit", from: newDetails) == StepResult(.pending))
        #expect(coordinator.confirmRemoval() == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 3)", "edit.editor(bookID: 3)"])
        #expect(edit == nil)
        #expect(coordinator.path[2].token.rawValue == 5)
    }

    /// FC306 rejects a `pop` from a screen nothing pushes; `a` is pushed by `again`, so the flow
    /// validates, and the runtime must still refuse `up` while `a` is the first route.
    @Test func popMayNotRemoveTheFirstRoute() throws {
        let host = TestHost()
        host.conditions = ["hasOnboarded": true]
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([
                """
                flow: stack
                start: a
                screens:
                  a:
                    on:
                      next: { push: b }
                      up: { pop: 1 }
                      toC: { popTo: c }
                  b:
                    on:
                      next: { push: c }
                      up: { pop: 2 }
                  c:
                    on:
                      toA: { popTo: a }
                      up: { pop: 2 }
                      again: { push: a }
                """
            ]), flow: "stack", host: host.host)
        coordinator.start()
        #expect(
            coordinator.send("up") == StepResult(.rejected, .popRemovesFirstRoute(flow: "stack", count: 1, routes: 1)))
        coordinator.send("next")
        #expect(
            coordinator.send("up") == StepResult(.rejected, .popRemovesFirstRoute(flow: "stack", count: 2, routes: 2)))
        coordinator.send("next")
        #expect(coordinator.screens == ["stack.a", "stack.b", "stack.c"])
        // popTo counts from the sender: from `a` there is no `c` at or below it.
        #expect(
            coordinator.send("toC", from: coordinator.path[0].token)
                == StepResult(.rejected, .noRouteOfScreen(flow: "stack", screen: "c")))
        #expect(coordinator.screens == ["stack.a", "stack.b", "stack.c"])
        #expect(coordinator.send("toA") == .applied)
        #expect(coordinator.screens == ["stack.a"])
        #expect(coordinator.send("toC") == StepResult(.rejected, .noRouteOfScreen(flow: "stack", screen: "c")))
        coordinator.send("next")
        coordinator.send("next")
        #expect(coordinator.send("up") == .applied)
        #expect(coordinator.screens == ["stack.a"])
    }

    @Test func unknownOutcomeThroughAHandleIsRejectedAndRearmed() throws {
        let coordinator = try reading(at: 7)
        coordinator.send("edit")
        let edit = try #require(coordinator.root?.children.values.first)
        #expect(edit.finish("exploded") == StepResult(.rejected, .unknownOutcome(flow: "edit", outcome: "exploded")))
        #expect(edit.isAlive)
        #expect(edit.finish("discarded") == .applied)
        #expect(coordinator.screens == ["reading.library", "reading.details(bookID: 7)"])
    }

    /// FC307 reports this flow; a bundle built around the validator must still be refused at run time.
    @Test func finishingIntoAnEmptyParentIsRejected() throws {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle(
                [
                    """
                    flow: holder
                    start: inner
                    children:
                      inner: { flow: inner, on: { done: stay } }
                    """,
                    """
                    flow: inner
                    start: only
                    outcomes: [done]
                    screens:
                      only:
                        on:
                          ok: { finish: done }
                    """,
                ], ignoring: ["FC307"]), flow: "holder")
        coordinator.start()
        #expect(coordinator.screens == ["inner.only"])
        #expect(coordinator.send("ok") == StepResult(.rejected, .instanceWithoutRoute(flow: "holder")))
        #expect(coordinator.screens == ["inner.only"])
        #expect(coordinator.instanceFlows == ["holder", "inner"])
    }

    @Test func rejectionReasonsReadWell() {
        #expect(
            StepResult(.rejected, .notAPrefix).description
                == "rejected: the proposed path is not a prefix of the current path")
        #expect(
            FlowRuntimeError.foreignToken(RouteToken(1)).description == "route token 1 belongs to another coordinator")
        #expect(FlowRuntimeError.unresolvedReference("x").description == "$x is not in scope")
    }
}
