import FlowRuntime
import Foundation
import ReadingApp

/// Drives the reading app through the code FlowcPlugin generated from Sources/ReadingApp/Flows, as a host
/// does, and prints each step with the typed path: typed events (`ReadingFlow.LibraryEvent.selectBook`),
/// typed routes (an exhaustive `switch`), the edit child's typed outcome, a deep link and a host check.
@MainActor
struct ReadingTrace {
    let coordinator: FlowCoordinator

    func show(_ step: String, _ result: StepResult) throws {
        let path = try coordinator.path.map { try ReadingFlow.Route($0, in: coordinator) }
        let outcomes = try result.finished.map { try EditFlow.Outcome($0) }.map { " [edit finished \($0)]" }.joined()
        print("\(step): \(result.status.rawValue)\(outcomes) → \(path.map(Self.describe).joined(separator: " > "))")
    }

    static func describe(_ route: ReadingFlow.Route) -> String {
        switch route {
        case .library: "library"
        case .details(let bookID): "details(\(bookID))"
        case .edit(.editor(let bookID)): "edit.editor(\(bookID))"
        }
    }

    static func run() throws {
        let library = Library(books: [7: "Dune", 9: "Emma"])
        let trace = ReadingTrace(coordinator: try ReadingFlow.coordinator(host: library))
        let coordinator = trace.coordinator
        try trace.show("start", coordinator.start())
        try trace.show(
            "select book 3 (not in the library)", coordinator.send(ReadingFlow.LibraryEvent.selectBook(bookID: 3)))
        try trace.show("select book 7", coordinator.send(ReadingFlow.LibraryEvent.selectBook(bookID: 7)))
        try trace.show("select book 9 from details", coordinator.send(ReadingFlow.LibraryEvent.selectBook(bookID: 9)))
        try trace.show("edit", coordinator.send(ReadingFlow.DetailsEvent.edit))
        try trace.show("back (asks to discard the draft)", coordinator.back())
        try trace.show("keep editing", coordinator.keepEditing())
        try trace.show("save", coordinator.send(EditFlow.EditorEvent.save))
        try trace.show("open /books/9/edit", coordinator.open("/books/9/edit"))
        try trace.show("back, confirmed", coordinator.back())
        try trace.show("confirm", coordinator.confirmRemoval())
    }
}

do {
    try ReadingTrace.run()
} catch {
    FileHandle.standardError.write(Data("reading-trace: error: \(error)\n".utf8))
    exit(1)
}
