import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A route token belongs to the coordinator that made it. Two windows on one bundle
/// number their tokens alike; window 1's token given to window 2 is refused, whatever it names.
@MainActor
struct RouteTokenScopeTests {
    func window(_ book: Int) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.start()
        coordinator.send("selectBook", arguments: ["bookID": .int(book)])
        return coordinator
    }

    @Test func aTokenOfAnotherCoordinatorIsRefused() throws {
        let first = try window(7)
        let second = try window(3)
        let stale = first.path[1].token
        first.send("back")
        #expect(first.send("back", from: stale) == StepResult(.stale, .routeNotOnPath(stale)))
        #expect(second.send("back", from: stale) == StepResult(.rejected, .foreignToken(stale)))
        #expect(
            second.send("selectBook", from: first.path[0].token, arguments: ["bookID": .int(1)])
                == StepResult(.rejected, .foreignToken(first.path[0].token)))
        #expect(second.reconcile(toTokens: [stale]) == StepResult(.rejected, .foreignToken(stale)))
        #expect(
            second.reconcile(toTokens: [first.path[0].token])
                == StepResult(.rejected, .foreignToken(first.path[0].token)))
        #expect(second.screens == ["reading.library", "reading.details(bookID: 3)"])
        // Its own tokens, and tokens made from a number (as scripts write them), work.
        #expect(second.reconcile(toTokens: [RouteToken(1)]) == .applied)
        #expect(second.screens == ["reading.library"])
    }

    @Test func tokensCompareByCoordinator() throws {
        let first = try window(7)
        let second = try window(7)
        #expect(first.path.map(\.token.rawValue) == second.path.map(\.token.rawValue))
        #expect(first.path[0].token != second.path[0].token)
        #expect(first.path[0].token.description == "1")
    }
}
