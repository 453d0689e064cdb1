import FlowModel
import FlowRuntime

/// One change of a snapshot that restore's checks must see: a route swapped for another screen of its
/// flow, added or removed; an argument changed to a value that breaks a constraint or that no literal
/// passes; a child instance dropped or moved; a tab selection changed or a kept tab dropped; a held link
/// moved, dropped or continuing on another outcome.
struct SnapshotMutation {
    /// What changed, for messages.
    var change: String
    var snapshot: FlowSnapshot
    /// A refusal must name (in quotes) one of these: the screen, child, tab, parameter or link changed.
    var reasonNames: [String]
    /// The change may be one some step makes that exploration did not try: a value a `$name` passes.
    var mayBeBuilt = false

    /// Where a list of instances sits in a snapshot: the chain, or a kept tab of an instance of a list.
    private typealias ListPath = [(instance: Int, tab: String)]

    /// Every mutation of `snapshot`, in a fixed order. `passed`: the receivers' parameters some `$name` passes.
    static func all(of snapshot: FlowSnapshot, in bundle: FlowBundle, passed: Set<String>) -> [SnapshotMutation] {
        var found: [SnapshotMutation] = []
        var paths: [ListPath] = [[]]
        var next = 0
        while next < paths.count {
            let path = paths[next]
            next += 1
            let list = Self.list(at: path, in: snapshot)
            for (position, instance) in list.enumerated() {
                for tab in (instance.otherTabs ?? [:]).keys.sorted() { paths.append(path + [(position, tab)]) }
            }
            let parentFlow: String? = path.last.map { last in
                Self.list(at: Array(path.dropLast()), in: snapshot)[last.instance].flow
            }
            found += mutations(of: list, parentFlow: parentFlow, in: bundle, passed: passed).map { mutation in
                var changed = snapshot
                Self.setList(mutation.list, at: path, in: &changed)
                let place = path.isEmpty ? "" : " in kept tab " + path.map { "'\($0.tab)'" }.joined(separator: " › ")
                return SnapshotMutation(
                    change: mutation.change + place, snapshot: changed, reasonNames: mutation.names,
                    mayBeBuilt: mutation.mayBeBuilt)
            }
        }
        return found
    }

    private static func list(at path: ListPath, in snapshot: FlowSnapshot) -> [FlowSnapshot.Instance] {
        var list = snapshot.instances
        for step in path { list = list[step.instance].otherTabs?[step.tab] ?? [] }
        return list
    }

    private static func setList(_ new: [FlowSnapshot.Instance], at path: ListPath, in snapshot: inout FlowSnapshot) {
        guard let first = path.first else {
            snapshot.instances = new
            return
        }
        var inner = FlowSnapshot(instances: snapshot.instances[first.instance].otherTabs?[first.tab] ?? [])
        setList(new, at: Array(path.dropFirst()), in: &inner)
        snapshot.instances[first.instance].otherTabs?[first.tab] = inner.instances
    }

    private struct ListMutation {
        var change: String
        var list: [FlowSnapshot.Instance]
        var names: [String]
        var mayBeBuilt = false
    }

    /// The mutations of one list of instances (`parentFlow`: the tab flow a kept tab's list runs under).
    private static func mutations(
        of list: [FlowSnapshot.Instance], parentFlow: String?, in bundle: FlowBundle, passed: Set<String>
    ) -> [ListMutation] {
        var found: [ListMutation] = []
        for (position, instance) in list.enumerated() {
            guard let flowIndex = bundle.flowIndex(named: instance.flow) else { continue }
            let graph = bundle.flows[flowIndex]
            let label = "instance \(position + 1) (flow '\(instance.flow)')"
            func changed(_ edit: (inout FlowSnapshot.Instance) -> Void) -> [FlowSnapshot.Instance] {
                var copy = list
                edit(&copy[position])
                return copy
            }
            let above = list.indices.contains(position + 1) ? list[position + 1].child : nil
            for (index, route) in instance.routes.enumerated() {
                let routeLabel = "route \(index + 1) '\(route.screen)' of \(label)"
                for screen in graph.screens where screen.name != route.screen {
                    let entry = FlowSnapshot.RouteEntry(
                        screen: screen.name, arguments: filled(screen.parameters, from: route.arguments))
                    found.append(
                        ListMutation(
                            change: "\(routeLabel) swapped for '\(screen.name)'",
                            list: changed { $0.routes[index] = entry }, names: [screen.name]))
                }
                if let screen = graph.screens.first(where: { $0.name == route.screen }) {
                    for parameter in screen.parameters {
                        let current = route.arguments[parameter.name] ?? parameter.defaultValue
                        for (value, breaks) in changedValues(of: parameter, from: current) {
                            found.append(
                                ListMutation(
                                    change:
                                        "\(routeLabel): '\(parameter.name)' \(current.map { "\($0)" } ?? "unset") → \(value)",
                                    list: changed { $0.routes[index].arguments[parameter.name] = value },
                                    names: breaks ? [parameter.name] : [route.screen, parameter.name],
                                    mayBeBuilt: !breaks
                                        && passed.contains("\(graph.name).\(screen.name).\(parameter.name)")))
                        }
                    }
                }
                let neighbours = [
                    index > 0 ? instance.routes[index - 1].screen : nil,
                    index + 1 < instance.routes.count ? instance.routes[index + 1].screen : nil,
                    index + 1 == instance.routes.count ? above : nil, instance.flow, route.screen,
                ].compactMap { $0 }
                found.append(
                    ListMutation(
                        change: "\(routeLabel) removed", list: changed { $0.routes.remove(at: index) },
                        names: neighbours))
            }
            for index in 0...instance.routes.count {
                for screen in graph.screens {
                    let entry = FlowSnapshot.RouteEntry(
                        screen: screen.name, arguments: filled(screen.parameters, from: [:]))
                    found.append(
                        ListMutation(
                            change: "'\(screen.name)' added as route \(index + 1) of \(label)",
                            list: changed { $0.routes.insert(entry, at: index) }, names: [screen.name]))
                }
            }
            if let child = instance.child {
                let parent = position > 0 ? list[position - 1].flow : parentFlow ?? ""
                for parameter in graph.parameters {
                    let current = instance.arguments[parameter.name] ?? parameter.defaultValue
                    for (value, breaks) in changedValues(of: parameter, from: current) {
                        found.append(
                            ListMutation(
                                change:
                                    "\(label): argument '\(parameter.name)' \(current.map { "\($0)" } ?? "unset") → \(value)",
                                list: changed { $0.arguments[parameter.name] = value },
                                names: breaks ? [parameter.name] : [child, parameter.name],
                                mayBeBuilt: !breaks && passed.contains("\(parent).>\(child).\(parameter.name)")))
                    }
                }
            }
            if position > 0 {
                var dropped = list
                dropped.remove(at: position)
                found.append(
                    ListMutation(
                        change: "\(label) dropped", list: dropped,
                        names: [instance.child, above, list[position - 1].flow, instance.flow].compactMap { $0 }))
                if position + 1 < list.count {
                    var moved = list
                    moved.swapAt(position, position + 1)
                    found.append(
                        ListMutation(
                            change: "\(label) moved above the next", list: moved,
                            names: [instance.child, above, instance.flow, list[position + 1].flow].compactMap { $0 }))
                }
            }
            if let selected = instance.selectedTab {
                for tab in graph.tabs.map({ graph.children[$0.child].name }) where tab != selected {
                    found.append(
                        ListMutation(
                            change: "\(label) selects '\(tab)', not '\(selected)'",
                            list: changed { $0.selectedTab = tab },
                            names: [tab, selected, above].compactMap { $0 }))
                }
            }
            for tab in (instance.otherTabs ?? [:]).keys.sorted() {
                found.append(
                    ListMutation(
                        change: "kept tab '\(tab)' of \(label) dropped",
                        list: changed {
                            $0.otherTabs?[tab] = nil
                            if $0.otherTabs?.isEmpty == true { $0.otherTabs = nil }
                        }, names: [tab]))
            }
            if let pending = instance.pendingLink {
                for outcome in graph.outcomes where outcome != pending.continueOn {
                    found.append(
                        ListMutation(
                            change: "\(label): pending link continues on '\(outcome)'",
                            list: changed { $0.pendingLink?.continueOn = outcome }, names: [outcome, pending.url]))
                }
                found.append(
                    ListMutation(
                        change: "\(label): pending link dropped", list: changed { $0.pendingLink = nil },
                        names: [pending.url]))
                if position > 0 {
                    var moved = list
                    moved[position].pendingLink = nil
                    moved[position - 1].pendingLink = pending
                    found.append(
                        ListMutation(
                            change: "\(label): pending link moved to the instance below", list: moved,
                            names: [pending.url, pending.continueOn]))
                }
            }
            if !instance.queuedLinks.isEmpty {
                found.append(
                    ListMutation(
                        change: "\(label): queued links dropped", list: changed { $0.queuedLinks = [] },
                        names: instance.queuedLinks))
                for other in list.indices where other != position {
                    var moved = list
                    moved[other].queuedLinks += moved[position].queuedLinks
                    moved[position].queuedLinks = []
                    found.append(
                        ListMutation(
                            change: "\(label): queued links moved to instance \(other + 1)", list: moved,
                            names: [list[other].flow]))
                }
            }
        }
        return found
    }

    /// Arguments for `parameters`: the ones `arguments` has of the same type, a default left out, else a
    /// value that meets the constraints that are easy to meet (a minimum, a list, a length).
    private static func filled(_ parameters: [ParameterNode], from arguments: [String: Value]) -> [String: Value] {
        var values: [String: Value] = [:]
        for parameter in parameters {
            if let value = arguments[parameter.name], value.type == parameter.type {
                values[parameter.name] = value
                continue
            }
            guard parameter.defaultValue == nil else { continue }
            let constraints = parameter.constraints
            if let allowed = constraints.allowedValues?.first {
                values[parameter.name] = allowed
                continue
            }
            switch parameter.type {
            case .int: values[parameter.name] = .int(Int(constraints.minimum ?? 1))
            case .double: values[parameter.name] = .double(constraints.minimum ?? 1)
            case .bool: values[parameter.name] = .bool(false)
            case .string:
                values[parameter.name] = .string(String(repeating: "a", count: max(1, constraints.minimumLength ?? 1)))
            }
        }
        return values
    }

    /// Values for `parameter` other than `current`: each that breaks one of its constraints (true), and
    /// one that meets them but that no literal gives (false).
    private static func changedValues(of parameter: ParameterNode, from current: Value?) -> [(Value, Bool)] {
        let constraints = parameter.constraints
        var values: [(Value, Bool)] = []
        switch parameter.type {
        case .int:
            if let minimum = constraints.minimum { values.append((.int(Int(minimum.rounded(.up)) - 1), true)) }
            if let maximum = constraints.maximum { values.append((.int(Int(maximum.rounded(.down)) + 1), true)) }
            if let allowed = constraints.allowedValues {
                values.append(
                    (.int((allowed.compactMap { if case .int(let v) = $0 { v } else { nil } }.max() ?? 0) + 1), true))
            }
            if case .int(let value)? = current, constraints.allowedValues == nil {
                let shifted = value + 7_919
                if constraints.maximum.map({ Double(shifted) <= $0 }) ?? true { values.append((.int(shifted), false)) }
            }
        case .double:
            if let minimum = constraints.minimum { values.append((.double(minimum - 1), true)) }
            if let maximum = constraints.maximum { values.append((.double(maximum + 1), true)) }
            if case .double(let value)? = current, constraints.allowedValues == nil {
                let shifted = value + 0.5
                if constraints.maximum.map({ shifted <= $0 }) ?? true { values.append((.double(shifted), false)) }
            }
        case .string:
            if constraints.allowedValues != nil { values.append((.string("~not listed"), true)) }
            if let minimum = constraints.minimumLength, minimum > 0 { values.append((.string(""), true)) }
            if let maximum = constraints.maximumLength {
                values.append((.string(String(repeating: "a", count: maximum + 1)), true))
            }
            if case .string(let value)? = current, constraints.allowedValues == nil, constraints.pattern == nil,
                constraints.maximumLength.map({ value.count + 1 <= $0 }) ?? true
            {
                values.append((.string(value + "z"), false))
            }
        case .bool:
            if case .bool(let value)? = current { values.append((.bool(!value), false)) }
        }
        return values.filter { $0.0 != current }
    }
}
