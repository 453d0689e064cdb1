#if canImport(SwiftUI)
import FlowRuntime
import FlowSwiftUI
import SwiftUI

/// The social app's SwiftUI host: the root stack shows the tab bar (a `TabView` bound to the tab set's
/// selection, typed by `SocialFlow.Tab`, each tab labelled and keeping its own `NavigationStack`), and any
/// stack shows the sheet or cover presented over it and the question of its own `confirm` route.
///
/// Compiled on Apple platforms; on Linux a test type-checks it against stand-in SwiftUI declarations
/// copied from Apple's documentation (checked against documented signatures, not compiled with Apple's SDK).
public struct SocialRoot: View {
    let model: SocialModel

    public init(model: SocialModel) {
        self.model = model
    }

    public var body: some View {
        if let stack = model.navigation.rootStack {
            SocialStack(model: model, stack: stack)
        }
    }
}

/// One stack of the tree, with the layer presented over it and its question.
struct SocialStack: View {
    let model: SocialModel
    let stack: FlowStackModel

    var body: some View {
        let navigation = model.navigation
        content
            .sheet(item: navigation.sheetBinding(over: stack)) { sheet in
                // A sheet whose routes ask before they go is not swiped away: its screen offers the way out,
                // and the question appears over the sheet.
                SocialStack(model: model, stack: sheet).interactiveDismissDisabled(sheet.asksBeforeRemoval)
            }
            .fullScreenCover(item: navigation.coverBinding(over: stack)) { cover in
                SocialStack(model: model, stack: cover)
            }
            .confirmationDialog(
                navigation.confirmation(on: stack).map(model.question) ?? "",
                isPresented: navigation.confirmationPresentedBinding(on: stack), titleVisibility: .visible
            ) {
                Button("Leave", role: .destructive) { navigation.coordinator.confirmRemoval() }
                Button("Stay", role: .cancel) { navigation.coordinator.keepEditing() }
            }
    }

    /// A tab bar when the stack shows the tab set, else the stack's routes.
    @ViewBuilder var content: some View {
        let navigation = model.navigation
        if let tabSet = stack.tabSet, let selection = navigation.selectionBinding(tabSet, as: SocialFlow.Tab.self) {
            TabView(selection: selection) {
                ForEach(SocialFlow.Tab.allCases, id: \.self) { tab in
                    Group {
                        if let tabStack = tabSet.stack(forTab: tab.rawValue) {
                            SocialStack(model: model, stack: tabStack)
                        } else {
                            // Not started yet: it starts when selected.
                            EmptyView()
                        }
                    }
                    .tabItem { Label(tab.title, systemImage: model.icon(tab)) }
                    .tag(tab)
                }
            }
        } else if let root = stack.root {
            NavigationStack(path: navigation.pathBinding(stack)) {
                screen(root)
                    .navigationDestination(for: Route.self) { screen($0) }
            }
        }
    }

    /// The view of one route: an exhaustive `switch` over the generated route enum, each case's typed
    /// route sending its own screen's events.
    @ViewBuilder func screen(_ route: Route) -> some View {
        switch stack.typed(route, as: SocialFlow.Route.self) {
        case .feed(.timeline(let timeline))?:
            VStack {
                Button("Open post 5") { timeline.send(.openPost(postID: 5)) }
                Button("Write a post") { timeline.send(.compose) }
                Button("My profile") { timeline.send(.showProfile) }
            }
            .navigationTitle("Feed")
        case .feed(.post(_, let postID))?, .search(.post(_, let postID))?:
            Text("Post \(postID)").navigationTitle("Post")
        case .feed(.compose(.compose(let compose)))?:
            VStack {
                Button("Preview") { compose.send(.preview(title: "Hello")) }
                Button("Cancel") { compose.send(.cancel) }
            }
            .navigationTitle("New post")
        case .feed(.compose(.preview(let preview, let title)))?:
            Button("Publish") { preview.send(.publish) }
                .navigationTitle(title)
        case .feed(.signIn(let signIn))?, .profile(.signIn(let signIn))?:
            SignInScreen(signIn: signIn)
        case .search(.query(let query))?:
            Button("Search \"swift\"") { query.send(.submit(query: "swift")) }
                .navigationTitle("Search")
        case .search(.results(let results, let text))?:
            Button("Open post 7") { results.send(.openPost(postID: 7)) }
                .navigationTitle(text)
        case .profile(.me(let me))?:
            VStack {
                Button("Settings") { me.send(.openSettings) }
                Button("Sign in") { me.send(.signIn) }
                Button("Feed") { me.send(.showFeed) }
            }
            .navigationTitle("Profile")
        case .profile(.settings)?:
            Text("Settings").navigationTitle("Settings")
        case nil:
            // The route left the stack in this very step (the stack re-renders without it).
            EmptyView()
        }
    }
}

/// The sign-in cover's screens (flow `signIn`, in the feed and profile tabs alike).
struct SignInScreen: View {
    let signIn: SignInFlow.Route

    var body: some View {
        switch signIn {
        case .credentials(let credentials):
            VStack {
                Button("Continue") { credentials.send(.submit) }
                Button("Cancel") { credentials.send(.cancel) }
            }
            .navigationTitle("Sign in")
        case .twoFactor(let twoFactor):
            // Leaving asks first (`removal: confirm`): the question appears over this cover.
            Button("Verify") { twoFactor.send(.verify) }
                .navigationTitle("Code")
        }
    }
}
#endif
