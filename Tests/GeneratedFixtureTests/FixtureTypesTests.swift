import FlowModel
import FlowRuntime
import Foundation
import Testing

/// The code FlowcPlugin generated from this target's Flows/ (every parameter type, defaults, outcomes,
/// conditions, checks and Swift keywords as names), called as a host would.
@MainActor
struct FixtureTypesTests {
    final class Shop: Flows.Host {
        var isPremium = true
        var `if` = false
        var askedConditions: [String] = []
        func inStock(_ value: Int) -> Bool { value != 13 }
        func inStock(_ value: String) -> Bool { value != "gone" }
    }

    /// The shown path typed, each route written with its typed arguments (`default(itemID: 5, …)`); each
    /// typed route carries the very route it was made from.
    func typedPath(_ coordinator: FlowCoordinator) throws -> [String] {
        let typed = try coordinator.path.map { try CatalogFlow.Route($0, in: coordinator) }
        #expect(typed.map(\.route) == coordinator.path)
        return typed.map(describe)
    }

    func describe(_ route: CatalogFlow.Route) -> String {
        switch route {
        case .welcome: "welcome"
        case .shelf: "shelf"
        case .default(_, let itemID, let price, let title, let gift):
            "default(itemID: \(itemID), price: \(price), title: \(title), gift: \(gift))"
        case .results(_, let query, let page): "results(query: \(query), page: \(page))"
        case .checkout(.payment(_, let total)): "checkout.payment(total: \(total))"
        case .`self`(.`Any`(_, let this, let type, let `inout`, let underscore, let `in`)):
            "self.Any(self: \(this), Type: \(type), inout: \(`inout`), _: \(underscore), in: \(`in`))"
        case .`self`(.default(_, let this, let `let`, let `var`)):
            "self.default(Self: \(this), let: \(`let`), var: \(`var`))"
        }
    }

    @Test func theGeneratedFileIsTheGoldenOne() throws {
        // FlowCodegenTests keeps Tests/Fixtures/generated/fixture.swift.golden exact; the plugin made the same file.
        var golden = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { golden.deleteLastPathComponent() }
        let text = try String(
            contentsOf: golden.appendingPathComponent("Fixtures/generated/fixture.swift.golden"), encoding: .utf8)
        #expect(text.contains("    public static let contentHash = \"\(Flows.contentHash)\"\n"))
    }

    @Test func rootArgumentsAreTypedWithTheirDefaults() throws {
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        #expect(coordinator.rootArguments == ["region": .string("eu"), "limit": .int(20)])
        let chosen = try CatalogFlow.coordinator(region: "us", limit: 100, host: Shop())
        #expect(chosen.rootArguments == ["region": .string("us"), "limit": .int(100)])
        #expect(
            throws: GeneratedFlowError.coordinator(
                .constraintViolated(
                    receiver: "flow 'catalog'", name: "limit", message: "101 is greater than the maximum 100"))
        ) {
            try CatalogFlow.coordinator(limit: 101, host: Shop())
        }
    }

    @Test func conditionsComeFromTheHostProtocol() throws {
        let shop = Shop()
        shop.isPremium = false
        let welcome = try CatalogFlow.coordinator(host: shop)
        welcome.start()
        #expect(try typedPath(welcome) == ["welcome"])
        shop.if = true
        let shelf = try CatalogFlow.coordinator(host: shop)
        shelf.start()
        #expect(try typedPath(shelf) == ["shelf"])
        #expect(welcome.send(CatalogFlow.WelcomeEvent.continue) == .applied)
        #expect(try typedPath(welcome) == ["shelf"])
    }

    @Test func everyParameterTypeTravelsTypedWithDefaults() throws {
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        coordinator.start()
        #expect(coordinator.send(CatalogFlow.Event.shelf(.open(itemID: 5))) == .applied)
        #expect(
            try typedPath(coordinator) == [
                "shelf", "default(itemID: 5, price: 9.99, title: Untitled \"draft\" é, gift: false)",
            ])
        #expect(coordinator.send(CatalogFlow.DefaultEvent.back) == .applied)
        #expect(coordinator.send(CatalogFlow.ShelfEvent.open(itemID: 6, price: 0, title: "T", gift: true)) == .applied)
        #expect(try typedPath(coordinator).last == "default(itemID: 6, price: 0.0, title: T, gift: true)")
        #expect(
            coordinator.path.last?.arguments == [
                "itemID": .int(6), "price": .double(0), "title": .string("T"), "gift": .bool(true),
            ])
        coordinator.back()
        #expect(coordinator.send(CatalogFlow.ShelfEvent.search(self: "dune")) == .applied)
        #expect(try typedPath(coordinator).last == "results(query: dune, page: 1)")
        #expect(coordinator.send(CatalogFlow.Event.results(.in(Type: 3))) == .applied)
        #expect(try typedPath(coordinator).last == "default(itemID: 3, price: 1.5, title: found, gift: true)")
    }

    @Test func aTypedEventIsRefusedFromARouteOfAnotherScreen() throws {
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        coordinator.start()
        #expect(
            coordinator.send(CatalogFlow.ResultsEvent.back)
                == StepResult(
                    .rejected,
                    .eventOfAnotherScreen(
                        event: "catalog.results.back", route: "catalog.shelf")))
        coordinator.send(CatalogFlow.ShelfEvent.open(itemID: 5))
        let shelf = coordinator.path[0].token
        // `back` of `default` from the shelf route below it: the shelf declares no `back`, and says so.
        #expect(
            coordinator.send(CatalogFlow.DefaultEvent.back, from: shelf)
                == StepResult(
                    .rejected,
                    .eventOfAnotherScreen(
                        event: "catalog.default.back", route: "catalog.shelf")))
        let closed = coordinator.send(CatalogFlow.ShelfEvent.close, from: shelf)
        #expect(closed == .applied)
        #expect(coordinator.status == .finished(outcome: "closed"))
        #expect(try closed.finished.map(CatalogFlow.Outcome.init) == [.closed])
    }

    @Test func aChildFlowIsTypedBelowItsDeclarationAndFinishesWithTypedOutcomes() throws {
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        coordinator.start()
        coordinator.send(CatalogFlow.ShelfEvent.open(itemID: 5, price: 12.5))
        #expect(coordinator.send(CatalogFlow.DefaultEvent.checkout) == .applied)
        #expect(try typedPath(coordinator).last == "checkout.payment(total: 12.5)")
        let checkout = try #require(coordinator.instance(coordinator.path[2].instance))
        #expect(
            checkout.finish(CatalogFlow.Outcome.closed)
                == StepResult(.rejected, .unknownOutcome(flow: "checkout", outcome: "catalog.closed")))
        // Outcome data is checked like any argument: constraints, then the host check.
        #expect(
            checkout.finish(CheckoutFlow.Outcome.paid(receipt: "X-1")).reason
                == .constraintViolated(
                    receiver: "outcome 'paid' of flow 'checkout'", name: "receipt",
                    message: "\"X-1\" does not match the pattern \"R-[0-9]+\""))
        let paid = checkout.finish(CheckoutFlow.Outcome.paid(receipt: "R-42", tip: 1))
        #expect(paid == .applied)
        #expect(try paid.finished.map(CheckoutFlow.Outcome.init) == [.paid(receipt: "R-42", tip: 1)])
        #expect(try typedPath(coordinator) == ["shelf"])
        #expect(CheckoutFlow.Outcome.paid(receipt: "R-1").arguments == ["receipt": .string("R-1"), "tip": .double(0)])
        #expect(CheckoutFlow.Outcome.return.name == "return")
        #expect(throws: GeneratedFlowError.unknownOutcome("flow 'checkout' finished, not flow 'catalog'")) {
            try CatalogFlow.Outcome(paid.finished[0])
        }

        // A typed event carries the outcome's data from the screen.
        coordinator.send(CatalogFlow.ShelfEvent.open(itemID: 5))
        coordinator.send(CatalogFlow.DefaultEvent.checkout)
        let byEvent = coordinator.send(CheckoutFlow.PaymentEvent.pay(receipt: "R-7"))
        #expect(try byEvent.finished.map(CheckoutFlow.Outcome.init) == [.paid(receipt: "R-7", tip: 0)])
    }

    @Test func keywordNamedScreensParametersAndOutcomesRoundTripTyped() throws {
        // Flows/self.yaml: a flow, screens, parameters, an event and outcomes named like Swift keywords.
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        coordinator.start()
        #expect(coordinator.send(CatalogFlow.ShelfEvent.keywords) == .applied)
        #expect(
            try typedPath(coordinator) == ["shelf", "self.Any(self: 1, Type: t, inout: true, _: 2.5, in: 0)"])
        #expect(coordinator.send(SelfFlow.AnyEvent.repeat) == .applied)
        #expect(try typedPath(coordinator).last == "self.default(Self: 1, let: 2, var: 3)")
        coordinator.back()
        let finished = coordinator.send(SelfFlow.AnyEvent.`init`(Self: 7))
        #expect(
            try finished.finished.map(SelfFlow.Outcome.init) == [
                SelfFlow.Outcome.`init`(self: 7, Type: "t", `inout`: true, `_`: 2.5)
            ])
        // The `init` handler passes the outcome's keyword-named values on.
        #expect(try typedPath(coordinator) == ["shelf", "default(itemID: 7, price: 2.5, title: t, gift: true)"])
    }

    @Test func checksOfEachTypeComeFromTheHostProtocol() throws {
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        #expect(
            coordinator.open("/items/13").reason
                == .checkFailed(
                    receiver: "screen 'default' of flow 'catalog'", name: "itemID", check: "inStock", value: .int(13)))
        #expect(coordinator.open("/items/5") == .applied)
        #expect(try typedPath(coordinator) == ["shelf", "default(itemID: 5, price: 2.5, title: linked, gift: true)"])
        coordinator.back()
        #expect(
            coordinator.send(CatalogFlow.ShelfEvent.search(self: "gone")).reason
                == .checkFailed(
                    receiver: "screen 'results' of flow 'catalog'", name: "query", check: "inStock",
                    value: .string("gone")))
        #expect(coordinator.send(CatalogFlow.ShelfEvent.search(self: "dune")) == .applied)
    }

    @Test func routesOfAnotherCoordinatorRootOrBundleAreRefused() throws {
        let coordinator = try CatalogFlow.coordinator(host: Shop())
        coordinator.start()
        let other = try CatalogFlow.coordinator(host: Shop())
        other.start()
        #expect(throws: GeneratedFlowError.routeNotOnPath("catalog.shelf")) {
            try CatalogFlow.Route(other.path[0], in: coordinator)
        }
        let checkout = try CheckoutFlow.coordinator(total: 3, host: Shop())
        checkout.start()
        guard case .payment(let payment, let total) = try CheckoutFlow.Route(checkout.path[0], in: checkout) else {
            Issue.record("not the payment route")
            return
        }
        #expect(payment.route == checkout.path[0])
        #expect(total == 3)
        #expect(throws: GeneratedFlowError.otherRootFlow(expected: "catalog", found: "checkout")) {
            try CatalogFlow.Route(checkout.path[0], in: checkout)
        }
        // The same flows with one screen more: another content hash.
        var flows = try Flows.bundle().flows
        flows[1].screens.append(ScreenNode(name: "receipt"))
        let changed = try FlowCoordinator(
            bundle: FlowBundle(flows: flows), flow: "catalog", host: Flows.flowHost(Shop()))
        changed.start()
        #expect(
            throws: GeneratedFlowError.bundleMismatch(expected: Flows.contentHash, found: changed.bundle.contentHash)
        ) {
            try CatalogFlow.Route(changed.path[0], in: changed)
        }
        #expect(
            changed.send(CatalogFlow.ShelfEvent.close)
                == StepResult(
                    .rejected,
                    .bundleMismatch(
                        expected: Flows.contentHash, found: changed.bundle.contentHash)))
    }

    @Test func aShippedBundleFileIsCheckedAgainstTheCode() throws {
        let bundle = try Flows.bundle()
        #expect(try Flows.bundle(from: BundleCodec.encode(bundle)) == bundle)
        var flows = bundle.flows
        flows[0].outcomes.append("gone")
        let other = FlowBundle(flows: flows)
        #expect(throws: GeneratedFlowError.bundleMismatch(expected: Flows.contentHash, found: other.contentHash)) {
            try Flows.bundle(from: BundleCodec.encode(other))
        }
        #expect(throws: GeneratedFlowError.bundle(.notABundle)) { try Flows.bundle(from: Array("flow: x\n".utf8)) }
    }

    @Test func tabsCarryTheirTitlesAndIconsAndStartWithTheirArguments() throws {
        #expect(StoreFlow.Tab.allCases == [.basket, .extras, .help])
        #expect(StoreFlow.Tab.allCases.map(\.title) == ["Basket \"now\"", "Extras", "help"])
        #expect(StoreFlow.Tab.allCases.map(\.icon) == ["cart", nil, nil])
        let coordinator = try StoreFlow.coordinator(host: Shop())
        coordinator.start()
        #expect(coordinator.select(StoreFlow.Tab.extras) == .applied)
        #expect(coordinator.instance(coordinator.path[0].instance)?.arguments["inout"] == .bool(true))
        #expect(coordinator.open(StoreFlow.Link.help()) == .applied)
        #expect(coordinator.rootStack?.tabSet?.selected == "help")
        #expect(coordinator.select(StoreFlow.Tab.basket) == .applied)
        let bar = try #require(coordinator.rootStack?.tabSet)
        let basket = try #require(bar.stack(forTab: "basket"))
        guard case .basket(.payment(let payment, let total)) = try basket.typedRoutes(StoreFlow.Route.self)[0] else {
            Issue.record("not the payment")
            return
        }
        #expect(total == 1.5)
        // The checkout tab finishes: this flow's outcome, typed, from the step's result.
        let paid = payment.send(.pay(receipt: "R-9"))
        #expect(try paid.outcome(CheckoutFlow.Outcome.self) == .paid(receipt: "R-9", tip: 0))
        #expect(try paid.outcome(CatalogFlow.Outcome.self) == nil)
        #expect(StoreFlow.Link.basket() == "/basket")
        #expect(StoreFlow.Link.help() == "/help")
        #expect(Flows.Condition.allCases.map(\.rawValue) == ["if", "isPremium"])
    }
}
