import FlowModel
import FlowRuntime
import FlowScript

/// The script lines the explorer tries in a state: whatever a person, the host or the system can do
/// there (docs/RUNNING.md, "Checking flows").
@MainActor
struct ExplorationActions {
    let bundle: FlowBundle
    let rootFlow: Int

    /// Every host condition the root flow and the flows it can run as children (at any depth) declare:
    /// the others cannot change what this coordinator does.
    let conditionNames: [String]
    /// The root flow's deep links, each with witness placeholders.
    let linkURLs: [String]

    init(bundle: FlowBundle, rootFlow: Int) {
        self.bundle = bundle
        self.rootFlow = rootFlow
        var reached: Set<Int> = [rootFlow]
        var pending = [rootFlow]
        while let flow = pending.popLast() {
            for child in bundle.flows[flow].children where reached.insert(child.flow).inserted {
                pending.append(child.flow)
            }
        }
        conditionNames = Array(Set(reached.flatMap { bundle.flows[$0].conditions })).sorted()
        linkURLs = Array(Set(bundle.flows[rootFlow].links.map(ArgumentWitness.url(of:)))).sorted()
    }

    func lines(in coordinator: FlowCoordinator, trace: TraceLine?, conditions: [String: Bool]) -> [String] {
        var lines: [String] = []
        for name in conditionNames { lines.append("condition \(name) \(!(conditions[name] ?? false))") }
        for url in linkURLs { lines.append("open \(url)") }
        guard coordinator.status == .running else {
            lines.insert("start", at: 0)
            return lines
        }
        if coordinator.pendingConfirmation != nil {
            lines += ["confirm", "keep"]
        }
        let stacks = coordinator.stacks
        // Events: from the route on screen, and from the top route of every other shown stack.
        for (position, stack) in stacks.enumerated().reversed() {
            guard let top = stack.routes.last else { continue }
            let onScreen = position == stacks.count - 1
            lines += events(of: top, sentFrom: onScreen ? nil : top.token).map(\.line)
        }
        lines.append("back")
        for stack in stacks { lines.append("back 1 #\(stack.id.rawValue)") }
        if stacks.contains(where: \.isPresented) { lines.append("dismiss") }
        for tabSet in coordinator.tabSets {
            for tab in tabSet.tabs where tab != tabSet.selected { lines.append("select \(tab) #\(tabSet.id.rawValue)") }
        }
        if let tree = trace?.instances {
            for entry in Self.entries(of: tree) where entry.kept != true {
                guard let flow = bundle.flowIndex(named: entry.flow) else { continue }
                for (index, outcome) in bundle.flows[flow].outcomes.enumerated() {
                    let operands = ArgumentWitness.operands(bundle.flows[flow].parameters(ofOutcome: index)) ?? ""
                    lines.append("finish #\(entry.id) \(outcome)" + (operands.isEmpty ? "" : " \(operands)"))
                }
            }
        }
        lines.append("stop")
        return lines
    }

    /// `event` lines for every event of `route`'s screen: valid arguments (`valid` when surely so), and each
    /// breakable constraint broken.
    func events(of route: Route, sentFrom token: RouteToken?) -> [(line: String, event: String, valid: Bool)] {
        guard let flow = bundle.flowIndex(named: route.flow),
            let screen = bundle.flows[flow].screens.firstIndex(where: { $0.name == route.screen })
        else { return [] }
        var lines: [(line: String, event: String, valid: Bool)] = []
        let from = token.map { "@\($0.rawValue) " } ?? ""
        for event in bundle.flows[flow].screens[screen].events {
            var variants = [ArgumentWitness.operands(event.parameters)]
            for index in event.parameters.indices {
                variants.append(ArgumentWitness.operands(event.parameters, breaking: index))
            }
            for (index, operands) in variants.enumerated() {
                guard let operands else { continue }
                let line = "event \(from)\(event.name)" + (operands.isEmpty ? "" : " \(operands)")
                lines.append((line, event.name, index == 0 && ArgumentWitness.surelyValid(event.parameters)))
            }
        }
        return lines
    }

    /// Every entry of an instance tree, root first.
    nonisolated static func entries(of tree: InstanceTreeEntry) -> [InstanceTreeEntry] {
        var all: [InstanceTreeEntry] = []
        var pending = [tree]
        while let entry = pending.popLast() {
            all.append(entry)
            pending += entry.children.reversed()
        }
        return all
    }
}
