import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

@testable import FlowExplorer

/// Guarantee 13 (FC813, docs/RUNNING.md): no instance leaves without a word. The check is held to a step
/// that breaks it: the result of a real dismissal with its `removed` list taken away.
@MainActor
struct InstanceReportGuaranteeTests {
    static let flows = [
        """
        flow: store
        start: catalog
        screens:
          catalog: { on: { openCart: { start: cart } } }
        children:
          cart: { flow: cart, presentation: sheet, on: { closed: stay } }
        """,
        """
        flow: cart
        start: lines
        outcomes: [closed]
        screens:
          lines: { on: { close: { finish: closed } } }
        """,
    ]

    func violations(mutating: (inout StepResult) -> Void) throws -> [(Guarantee, String)] {
        let bundle = try Fixtures.bundle(Self.flows)
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "store")
        coordinator.start()
        coordinator.send("openCart")
        let before = StateView(coordinator.copyState(), bundle: bundle)
        var result = coordinator.dismiss()
        mutating(&result)
        let after = StateView(coordinator.copyState(), bundle: bundle)
        return GuaranteeChecks(
            before: before, command: .dismiss(nil), result: result, after: after, unchanged: false,
            pendingOrigin: nil
        ).violations(in: bundle)
    }

    @Test func aStepThatRemovesAnInstanceWithoutReportingItBreaksGuarantee8() throws {
        #expect(try violations { _ in }.isEmpty)
        let broken = try violations { $0.removed = [] }
        #expect(broken.map(\.0) == [.noInstanceLeavesSilently])
        #expect(broken.map(\.0.code) == ["FC813"])
        #expect(
            broken.map(\.1) == [
                "'dismiss' removed flow 'cart' (#2, child 'cart') without reporting it finished or removed"
            ])
        #expect(Guarantee.noInstanceLeavesSilently.number == 8)
    }
}
