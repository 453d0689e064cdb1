import FlowCompiler
import FlowDefinitions

/// What a name in a flow file stands for, workspace-wide: the key that ties a declaration to its uses.
enum SymbolKey: Hashable, Sendable {
    case flow(String)
    case screen(flow: String, name: String)
    /// A child-flow declaration (a tab is one too).
    case child(flow: String, name: String)
    /// An outcome a flow declares (`outcomes:`); handlers of a child running that flow use it.
    case outcome(flow: String, name: String)
    case event(flow: String, screen: String, name: String)
    case parameter(owner: ParameterOwner, name: String)
    /// A host condition a flow declares (`conditions:`).
    case condition(flow: String, name: String)
    /// A host check named by a parameter (`check: bookExists`): never declared in a flow file.
    case check(String)
    /// A placeholder of a deep-link pattern.
    case placeholder(flow: String, pattern: String, name: String)

    /// The name as written.
    var name: String {
        switch self {
        case .flow(let name), .check(let name): name
        case .screen(_, let name), .child(_, let name), .outcome(_, let name), .event(_, _, let name),
            .parameter(_, let name), .condition(_, let name), .placeholder(_, _, let name):
            name
        }
    }

    /// What kind of name it is, in words ("screen", "child flow", …).
    var kindName: String {
        switch self {
        case .flow: "flow"
        case .screen: "screen"
        case .child: "child flow"
        case .outcome: "outcome"
        case .event: "event"
        case .parameter: "parameter"
        case .condition: "condition"
        case .check: "check"
        case .placeholder: "link placeholder"
        }
    }
}

/// Who declares a parameter.
enum ParameterOwner: Hashable, Sendable {
    case flow(String)
    case screen(flow: String, screen: String)
    case event(flow: String, screen: String, event: String)
    case outcome(flow: String, outcome: String)
}

/// One place a name is written: its declaration or a use.
struct Occurrence: Hashable, Sendable {
    var key: SymbolKey
    var path: String
    /// The bytes of the name alone (no quotes, no `$`).
    var range: Range<Int>
    var isDefinition: Bool
    /// For a use, where it stands ("event 'openPost' of screen 'timeline'", "deep link '/posts'"), for hover.
    var context: String?
}

/// Every declaration and use of a name in the analysed flows, by file and by key.
///
/// Built from the decoded definitions (what `flowc validate` read), so a name the decoder could not
/// read is not in it. A link route resolves as the runtime does: names after a child route address
/// that child's flow. `$name` resolves to the event's parameters, then the screen's, then the flow's
/// (docs/FORMAT.md, "Arguments"); in a child's outcome handler to the outcome's, then the flow's; in a
/// deep link to the pattern's placeholders.
struct SymbolIndex: Sendable {
    private(set) var byFile: [String: [Occurrence]] = [:]
    private(set) var byKey: [SymbolKey: [Occurrence]] = [:]
    let flowsByName: [String: FlowDefinition]

    init(flows: [FlowDefinition], texts: [String: [UInt8]]) {
        var byName: [String: FlowDefinition] = [:]
        for flow in flows where byName[flow.name.value] == nil { byName[flow.name.value] = flow }
        flowsByName = byName
        var tabParents: [String: [String]] = [:]
        for flow in flows {
            for tab in flow.tabs {
                if let child = flow.child(named: tab.name.value) {
                    tabParents[child.flow.value, default: []].append(flow.name.value)
                }
            }
        }
        for flow in flows {
            var builder = Builder(
                flow: flow, bytes: texts[flow.file] ?? [], flowsByName: byName,
                tabParents: tabParents[flow.name.value] ?? [])
            builder.collect()
            byFile[flow.file, default: []] += builder.occurrences
            for occurrence in builder.occurrences { byKey[occurrence.key, default: []].append(occurrence) }
        }
        for path in byFile.keys { byFile[path]!.sort { $0.range.lowerBound < $1.range.lowerBound } }
    }

    /// The occurrence whose name holds byte `offset` of `path` (its end included, where a cursor
    /// after the last letter stands).
    func occurrence(at offset: Int, in path: String) -> Occurrence? {
        byFile[path]?.first { $0.range.contains(offset) || $0.range.upperBound == offset }
    }

    /// The declarations of `key` (more than one when it is declared twice; none for a check).
    func definitions(of key: SymbolKey) -> [Occurrence] { (byKey[key] ?? []).filter(\.isDefinition) }

    /// Every occurrence of `key`, declarations first, then uses, each in file and offset order.
    func occurrences(of key: SymbolKey) -> [Occurrence] {
        (byKey[key] ?? []).sorted { lhs, rhs in
            if lhs.isDefinition != rhs.isDefinition { return lhs.isDefinition }
            return (lhs.path, lhs.range.lowerBound) < (rhs.path, rhs.range.lowerBound)
        }
    }

    /// The occurrences of `path`'s declarations of `kind`, before `offset`, nearest last.
    func definitions(in path: String, before offset: Int, where include: (SymbolKey) -> Bool) -> [Occurrence] {
        (byFile[path] ?? []).filter { $0.isDefinition && $0.range.lowerBound <= offset && include($0.key) }
    }
}

/// Collects one flow's occurrences.
private struct Builder {
    let flow: FlowDefinition
    let bytes: [UInt8]
    let flowsByName: [String: FlowDefinition]
    /// The flows that run this one as a tab.
    let tabParents: [String]
    var occurrences: [Occurrence] = []

    var flowName: String { flow.name.value }

    mutating func collect() {
        add(.flow(flowName), flow.name, definition: true)
        for parameter in flow.parameters { addParameter(parameter, owner: .flow(flowName)) }
        for condition in flow.conditions {
            add(.condition(flow: flowName, name: condition.value), condition, definition: true)
        }
        for outcome in flow.outcomes { add(.outcome(flow: flowName, name: outcome.value), outcome, definition: true) }
        for (outcome, parameters) in flow.outcomeParameters {
            for parameter in parameters { addParameter(parameter, owner: .outcome(flow: flowName, outcome: outcome)) }
        }
        visit(flow.start, scope: [.flow(flowName)], context: "the flow's start")
        for screen in flow.screens {
            let screenName = screen.name.value
            add(.screen(flow: flowName, name: screenName), screen.name, definition: true)
            let screenOwner = ParameterOwner.screen(flow: flowName, screen: screenName)
            for parameter in screen.parameters { addParameter(parameter, owner: screenOwner) }
            if let outcome = screen.removal?.outcome {
                add(
                    .outcome(flow: flowName, name: outcome.value), outcome, context: "removal of screen '\(screenName)'"
                )
            }
            for event in screen.events {
                let eventName = event.name.value
                add(.event(flow: flowName, screen: screenName, name: eventName), event.name, definition: true)
                let eventOwner = ParameterOwner.event(flow: flowName, screen: screenName, event: eventName)
                for parameter in event.parameters { addParameter(parameter, owner: eventOwner) }
                visit(
                    event.action, scope: [eventOwner, screenOwner, .flow(flowName)],
                    context: "event '\(eventName)' of screen '\(screenName)'")
            }
        }
        for child in flow.children {
            let childName = child.name.value
            add(.child(flow: flowName, name: childName), child.name, definition: true)
            add(.flow(child.flow.value), child.flow, context: "child '\(childName)' of flow '\(flowName)'")
            for handler in child.handlers {
                let outcome = handler.outcome.value
                add(
                    .outcome(flow: child.flow.value, name: outcome), handler.outcome,
                    context: "handler in child '\(childName)' of flow '\(flowName)'")
                visit(
                    handler.action, scope: [.outcome(flow: child.flow.value, outcome: outcome), .flow(flowName)],
                    context: "the handler of '\(outcome)' from child '\(childName)'")
            }
        }
        for tab in flow.tabs {
            add(.child(flow: flowName, name: tab.name.value), tab.name, context: "tabs of flow '\(flowName)'")
            let receiver = flow.child(named: tab.name.value).map { ParameterOwner.flow($0.flow.value) }
            addArguments(
                tab.arguments, receiver: receiver, scope: [.flow(flowName)], context: "tab '\(tab.name.value)'")
        }
        if let fallback = flow.linkFallback {
            add(.screen(flow: flowName, name: fallback.value), fallback, context: "linkFallback")
        }
        if let redirect = flow.linkPolicy?.redirect {
            add(.screen(flow: flowName, name: redirect.value), redirect, context: "linkPolicy redirect")
        }
        for link in flow.links { visit(link) }
    }

    mutating func visit(_ link: DeepLinkDefinition) {
        let pattern = link.pattern.value
        for placeholder in link.placeholders {
            add(
                .placeholder(flow: flowName, pattern: pattern, name: placeholder.name.value), placeholder.name,
                definition: true)
        }
        for condition in link.guardConditions {
            add(.condition(flow: flowName, name: condition.value), condition, context: "deep link '\(pattern)'")
        }
        for routes in link.routeLists {
            var current: FlowDefinition? = flow
            for route in routes.routes {
                let name = route.name.value
                guard let addressed = current else { break }
                let context = "deep link '\(pattern)'"
                let scope = [ParameterOwner]()
                if addressed.screen(named: name) != nil || addressed.child(named: name) == nil {
                    add(.screen(flow: addressed.name.value, name: name), route.name, context: context)
                    addArguments(
                        route.arguments, receiver: .screen(flow: addressed.name.value, screen: name), scope: scope,
                        context: context, placeholders: pattern)
                } else if let child = addressed.child(named: name) {
                    add(.child(flow: addressed.name.value, name: name), route.name, context: context)
                    addArguments(
                        route.arguments, receiver: .flow(child.flow.value), scope: scope, context: context,
                        placeholders: pattern)
                    current = flowsByName[child.flow.value]
                }
            }
            if let continueOn = link.otherwise?.continueOn, routes.routes == link.otherwise?.routes {
                // The outcome of the guarding flow: the flow of the last child route.
                if let guarding = lastChildFlow(of: routes.routes) {
                    add(.outcome(flow: guarding, name: continueOn.value), continueOn, context: "deep link '\(pattern)'")
                }
            }
        }
    }

    /// The flow the last child route of `routes` runs.
    func lastChildFlow(of routes: [LinkRouteDefinition]) -> String? {
        var current: FlowDefinition? = flow
        var last: String?
        for route in routes {
            guard let addressed = current else { break }
            if addressed.screen(named: route.name.value) == nil, let child = addressed.child(named: route.name.value) {
                last = child.flow.value
                current = flowsByName[child.flow.value]
            }
        }
        return last
    }

    mutating func visit(_ action: ActionDefinition, scope: [ParameterOwner], context: String) {
        switch action.kind {
        case .push(let screen, let arguments):
            add(.screen(flow: flowName, name: screen.value), screen, context: "\(context) (push)")
            addArguments(
                arguments, receiver: .screen(flow: flowName, screen: screen.value), scope: scope, context: context)
        case .startChild(let child, let arguments):
            add(.child(flow: flowName, name: child.value), child, context: "\(context) (start)")
            addArguments(arguments, receiver: childReceiver(child.value), scope: scope, context: context)
        case .popTo(let screen):
            add(.screen(flow: flowName, name: screen.value), screen, context: "\(context) (popTo)")
        case .replaceRoot(let target, let arguments):
            addTarget(target, arguments: arguments, scope: scope, context: "\(context) (replaceRoot)")
        case .show(let target, let arguments):
            addTarget(target, arguments: arguments, scope: scope, context: context)
        case .finish(let outcome, let arguments):
            add(.outcome(flow: flowName, name: outcome.value), outcome, context: "\(context) (finish)")
            addArguments(
                arguments, receiver: .outcome(flow: flowName, outcome: outcome.value), scope: scope, context: context)
        case .conditional(let condition, let then, let otherwise):
            add(.condition(flow: flowName, name: condition.value), condition, context: context)
            visit(then, scope: scope, context: context)
            visit(otherwise, scope: scope, context: context)
        case .select(let tab), .selectShowing(let tab, _):
            if flow.tab(named: tab.value) != nil {
                add(.child(flow: flowName, name: tab.value), tab, context: "\(context) (select)")
            } else if let parent = tabParents.first(where: { flowsByName[$0]?.tab(named: tab.value) != nil }) {
                add(.child(flow: parent, name: tab.value), tab, context: "\(context) (select)")
            }
        case .pop, .stay:
            break
        }
    }

    func childReceiver(_ name: String) -> ParameterOwner? {
        flow.child(named: name).map { .flow($0.flow.value) }
    }

    mutating func addTarget(
        _ target: Located<String>, arguments: [ArgumentDefinition], scope: [ParameterOwner], context: String
    ) {
        if flow.screen(named: target.value) == nil, flow.child(named: target.value) != nil {
            add(.child(flow: flowName, name: target.value), target, context: context)
            addArguments(arguments, receiver: childReceiver(target.value), scope: scope, context: context)
        } else {
            add(.screen(flow: flowName, name: target.value), target, context: context)
            addArguments(
                arguments, receiver: .screen(flow: flowName, screen: target.value), scope: scope, context: context)
        }
    }

    mutating func addParameter(_ parameter: ParameterDefinition, owner: ParameterOwner) {
        add(.parameter(owner: owner, name: parameter.name.value), parameter.name, definition: true)
        if let check = parameter.check {
            add(.check(check.value), check, context: "parameter '\(parameter.name.value)'")
        }
    }

    /// Each argument's name (a parameter of `receiver`) and each `$name` value (resolved in `scope`, or
    /// among the placeholders of the link with `placeholders` as its pattern).
    mutating func addArguments(
        _ arguments: [ArgumentDefinition], receiver: ParameterOwner?, scope: [ParameterOwner], context: String,
        placeholders pattern: String? = nil
    ) {
        for argument in arguments {
            if let receiver {
                add(.parameter(owner: receiver, name: argument.name.value), argument.name, context: context)
            }
            guard case .reference(let name) = argument.expression else { continue }
            let located = Located(name, at: argument.valueLocation)
            if let pattern {
                add(.placeholder(flow: flowName, pattern: pattern, name: name), located, context: context)
            } else if let owner = scope.first(where: { declares($0, name) }) ?? scope.last {
                add(.parameter(owner: owner, name: name), located, context: context)
            }
        }
    }

    /// Whether `owner` declares a parameter `name`.
    func declares(_ owner: ParameterOwner, _ name: String) -> Bool {
        switch owner {
        case .flow(let flowName):
            return flowsByName[flowName]?.parameters.contains { $0.name.value == name } ?? false
        case .screen(let flowName, let screen):
            return flowsByName[flowName]?.screen(named: screen)?.parameters.contains { $0.name.value == name } ?? false
        case .event(let flowName, let screen, let event):
            return flowsByName[flowName]?.screen(named: screen)?.events.first { $0.name.value == event }?.parameters
                .contains { $0.name.value == name } ?? false
        case .outcome(let flowName, let outcome):
            return flowsByName[flowName]?.parameters(ofOutcome: outcome).contains { $0.name.value == name } ?? false
        }
    }

    mutating func add(_ key: SymbolKey, _ name: Located<String>, definition: Bool = false, context: String? = nil) {
        guard name.location.file == flow.file, name.location.copiedFrom == nil else { return }
        guard let range = NameRange.find(name.value, near: name.location.offset, in: bytes) else { return }
        occurrences.append(
            Occurrence(key: key, path: flow.file, range: range, isDefinition: definition, context: context))
    }
}

/// Where a name is written, from the offset its location gives (which may stand on an opening quote,
/// a `$`, or a `{` of a link placeholder).
enum NameRange {
    /// The bytes of `name` at `offset` or up to three bytes after it, standing alone (no name character
    /// just before or after); nil when it is not there (a name written with escapes, or through an alias).
    static func find(_ name: String, near offset: Int, in bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(name.utf8)
        guard !needle.isEmpty else { return nil }
        for start in offset...(offset + 3) where start >= 0 && start + needle.count <= bytes.count {
            guard bytes[start..<start + needle.count].elementsEqual(needle) else { continue }
            let end = start + needle.count
            if start > 0, start > offset, isNameByte(bytes[start - 1]) { continue }
            if end < bytes.count, isNameByte(bytes[end]) { continue }
            return start..<end
        }
        return nil
    }

    /// Whether a byte may continue a name (letters, digits, `_`, `-`, `.`, and any non-ASCII byte).
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
