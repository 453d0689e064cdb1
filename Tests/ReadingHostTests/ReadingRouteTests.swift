import FlowModel
import FlowRuntime
import Testing

@MainActor
struct ReadingRouteTests {
    final class Library: Flows.Host {
        var missingBooks: Set<Int> = []
        func bookExists(_ value: Int) -> Bool { !missingBooks.contains(value) }
    }

    @Test func typedRoutes() throws {
        let coordinator = try ReadingFlow.coordinator(host: Library())
        coordinator.start()
        #expect(coordinator.send(ReadingFlow.Event.library(.selectBook(bookID: 7))).status == .applied)
        let typed = try coordinator.path.map { try ReadingFlow.Route($0, in: coordinator) }
        #expect(typed == [.library, .details(bookID: 7)])
    }
}
