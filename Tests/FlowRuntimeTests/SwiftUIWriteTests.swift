import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// The bindings driven the way SwiftUI documents that it writes them, through the public object API a
/// host uses: `NavigationStack(path:)` writes the path without the routes the person popped
/// (https://developer.apple.com/documentation/swiftui/navigationstack: "the stack … updates the path"),
/// `.sheet(item:)` writes nil when the person swipes the sheet down, `TabView(selection:)` writes the
/// tapped tab's tag, and `.confirmationDialog(isPresented:)` runs the tapped button's action, then writes
/// false ("the system sets this value to false, dismissing the dialog").
@MainActor
struct SwiftUIWriteTests {
    /// A notes app whose draft, in a sheet, asks before it goes.
    static let flows = [
        """
        flow: notes
        start: list
        screens:
          list: { on: { write: { start: draft } } }
        children:
          draft: { flow: draft, presentation: sheet, on: { saved: stay, discarded: stay } }
        """,
        """
        flow: draft
        start: editor
        outcomes: [saved, discarded]
        screens:
          editor:
            removal: { policy: confirm, ask: discardDraft, outcome: discarded }
            on:
              save: { finish: saved }
              format: { push: formatting }
          formatting: { on: { done: { pop: 1 } } }
        """,
    ]

    func notes() throws -> FlowNavigation {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle(Self.flows), flow: "notes")
        coordinator.start()
        return FlowNavigation(coordinator)
    }

    @Test func aPopWritesTheShorterPath() throws {
        let navigation = try notes()
        #expect(navigation.coordinator.send("write") == .applied)
        let root = try #require(navigation.rootStack)
        let sheet = try #require(root.sheet)
        #expect(navigation.coordinator.send("format") == .applied)
        let path = navigation.path(binding: sheet)
        #expect(path.wrappedValue.map(\.screen) == ["formatting"])
        // The back button: SwiftUI removes the last element and writes the array back.
        var popped = path.wrappedValue
        popped.removeLast()
        path.wrappedValue = popped
        #expect(navigation.lastResult == .applied)
        #expect(sheet.routes.map(\.screen) == ["editor"])
        #expect(path.wrappedValue == [])
        // A written path that is not the stack's without its top (a push from the UI) is refused and read back.
        let editor = sheet.routes[0]
        path.wrappedValue = [editor]
        #expect(navigation.lastResult == StepResult(.rejected, .notAPrefix))
        #expect(path.wrappedValue == [])
        #expect(navigation.refusals == 1)
    }

    @Test func aSwipeDownWritesNilAndIsHeldWhileTheSheetAsks() throws {
        let navigation = try notes()
        #expect(navigation.coordinator.send("write") == .applied)
        let root = try #require(navigation.rootStack)
        let item = navigation.sheet(binding: root)
        let sheet = try #require(item.wrappedValue)
        // The sheet's editor asks before it goes: the host disables the interactive dismissal ...
        #expect(sheet.asksBeforeRemoval)
        #expect(!root.asksBeforeRemoval)
        // ... and should SwiftUI write nil anyway, the coordinator holds the dismissal for the question,
        // which belongs over the sheet, not over the root.
        item.wrappedValue = nil
        #expect(navigation.lastResult == StepResult(.pending))
        #expect(item.wrappedValue === sheet)
        let pending = try #require(navigation.confirmation(on: sheet))
        #expect(pending.prompt == "discardDraft")
        #expect(navigation.confirmation(on: root) == nil)
        let presented = navigation.isConfirmationPresented(on: sheet)
        #expect(presented.wrappedValue)
        #expect(!navigation.isConfirmationPresented(on: root).wrappedValue)
        // "Keep editing": the button's action, then SwiftUI writes false: nothing more happens.
        #expect(navigation.coordinator.keepEditing() == .applied)
        presented.wrappedValue = false
        #expect(item.wrappedValue === sheet)
        #expect(sheet.isAlive)
        #expect(!presented.wrappedValue)
        // Swiped again and confirmed: the sheet goes, and the false SwiftUI writes after the button changes nothing.
        item.wrappedValue = nil
        #expect(navigation.coordinator.confirmRemoval().status == .applied)
        presented.wrappedValue = false
        #expect(item.wrappedValue == nil)
        #expect(!sheet.isAlive)
        #expect(root.routes.map(\.screen) == ["list"])
    }

    @Test func aDialogDismissedWithoutAnAnswerKeepsTheScreen() throws {
        let navigation = try notes()
        #expect(navigation.coordinator.send("write") == .applied)
        let root = try #require(navigation.rootStack)
        let sheet = try #require(root.sheet)
        navigation.sheet(binding: root).wrappedValue = nil
        #expect(navigation.confirmation(on: sheet) != nil)
        // Tapped outside the dialog: SwiftUI writes false with no button's action first.
        navigation.isConfirmationPresented(on: sheet).wrappedValue = false
        #expect(navigation.lastResult == .applied)
        #expect(navigation.coordinator.pendingConfirmation == nil)
        #expect(root.sheet === sheet)
    }

    @Test func aTabTapWritesTheSelection() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "social", host: host.host)
        coordinator.start()
        let navigation = FlowNavigation(coordinator)
        defer { withExtendedLifetime(host) {} }
        let tabSet = try #require(navigation.rootStack?.tabSet)
        // The generated `SocialFlow.Tab` is not linked here: a tab enum of the same flow stands for it.
        let selection = try #require(navigation.selection(binding: tabSet, as: SocialTab.self))
        #expect(selection.wrappedValue == .feed)
        selection.wrappedValue = .search
        #expect(navigation.lastResult == .applied)
        #expect(tabSet.selected == "search")
        #expect(selection.wrappedValue == .search)
        #expect(tabSet.stack(forTab: "search")?.routes.map(\.screen) == ["query"])
        // UIKit reports the tapped position.
        navigation.selectTab(at: 2, of: tabSet)
        #expect(tabSet.selected == "profile")
        navigation.selectTab(at: 3, of: tabSet)
        #expect(navigation.lastResult == StepResult(.rejected, .unknownTab(flow: "social", tab: "#3")))
        #expect(selection.wrappedValue == .profile)
    }

    /// The tabs of `social`, as `flowc generate swift` writes them.
    enum SocialTab: String, FlowTab {
        case feed, search, profile
        static var tabFlow: String { "social" }
        var title: String { rawValue }
        var icon: String? { nil }
    }
}
