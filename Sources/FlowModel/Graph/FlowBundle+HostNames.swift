extension FlowBundle {
    /// Every host condition a flow of the bundle declares (`conditions:`), sorted: what a host (or a
    /// `flowc run` script) can be asked.
    package var conditionNames: [String] { Set(flows.flatMap(\.conditions)).sorted() }

    /// Every host check a parameter of the bundle names (`check:`: flows', screens', events' and
    /// outcomes' parameters), sorted.
    package var checkNames: [String] {
        var names = Set<String>()
        func add(_ parameters: [ParameterNode]) {
            for parameter in parameters { if let check = parameter.constraints.check { names.insert(check) } }
        }
        for flow in flows {
            add(flow.parameters)
            for screen in flow.screens {
                add(screen.parameters)
                for event in screen.events { add(event.parameters) }
            }
            for outcome in flow.outcomes.indices { add(flow.parameters(ofOutcome: outcome)) }
        }
        return names.sorted()
    }
}
