import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

@testable import FlowExplorer

/// The checks a debug build makes on every reuse of a state's view and key parts for the state a step left
/// (`StateView.isFresh(for:bundle:)`, `ExploredState.Key.agrees(_:copy:answers:pendingOrigin:reductions:)`):
/// each holds for the explorer's own reuse, and fails for a view or a key read that is not the fresh one,
/// as it would if the runtime changed an instance record in place.
@MainActor
struct ReuseCheckTests {
    /// The store; its cart is the one guarantee 8's tests dismiss (``InstanceReportGuaranteeTests/flows``).
    static let store = """
        flow: store
        start: catalog
        screens:
          catalog: { on: { details: { push: item }, openCart: { start: cart } } }
          item: {}
        children:
          cart: { flow: cart, presentation: sheet, on: { closed: stay } }
        """

    /// The copies of the store at its catalog, after a push (the same instance records) and after the cart
    /// starts (a record added).
    func copies() throws -> (
        bundle: FlowBundle, catalog: CoordinatorStateCopy, item: CoordinatorStateCopy,
        cart: CoordinatorStateCopy
    ) {
        let bundle = try Fixtures.bundle([Self.store, InstanceReportGuaranteeTests.flows[1]])
        let coordinator = try FlowCoordinator(bundle: bundle, flow: "store")
        coordinator.start()
        let catalog = coordinator.copyState()
        coordinator.send("details")
        let item = coordinator.copyState()
        coordinator.back()
        coordinator.send("openCart")
        return (bundle, catalog, item, coordinator.copyState())
    }

    @Test func aViewKeptForAStepThatKeptTheRecordsIsFreshAndOneKeptAcrossANewRecordIsNot() throws {
        let (bundle, catalog, item, cart) = try copies()
        #expect(item.hasSameInstances(as: catalog))
        let view = StateView(catalog, bundle: bundle)
        #expect(view.withInstances(of: item).isFresh(for: item, bundle: bundle))
        #expect(!cart.hasSameInstances(as: catalog))
        #expect(!view.withInstances(of: cart).isFresh(for: cart, bundle: bundle))
        #expect(view.withInstances(of: cart).live.count == 1)
        #expect(StateView(cart, bundle: bundle).live.count == 2)
    }

    @Test func aStepsKeyReadThroughItsStatesKeyAgreesWithTheKeyBuiltAfreshAndAnotherDoesNot() throws {
        let (_, catalog, item, cart) = try copies()
        let answers = HostAnswers(conditions: [], checks: [])
        let key = ExploredState.Key(copy: catalog, answers: answers, pendingOrigin: nil, reductions: .all)
        for copy in [catalog, item, cart] {
            let successor = key.successor(copy: copy, answers: answers, pendingOrigin: nil, reductions: .all)
            #expect(key.agrees(successor, copy: copy, answers: answers, pendingOrigin: nil, reductions: .all))
            #expect(successor.isThisKey == (copy == catalog))
        }
        let ofItem = key.successor(copy: item, answers: answers, pendingOrigin: nil, reductions: .all)
        // The item's fingerprints read as the cart's: what a record changed in place would give.
        #expect(!key.agrees(ofItem, copy: cart, answers: answers, pendingOrigin: nil, reductions: .all))
        let same = key.successor(copy: catalog, answers: answers, pendingOrigin: nil, reductions: .all)
        #expect(same.isThisKey)
        #expect(!key.agrees(ofItem, copy: catalog, answers: answers, pendingOrigin: nil, reductions: .all))
    }
}
