import FlowCompiler
import FlowDefinitions
import FlowModel
import FlowTestSupport
import Testing

/// Lowering names into indices, typing literals, and its errors for definitions that skipped validation.
struct GraphLoweringTests {
    static let here = SourceLocation(file: "test.yaml", line: 1, column: 1, offset: 0)
    static func name(_ text: String) -> Located<String> { Located(text, at: here) }
    static func show(_ target: String) -> ActionDefinition {
        ActionDefinition(.show(target: name(target), arguments: []), at: here)
    }
    static func screen(_ text: String, parameters: [ParameterDefinition] = [], events: [EventDefinition] = [])
        -> ScreenDefinition
    {
        ScreenDefinition(name: name(text), parameters: parameters, events: events)
    }
    static func parameter(_ text: String, _ type: ParameterType) -> ParameterDefinition {
        ParameterDefinition(name: name(text), type: Located(type, at: here))
    }
    static func push(_ target: String, literal: String) -> EventDefinition {
        EventDefinition(
            name: name("go"), parameters: [],
            action: ActionDefinition(
                .push(
                    screen: name(target),
                    arguments: [
                        ArgumentDefinition(name: name("count"), expression: .literal(literal), valueLocation: here)
                    ]), at: here))
    }

    @Test func literalsAreTypedByTheReceivingParameter() throws {
        let flow = FlowDefinition(
            name: Self.name("f"), start: Self.show("a"),
            screens: [
                Self.screen("a", events: [Self.push("b", literal: "7")]),
                Self.screen("b", parameters: [Self.parameter("count", .double)]),
            ])
        let bundle = try GraphLowering.lower([flow])
        #expect(
            bundle.flows[0].screens[0].events[0].action
                == .push(screen: 1, arguments: [ArgumentNode(name: "count", source: .literal(.double(7)))]))
        #expect(bundle.flows[0].start == .show(target: .screen(0), arguments: []))
    }

    /// A flow's screens are lowered in parallel runs of 2,048 and joined in order; of several bad
    /// screens, the first is reported, whatever the thread timing.
    @Test func manyScreensLowerInOrderAndReportTheFirstError() throws {
        func location(_ line: Int) -> FlowDefinitions.SourceLocation {
            FlowDefinitions.SourceLocation(file: "big.yaml", line: line, column: 1, offset: 0)
        }
        let count = 5_000
        var screens = (0..<count).map { index in
            Self.screen(
                "s\(index)", parameters: [Self.parameter("count", .int)],
                events: [Self.push("s\((index + 1) % count)", literal: "\(index)")])
        }
        let flow = FlowDefinition(name: Self.name("big"), start: Self.show("s0"), screens: screens)
        let graph = try GraphLowering.lower([flow]).flows[0]
        #expect(graph.screens.map(\.name) == (0..<count).map { "s\($0)" })
        #expect(
            graph.screens.map(\.events[0].action)
                == (0..<count).map { index in
                    .push(
                        screen: (index + 1) % count,
                        arguments: [ArgumentNode(name: "count", source: .literal(.int(index)))])
                })
        for bad in [4_500, 2_100, 2_047] {
            screens[bad].events[0].action = ActionDefinition(
                .push(screen: Located("nowhere", at: location(bad)), arguments: []), at: Self.here)
        }
        #expect(throws: GraphLoweringError("flow 'big' has no screen 'nowhere'", at: location(2_047))) {
            try GraphLowering.lower([FlowDefinition(name: Self.name("big"), start: Self.show("s0"), screens: screens)])
        }
    }

    @Test func badLiteralIsAnError() {
        let flow = FlowDefinition(
            name: Self.name("f"), start: Self.show("a"),
            screens: [
                Self.screen("a", events: [Self.push("b", literal: "07")]),
                Self.screen("b", parameters: [Self.parameter("count", .int)]),
            ])
        #expect(throws: GraphLoweringError("'07' is not a valid int for 'count'", at: Self.here)) {
            try GraphLowering.lower([flow])
        }
    }

    @Test func unresolvedNamesAreErrors() {
        let unknownScreen = FlowDefinition(name: Self.name("f"), start: Self.show("nowhere"))
        #expect(throws: GraphLoweringError("flow 'f' has no screen or child 'nowhere'", at: Self.here)) {
            try GraphLowering.lower([unknownScreen])
        }
        let unknownParameter = FlowDefinition(
            name: Self.name("f"), start: Self.show("a"),
            screens: [
                Self.screen("a", events: [Self.push("b", literal: "1")]), Self.screen("b"),
            ])
        #expect(throws: GraphLoweringError("no parameter 'count' receives this argument", at: Self.here)) {
            try GraphLowering.lower([unknownParameter])
        }
        let unknownFlow = FlowDefinition(
            name: Self.name("f"), start: Self.show("c"),
            children: [
                ChildDefinition(name: Self.name("c"), flow: Self.name("ghost"), handlers: [])
            ])
        #expect(throws: GraphLoweringError("no flow named 'ghost'", at: Self.here)) {
            try GraphLowering.lower([unknownFlow])
        }
        let twice = FlowDefinition(name: Self.name("f"), start: Self.show("a"), screens: [Self.screen("a")])
        #expect(throws: GraphLoweringError("flow 'f' is defined twice", at: Self.here)) {
            try GraphLowering.lower([twice, twice])
        }
        let badHandler = FlowDefinition(
            name: Self.name("p"), start: Self.show("c"),
            children: [
                ChildDefinition(
                    name: Self.name("c"), flow: Self.name("f"),
                    handlers: [
                        OutcomeHandler(outcome: Self.name("boom"), action: ActionDefinition(.stay, at: Self.here))
                    ])
            ])
        #expect(throws: GraphLoweringError("flow 'f' has no outcome 'boom'", at: Self.here)) {
            try GraphLowering.lower([badHandler, twice])
        }
        #expect(GraphLoweringError("m", at: Self.here).description == "test.yaml:1:1: error: m")
    }

    @Test func childHandlersAlignWithTheChildOutcomes() throws {
        let bundle = try Fixtures.shipped()
        let reading = try #require(bundle.flowIndex(named: "reading"))
        let edit = try #require(bundle.flowIndex(named: "edit"))
        let child = bundle.flows[reading].children[0]
        #expect(child.flow == edit)
        #expect(bundle.flows[edit].outcomes == ["saved", "discarded"])
        #expect(child.handlers == [.stay, .stay])
        #expect(bundle.flows[edit].screens[0].removal == .confirm)
        #expect(bundle.flows[edit].screens[0].confirmPrompt == "discardDraft")
        #expect(bundle.flows[edit].screens[0].confirmOutcome == 1)
        #expect(bundle.flows[reading].links[1].routes.map(\.target) == [.screen(0), .screen(1), .child(0)])
    }
}
