import FlowRuntime
import Observation

/// The reading app's navigation, made once for the app's lifetime (in the `App`, never in a view's
/// `init`, which SwiftUI runs again on every rebuild of its parent): the library, the coordinator started
/// on it, and the `FlowNavigation` the SwiftUI and UIKit hosts bind.
///
/// ```swift
/// @main
/// struct BooksApp: App {
///     @State private var model = Result { try ReadingModel(library: Library(books: [7: "Dune"])) }
///     var body: some Scene {
///         WindowGroup {
///             switch model {
///             case .success(let model): ReadingRoot(model: model)
///             case .failure(let error): Text("\(error)")
///             }
///         }
///     }
/// }
/// ```
@MainActor
@Observable
public final class ReadingModel {
    /// The books, and the flows' host.
    public let library: Library
    /// The bindings over the coordinator, which runs `reading` on the embedded bundle.
    public let navigation: FlowNavigation

    /// Makes and starts the coordinator.
    /// - Throws: `GeneratedFlowError` only if the generated file was edited by hand.
    public init(library: Library) throws(GeneratedFlowError) {
        let coordinator = try ReadingFlow.coordinator(host: library)
        coordinator.start()
        navigation = FlowNavigation(coordinator)
        self.library = library
    }

    /// The question a pending confirmation asks, as the person reads it.
    public func question(_ confirmation: PendingConfirmation) -> String {
        switch Flows.Prompt(confirmation) {
        case .discardDraft: "Discard the draft?"
        case nil: "Discard your changes?"
        }
    }
}
