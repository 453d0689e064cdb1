import FlowDefinitions
import FlowModel
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCompiler
@testable import FlowRuntime

/// The validator's definition-level analysis (`NavigationIndex`, `LinkConditionReport`: it runs on
/// invalid input too, so it stays) and the runtime's step graph (``StepGraph``, read from the compiled
/// bundle) give the same answers on every valid fixture: which screens and children each flow reaches,
/// what it shows first, what each screen's events and each handler push or start, the tabs, and the
/// conditions each link's routes need.
struct StepGraphAgreementTests {
    static let root = Fixtures.flowsFolder + "/.."

    /// Each fixture set: `Flows/`, each file or folder of `Tests/Fixtures/valid`, the generated fixture's flows.
    static func fixtureSets() throws -> [String] {
        let valid = root + "/Tests/Fixtures/valid"
        let entries = try FileManager.default.contentsOfDirectory(atPath: valid).sorted()
        return ["Flows"] + entries.map { "Tests/Fixtures/valid/" + $0 } + ["Tests/GeneratedFixtureTests/Flows"]
    }

    @Test func theValidatorAndTheStepGraphAgreeOnEveryValidFixture() throws {
        let sets = try Self.fixtureSets()
        #expect(sets.count == 12)
        var compared = 0
        var mismatches: [String] = []
        for set in sets {
            let result = try FlowValidation.validate(paths: [Self.root + "/" + set])
            #expect(!result.hasErrors, "\(set) does not validate")
            let bundle = try GraphLowering.lower(result.flows)
            let answers = Self.answers(
                validator: FlowCatalog(result.flows), graph: StepGraph(bundle: bundle), bundle: bundle)
            for (item, validator, graph) in answers {
                compared += 1
                if validator != graph {
                    mismatches.append("\(set), \(item): the validator says [\(validator)], the step graph [\(graph)]")
                }
            }
        }
        #expect(mismatches == [])
        #expect(compared == 408)
    }

    /// The answers to compare, each as (item, the validator's, the step graph's), names sorted.
    static func answers(validator catalog: FlowCatalog, graph: StepGraph, bundle: FlowBundle) -> [(
        String, String, String
    )] {
        var answers: [(String, String, String)] = []
        let links = LinkConditionReport.entries(in: catalog)
        for flow in catalog.uniqueFlows {
            guard let index = bundle.flowIndex(named: flow.name.value) else {
                answers.append(("flow '\(flow.name.value)'", "defined", "not in the bundle"))
                continue
            }
            let compiled = bundle.flows[index]
            let steps = graph.flows[index]
            let navigation = catalog.navigation(of: flow)
            func name(_ target: TargetNode) -> String {
                switch target {
                case .screen(let screen): compiled.screens[screen].name
                case .child(let child): compiled.children[child].name
                }
            }
            func names<S: Sequence<TargetNode>>(_ targets: S) -> String {
                Set(targets.map(name)).sorted().joined(separator: ", ")
            }
            func sorted<S: Sequence<String>>(_ names: S) -> String { Set(names).sorted().joined(separator: ", ") }
            let label = "flow '\(flow.name.value)'"
            let declared = flow.screens.map(\.name.value) + flow.children.map(\.name.value)
            answers.append(
                (
                    "\(label) reaches", sorted(declared.filter { navigation.reachable.contains($0) }),
                    names(steps.reachable)
                ))
            answers.append(
                (
                    "\(label) starts at", sorted(navigation.startTargets.map(\.value)),
                    names(steps.start.leaves.compactMap(\.shown))
                ))
            answers.append(
                ("\(label) shows first", sorted(navigation.firstRouteTargets), names(steps.shownFirstBySteps)))
            answers.append(
                ("\(label) tabs", sorted(flow.tabs.map(\.name.value)), names(steps.tabs.map { .child($0.child) })))
            for (position, screen) in flow.screens.enumerated() {
                guard let node = navigation.node(named: screen.name.value),
                    let compiledScreen = compiled.screens.firstIndex(where: { $0.name == screen.name.value })
                else { continue }
                let validator = navigation.oneStepTargets(ofNode: node).map { Int($0) }.map { node in
                    navigation.isScreen(node)
                        ? navigation.screensByName.elements[node].name.value
                        : navigation.childrenByName.elements[node - navigation.screensByName.elements.count].name.value
                }
                answers.append(
                    (
                        "\(label) screen '\(screen.name.value)' (#\(position)) pushes or starts", sorted(validator),
                        names(steps.pushedByEvents[compiledScreen])
                    ))
            }
            for child in flow.children {
                guard let declaration = compiled.children.firstIndex(where: { $0.name == child.name.value }) else {
                    continue
                }
                let outcomes = bundle.flows[compiled.children[declaration].flow].outcomes
                for handler in child.handlers {
                    guard let outcome = outcomes.firstIndex(of: handler.outcome.value) else { continue }
                    let validator = handler.action.alternatives.compactMap { alternative -> String? in
                        switch alternative.kind {
                        case .push(let target, _), .startChild(let target, _): target.value
                        default: nil
                        }
                    }
                    answers.append(
                        (
                            "\(label) handler '\(handler.outcome.value)' of child '\(child.name.value)' pushes or starts",
                            sorted(validator), names(steps.handlers[declaration][outcome].leaves.compactMap(\.pushed))
                        ))
                }
            }
            for entry in links where entry.flow == flow.name.value {
                guard let link = compiled.links.first(where: { $0.pattern == entry.pattern.value }) else {
                    answers.append(("\(label) link '\(entry.pattern.value)'", "declared", "not compiled"))
                    continue
                }
                func describe(_ choices: [(flow: Int, choice: StepChoice)]) -> String {
                    choices.map { "\(bundle.flows[$0.flow].conditions[$0.choice.condition]) is \($0.choice.answer)" }
                        .joined(separator: ", ")
                }
                func describe(_ requirements: [LinkConditionReport.Requirement]) -> String {
                    requirements.map { "\($0.condition) is \($0.value)" }.joined(separator: ", ")
                }
                answers.append(
                    (
                        "\(label) link '\(entry.pattern.value)' routes need", describe(entry.routes),
                        describe(graph.choices(along: link.routes, from: index, in: bundle))
                    ))
                if let otherwise = entry.otherwise, let routes = link.otherwise?.routes {
                    answers.append(
                        (
                            "\(label) link '\(entry.pattern.value)' otherwise needs", describe(otherwise),
                            describe(graph.choices(along: routes, from: index, in: bundle))
                        ))
                }
            }
        }
        return answers
    }
}
