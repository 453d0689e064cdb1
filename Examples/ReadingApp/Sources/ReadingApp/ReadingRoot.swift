#if canImport(SwiftUI)
import FlowRuntime
import FlowSwiftUI
import SwiftUI

/// The reading app's SwiftUI host: one `NavigationStack` bound to the coordinator's root stack object (it
/// observes that stack's routes only), one destination per typed route, and the discard-the-draft dialog
/// bound to the pending confirmation.
///
/// Compiled on Apple platforms only. It holds no navigation logic: the rules live in `FlowNavigation`
/// (FlowRuntimeTests cover it on Linux) and in the generated API (reading-trace calls it on Linux).
public struct ReadingRoot: View {
    @State private var navigation: FlowNavigation
    private let library: Library

    /// - Throws: `GeneratedFlowError` only if the generated file was edited by hand.
    public init(library: Library) throws {
        let coordinator = try ReadingFlow.coordinator(host: library)
        coordinator.start()
        _navigation = State(initialValue: FlowNavigation(coordinator))
        self.library = library
    }

    public var body: some View {
        if let stack = navigation.rootStack, let root = stack.root {
            NavigationStack(path: navigation.pathBinding(stack)) {
                screen(root)
                    .navigationDestination(for: Route.self) { screen($0) }
            }
            .confirmationDialog(
                "Discard the draft?", isPresented: navigation.confirmationPresentedBinding,
                titleVisibility: .visible
            ) {
                Button("Discard", role: .destructive) { navigation.confirm() }
                Button("Keep editing", role: .cancel) { navigation.keepEditing() }
            }
        }
    }

    /// The view of one route: the generated route enum makes the `switch` exhaustive, so a screen added
    /// to the flows is a compile error here until it has a view.
    @ViewBuilder private func screen(_ route: Route) -> some View {
        let coordinator = navigation.coordinator
        switch try? ReadingFlow.Route(route, in: coordinator) {
        case .library:
            List(library.books.keys.sorted(), id: \.self) { bookID in
                Button(library.books[bookID] ?? "") {
                    coordinator.send(ReadingFlow.LibraryEvent.selectBook(bookID: bookID), from: route.token)
                }
            }
            .navigationTitle("Library")
        case .details(let bookID):
            Button("Edit") { coordinator.send(ReadingFlow.DetailsEvent.edit, from: route.token) }
                .navigationTitle(library.books[bookID] ?? "")
        case .edit(.editor(let bookID)):
            HStack {
                Button("Cancel") { coordinator.send(EditFlow.EditorEvent.cancel, from: route.token) }
                Button("Save") { coordinator.send(EditFlow.EditorEvent.save, from: route.token) }
            }
            .navigationTitle("Editing \(library.books[bookID] ?? "")")
        case nil:
            EmptyView()
        }
    }
}
#endif
