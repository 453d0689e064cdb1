import FlowRuntime
import Foundation
import ReadingApp

/// Drives the reading app through the code FlowcPlugin generated from Sources/ReadingApp/Flows, as a host
/// does, and prints each step with the typed routes of the root stack: each screen's typed route sends
/// its own screen's events (`library.send(.selectBook(bookID: 7))`), an exhaustive `switch` over the
/// generated route enum, the edit child's typed outcome in a step, a link built from its typed pattern, a
/// host check, and a pop of the stack as `NavigationStack` writes it.
@MainActor
struct ReadingTrace {
    let model: ReadingModel
    var stack: FlowStackModel { model.navigation.rootStack! }

    func show(_ step: String, _ result: StepResult) throws {
        let routes = try stack.typedRoutes(ReadingFlow.Route.self)
        let outcome = try result.outcome(EditFlow.Outcome.self).map { " [edit finished \($0)]" } ?? ""
        print("\(step): \(result.status.rawValue)\(outcome) → \(routes.map(Self.describe).joined(separator: " > "))")
    }

    static func describe(_ route: ReadingFlow.Route) -> String {
        switch route {
        case .library: "library"
        case .details(_, let bookID): "details(\(bookID))"
        case .edit(.editor(_, let bookID)): "edit.editor(\(bookID))"
        }
    }

    /// The top route, typed.
    func top() throws -> ReadingFlow.Route? { try stack.typedRoutes(ReadingFlow.Route.self).last }

    /// The person pops the top route: `NavigationStack` writes the path without it.
    func pop() -> StepResult {
        model.navigation.coordinator.reconcile(stack: stack.id, to: Array(stack.routes.dropLast()))
    }

    static func run() throws {
        let trace = ReadingTrace(model: try ReadingModel(library: Library(books: [7: "Dune", 9: "Emma"])))
        let coordinator = trace.model.navigation.coordinator
        try trace.show("start", StepResult.applied)
        guard case .library(let library) = try trace.top() else { throw GeneratedFlowError.unknownRoute("no library") }
        try trace.show("select book 3 (not in the library)", library.send(.selectBook(bookID: 3)))
        try trace.show("select book 7", library.send(.selectBook(bookID: 7)))
        guard case .details(let details, _) = try trace.top() else {
            throw GeneratedFlowError.unknownRoute("no details")
        }
        try trace.show("edit", details.send(.edit))
        guard case .edit(.editor(let editor, _)) = try trace.top() else {
            throw GeneratedFlowError.unknownRoute("no editor")
        }
        try trace.show("back (asks to discard the draft)", trace.pop())
        try trace.show("keep editing", coordinator.keepEditing())
        try trace.show("save", editor.send(.save))
        try trace.show("save again, from the editor's removed route", editor.send(.save))
        try trace.show(
            "open \(ReadingFlow.Link.booksEdit(bookID: 9))", coordinator.open(ReadingFlow.Link.booksEdit(bookID: 9)))
        try trace.show("back, confirmed", trace.pop())
        try trace.show("confirm", coordinator.confirmRemoval())
    }
}

do {
    try ReadingTrace.run()
} catch {
    FileHandle.standardError.write(Data("reading-trace: error: \(error)\n".utf8))
    exit(1)
}
