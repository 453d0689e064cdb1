#if canImport(SwiftUI)
import FlowRuntime
import FlowSwiftUI
import SwiftUI

/// The reading app's SwiftUI host: the root stack object in a `NavigationStack` (it observes that stack's
/// routes only), one view per typed route, and the discard-the-draft dialog over the stack whose route
/// asks. The coordinator lives in ``ReadingModel``, made once by the app; this view only reads it.
///
/// Compiled on Apple platforms; on Linux a test type-checks it against stand-in SwiftUI declarations
/// copied from Apple's documentation (checked against documented signatures, not compiled with Apple's
/// SDK). It holds no navigation logic: the rules live in `FlowNavigation` and the generated API, which
/// the Linux tests run.
public struct ReadingRoot: View {
    let model: ReadingModel

    public init(model: ReadingModel) {
        self.model = model
    }

    public var body: some View {
        if let stack = model.navigation.rootStack {
            ReadingStack(model: model, stack: stack)
        }
    }
}

/// One stack: its routes in a `NavigationStack`, the question of a `confirm` route of this stack over it.
struct ReadingStack: View {
    let model: ReadingModel
    let stack: FlowStackModel

    var body: some View {
        let navigation = model.navigation
        NavigationStack(path: navigation.pathBinding(stack)) {
            Group {
                if let root = stack.root { screen(root) }
            }
            .navigationDestination(for: Route.self) { screen($0) }
        }
        .confirmationDialog(
            navigation.confirmation(on: stack).map(model.question) ?? "",
            isPresented: navigation.confirmationPresentedBinding(on: stack), titleVisibility: .visible
        ) {
            Button("Discard", role: .destructive) { navigation.coordinator.confirmRemoval() }
            Button("Keep editing", role: .cancel) { navigation.coordinator.keepEditing() }
        }
    }

    /// The view of one route: the generated route enum makes the `switch` exhaustive, so a screen added
    /// to the flows is a compile error here until it has a view; each case's typed route sends that
    /// screen's events only.
    @ViewBuilder func screen(_ route: Route) -> some View {
        let books = model.library.books
        switch stack.typed(route, as: ReadingFlow.Route.self) {
        case .library(let library)?:
            List(books.keys.sorted(), id: \.self) { bookID in
                Button(books[bookID] ?? "") { library.send(.selectBook(bookID: bookID)) }
            }
            .navigationTitle("Library")
        case .details(let details, let bookID)?:
            Button("Edit") { details.send(.edit) }
                .navigationTitle(books[bookID] ?? "")
        case .edit(.editor(let editor, let bookID))?:
            HStack {
                Button("Cancel") { editor.send(.cancel) }
                Button("Save") { editor.send(.save) }
            }
            .navigationTitle("Editing \(books[bookID] ?? "")")
        case nil:
            // The route left the stack in this very step (the stack re-renders without it).
            EmptyView()
        }
    }
}
#endif
