import FlowModel
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

@MainActor
struct SnapshotTests {
    @Test func snapshotRoundTripsThroughJSON() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        coordinator.open("/books/7/edit")
        let snapshot = coordinator.snapshot()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        #expect(
            json
                == #"{"bundleHash":"\#(try Fixtures.shipped().contentHash)","instances":[{"arguments":{},"flow":"reading","routes":[{"arguments":{},"screen":"library"},{"arguments":{"bookID":7},"screen":"details"}]},{"arguments":{"bookID":7},"child":"edit","flow":"edit","routes":[{"arguments":{"bookID":7},"screen":"editor"}]}]}"#
        )
        let decoded = try JSONDecoder().decode(FlowSnapshot.self, from: Data(json.utf8))
        #expect(decoded == snapshot)

        let other = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        #expect(other.restore(decoded) == .applied)
        #expect(other.screens == coordinator.screens)
        #expect(other.instanceFlows == ["reading", "edit"])
        #expect(other.send("save") == .applied)
        #expect(other.screens == ["reading.library", "reading.details(bookID: 7)"])
    }

    @Test func restoreValidatesEverything() throws {
        let host = TestHost()
        host.checks = ["bookExists": ["9": false]]
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading", host: host.host)
        coordinator.start()
        let before = coordinator.path
        func snapshot(_ instances: [FlowSnapshot.Instance]) -> FlowSnapshot { FlowSnapshot(instances: instances) }
        let library = FlowSnapshot.RouteEntry(screen: "library")
        #expect(
            coordinator.restore(snapshot([])) == StepResult(.rejected, .invalidSnapshot("it has no flow instances")))
        #expect(
            coordinator.restore(snapshot([.init(child: nil, flow: "posts", routes: [])]))
                == StepResult(.rejected, .invalidSnapshot("its root flow is 'posts', not 'reading'")))
        #expect(
            coordinator.restore(snapshot([.init(child: nil, flow: "reading", routes: [.init(screen: "shelf")])]))
                == StepResult(.rejected, .invalidSnapshot("flow 'reading' has no screen 'shelf'")))
        #expect(
            coordinator.restore(
                snapshot([
                    .init(
                        child: nil, flow: "reading",
                        routes: [library, .init(screen: "details", arguments: ["bookID": .int(9)])])
                ]))
                == StepResult(
                    .rejected,
                    .checkFailed(
                        receiver: "screen 'details' of flow 'reading'", name: "bookID", check: "bookExists",
                        value: .int(9))))
        #expect(
            coordinator.restore(
                snapshot([
                    .init(child: nil, flow: "reading", routes: [library]),
                    .init(child: "write", flow: "edit", routes: []),
                ]))
                == StepResult(.rejected, .invalidSnapshot("flow 'reading' declares no child 'write'")))
        #expect(
            coordinator.restore(
                snapshot([
                    .init(child: nil, flow: "reading", routes: [library]),
                    .init(child: "edit", flow: "posts", routes: []),
                ]))
                == StepResult(.rejected, .invalidSnapshot("child 'edit' runs flow 'edit', not 'posts'")))
        #expect(
            coordinator.restore(
                snapshot([
                    .init(child: nil, flow: "reading", routes: [library]),
                    .init(child: "edit", flow: "edit", arguments: ["bookID": .int(2)], routes: []),
                ]))
                == StepResult(
                    .rejected, .invalidSnapshot("in flow 'reading', screen 'library' never starts child 'edit'")))
        let details = FlowSnapshot.RouteEntry(screen: "details", arguments: ["bookID": .int(2)])
        #expect(
            coordinator.restore(
                snapshot([
                    .init(child: nil, flow: "reading", routes: [library, details]),
                    .init(child: "edit", flow: "edit", arguments: ["bookID": .int(2)], routes: []),
                ]))
                == StepResult(.rejected, .instanceWithoutRoute(flow: "edit")))
        #expect(coordinator.path == before)
    }
}

/// Restoring refuses states no step could reach, in which the flows can get stuck.
@MainActor
struct SnapshotReachabilityTests {
    @Test func aFlowWithoutTheScreenItStartsWithIsRefused() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        // Before: restored as [edit.editor] with reading owning no route; saving the draft was then refused
        // forever ("the step would leave flow 'reading' without a route").
        let stuck = FlowSnapshot(instances: [
            .init(child: nil, flow: "reading", routes: []),
            .init(
                child: "edit", flow: "edit", arguments: ["bookID": .int(3)],
                routes: [.init(screen: "editor", arguments: ["bookID": .int(3)])]),
        ])
        #expect(
            coordinator.restore(stuck)
                == StepResult(
                    .rejected,
                    .invalidSnapshot(
                        "flow 'reading' never shows child 'edit' first (an instance without routes of its own must have started that child)"
                    )))
        #expect(coordinator.status == .idle)
        // A child must begin with what its start shows.
        let edit = FlowSnapshot(instances: [
            .init(child: nil, flow: "app", routes: []),
            .init(child: "auth", flow: "auth", routes: [.init(screen: "resetPassword")]),
        ])
        let signedOut = TestHost()
        signedOut.conditions = ["hasOnboarded": true]
        let app = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app", host: signedOut.host)
        #expect(
            app.restore(edit)
                == StepResult(.rejected, .invalidSnapshot("flow 'auth' never shows screen 'resetPassword' first")))
    }

    @Test func everyReachableFirstRouteIsAccepted() throws {
        // The root may begin where a deep link begins; app shows main or auth by replaceRoot too.
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "app")
        for child in ["onboarding", "auth", "main"] {
            coordinator.stop()
            let host = TestHost()
            host.conditions = ["hasOnboarded": child != "onboarding", "isLoggedIn": child == "main"]
            coordinator.host = host.host
            coordinator.start()
            let snapshot = coordinator.snapshot()
            #expect(coordinator.restore(snapshot) == .applied, "\(child)")
            #expect(coordinator.snapshot() == snapshot)
        }
    }
}

extension SnapshotReachabilityTests {
    @Test func aRootEntryNamingAChildSaysSo() throws {
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        // Before: "its root flow is 'reading', not 'reading'".
        let snapshot = FlowSnapshot(instances: [
            .init(child: "edit", flow: "reading", routes: [.init(screen: "library")])
        ])
        #expect(
            coordinator.restore(snapshot)
                == StepResult(.rejected, .invalidSnapshot("its first instance is the root flow, not child 'edit'")))
    }
}
