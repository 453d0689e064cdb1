import Foundation
import Testing

/// What the generated API turns into compile errors: the golden Swift of the shipped flows
/// (Tests/Fixtures/generated/Flows.swift.golden), type-checked by `swiftc` against the FlowRuntime and
/// FlowModel modules `swift test` built, beside code that misuses it: a misspelt or mistyped event, an
/// event of another screen sent from a screen's typed route, a misspelt tab, the string forms of tab
/// selection and of sending (not public), a missing screen case and a missing host member.
@Suite struct GeneratedAPIMisuseTests {
    @Test func aMisspeltEventAnotherScreensEventAMisspeltTabOrAMissingCaseDoesNotCompile() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = FlowcProcess.packageRoot + "/Tests/Fixtures/generated/Flows.swift.golden"
        try FileManager.default.copyItem(atPath: golden, toPath: folder.path + "/Flows.swift")
        try """
        import FlowRuntime

        @MainActor func misuse(_ stack: FlowStackModel, navigation: FlowNavigation, tabs: FlowTabSetModel) throws {
            switch try stack.typedRoutes(ReadingFlow.Route.self)[0] {
            case .library(let library):
                library.send(.selectBok(bookID: 7))
                library.send(.selectBook(bookID: "7"))
                library.send(.edit)
            case .details(let details, _):
                details.send(.selectBook(bookID: 7))
            }
            _ = EditFlow.Outcome.savd
            navigation.selectTab(SocialFlow.Tab.serach, of: tabs)
            navigation.coordinator.select(tab: "search")
            navigation.coordinator.send(ReadingFlow.DetailsEvent.edit, from: stack.routes[0].token)
        }

        final class Library: Flows.Host {
            var hasOnboarded = true
            var isLoggedIn = true
            var isSignedIn = true
            func bookExists(_ value: Int) -> Bool { true }
            func noteExists(_ value: Int) -> Bool { true }
        }

        """.write(toFile: folder.path + "/Misuse.swift", atomically: true, encoding: .utf8)
        let swiftc = try #require(
            FlowcProcess.swiftc(),
            "no 'swiftc' on PATH; the test type-checks generated code with the toolchain's swiftc")
        let result = try FlowcProcess.run(
            ["-typecheck", "-swift-version", "6", "-I", FlowcProcess.builtModules, "Flows.swift", "Misuse.swift"],
            environment: ["HOME": ProcessInfo.processInfo.environment["HOME"] ?? ""], executable: swiftc,
            in: folder.path)
        #expect(result.status == 1)
        // In line order (swiftc reports the conformance first).
        let errors = (result.standardOutput + result.standardError).split(separator: "\n")
            .filter { $0.contains(": error: ") }
            .map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
            .sorted { (Self.line(of: $0), $0) < (Self.line(of: $1), $1) }
        #expect(
            errors == [
                "Misuse.swift:4:5: error: switch must be exhaustive",
                "Misuse.swift:6:23: error: type 'ReadingFlow.LibraryEvent' has no member 'selectBok'",
                "Misuse.swift:7:42: error: cannot convert value of type 'String' to expected argument type 'Int'",
                "Misuse.swift:8:23: error: type 'ReadingFlow.LibraryEvent' has no member 'edit'",
                "Misuse.swift:10:23: error: type 'ReadingFlow.DetailsEvent' has no member 'selectBook'",
                "Misuse.swift:12:26: error: type 'EditFlow.Outcome' has no member 'savd'",
                "Misuse.swift:13:41: error: type 'SocialFlow.Tab' has no member 'serach'",
                "Misuse.swift:14:28: error: instance method 'select(_:in:)' requires that 'String' conform to 'FlowTab'",
                "Misuse.swift:14:34: error: extraneous argument label 'tab:' in call",
                "Misuse.swift:15:58: error: cannot convert value of type 'ReadingFlow.DetailsEvent' to expected argument type 'String'",
                "Misuse.swift:18:13: error: type 'Library' does not conform to protocol 'Flows.Host'",
            ], "\(result.standardOutput)\(result.standardError)")
    }

    /// The line number of a `FILE:LINE:COLUMN: error: …` line.
    static func line(of diagnostic: String) -> Int {
        let parts = diagnostic.split(separator: ":")
        return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }
}
