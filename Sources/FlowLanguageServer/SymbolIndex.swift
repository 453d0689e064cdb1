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
/// that child's flow. A `$name` resolves as validation resolves it (``ReferenceResolver``, whose
/// ``ReferenceScope`` owns the rule); one that resolves to nothing is not in the index.
struct SymbolIndex: Sendable {
    private(set) var byFile: [String: [Occurrence]] = [:]
    private(set) var byKey: [SymbolKey: [Occurrence]] = [:]
    /// Where each place that decides a `$name`'s scope begins (an event's, a handler's or a link's name;
    /// a screen's or child's, which start the flow's scope again), by file, in offset order.
    private var sites: [String: [(offset: Int, site: ReferenceSite)]] = [:]
    let flowsByName: [String: FlowDefinition]
    /// What `$name` references resolve to, as validation resolves them.
    let resolver: ReferenceResolver

    init(flows: [FlowDefinition], texts: [String: [UInt8]]) {
        let resolver = ReferenceResolver(flows: flows)
        self.resolver = resolver
        let byName = resolver.flowsByName
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
                flow: flow, bytes: texts[flow.file] ?? [], flowsByName: byName, resolver: resolver,
                tabParents: tabParents[flow.name.value] ?? [])
            builder.collect()
            byFile[flow.file, default: []] += builder.occurrences
            sites[flow.file, default: []] += builder.sites
            for occurrence in builder.occurrences { byKey[occurrence.key, default: []].append(occurrence) }
        }
        for path in byFile.keys { byFile[path]!.sort { $0.range.lowerBound < $1.range.lowerBound } }
        for path in sites.keys { sites[path]!.sort { $0.offset < $1.offset } }
    }

    /// The place whose `$name` scope holds byte `offset` of `path`: the nearest one that begins before it
    /// (the flow's when none does).
    func site(at offset: Int, in path: String) -> ReferenceSite {
        (sites[path] ?? []).last { $0.offset <= offset }?.site ?? .flow
    }

    /// The occurrence whose name holds byte `offset` of `path` (its end included, where a cursor
    /// after the last letter stands).
    func occurrence(at offset: Int, in path: String) -> Occurrence? {
        byFile[path]?.first { $0.range.contains(offset) || $0.range.upperBound == offset }
    }

    /// `key` and the keys that share a use with it, transitively: a `$name` in the handler of a child that
    /// several screens start stands for the parameter each of them declares, so renaming one renames all.
    func linkedKeys(of key: SymbolKey) -> [SymbolKey] {
        var keys = [key]
        var seen: Set<SymbolKey> = [key]
        var index = 0
        while index < keys.count {
            for use in byKey[keys[index]] ?? [] where !use.isDefinition {
                for other in byFile[use.path] ?? []
                where other.range == use.range && !other.isDefinition && seen.insert(other.key).inserted {
                    keys.append(other.key)
                }
            }
            index += 1
        }
        return keys
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
    let resolver: ReferenceResolver
    /// The flows that run this one as a tab.
    let tabParents: [String]
    var occurrences: [Occurrence] = []
    var sites: [(offset: Int, site: ReferenceSite)] = []

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
        visit(flow.start, site: .flow, context: "the flow's start")
        for (screenIndex, screen) in flow.screens.enumerated() {
            let screenName = screen.name.value
            add(.screen(flow: flowName, name: screenName), screen.name, definition: true)
            mark(screen.name, .flow)
            let screenOwner = ParameterOwner.screen(flow: flowName, screen: screenName)
            for parameter in screen.parameters { addParameter(parameter, owner: screenOwner) }
            if let outcome = screen.removal?.outcome {
                add(
                    .outcome(flow: flowName, name: outcome.value), outcome, context: "removal of screen '\(screenName)'"
                )
            }
            for (eventIndex, event) in screen.events.enumerated() {
                let eventName = event.name.value
                add(.event(flow: flowName, screen: screenName, name: eventName), event.name, definition: true)
                mark(event.name, .event(screen: screenIndex, event: eventIndex))
                let eventOwner = ParameterOwner.event(flow: flowName, screen: screenName, event: eventName)
                for parameter in event.parameters { addParameter(parameter, owner: eventOwner) }
                visit(
                    event.action, site: .event(screen: screenIndex, event: eventIndex),
                    context: "event '\(eventName)' of screen '\(screenName)'")
            }
        }
        for (childIndex, child) in flow.children.enumerated() {
            let childName = child.name.value
            add(.child(flow: flowName, name: childName), child.name, definition: true)
            mark(child.name, .flow)
            add(.flow(child.flow.value), child.flow, context: "child '\(childName)' of flow '\(flowName)'")
            for (handlerIndex, handler) in child.handlers.enumerated() {
                let outcome = handler.outcome.value
                mark(handler.outcome, .handler(child: childIndex, handler: handlerIndex))
                add(
                    .outcome(flow: child.flow.value, name: outcome), handler.outcome,
                    context: "handler in child '\(childName)' of flow '\(flowName)'")
                visit(
                    handler.action, site: .handler(child: childIndex, handler: handlerIndex),
                    context: "the handler of '\(outcome)' from child '\(childName)'")
            }
        }
        for tab in flow.tabs {
            add(.child(flow: flowName, name: tab.name.value), tab.name, context: "tabs of flow '\(flowName)'")
            let receiver = flow.child(named: tab.name.value).map { ParameterOwner.flow($0.flow.value) }
            addArguments(tab.arguments, receiver: receiver, site: .flow, context: "tab '\(tab.name.value)'")
        }
        if let fallback = flow.linkFallback {
            add(.screen(flow: flowName, name: fallback.value), fallback, context: "linkFallback")
        }
        if let redirect = flow.linkPolicy?.redirect {
            add(.screen(flow: flowName, name: redirect.value), redirect, context: "linkPolicy redirect")
        }
        for link in flow.links { visit(link) }
    }

    mutating func visit(_ link: LinkDefinition) {
        let pattern = link.pattern.value
        mark(link.pattern, .link(link))
        for placeholder in link.placeholders {
            add(
                .placeholder(flow: flowName, pattern: pattern, name: placeholder.name.value), placeholder.name,
                definition: true)
        }
        // An alias's placeholder fills the same `$name`s of the routes: a use of the link's placeholder.
        for alias in link.aliases {
            for placeholder in alias.placeholders {
                add(
                    .placeholder(flow: flowName, pattern: pattern, name: placeholder.name.value), placeholder.name,
                    context: "alias '\(alias.pattern.value)' of deep link '\(pattern)'")
            }
        }
        for condition in link.guardConditions {
            add(.condition(flow: flowName, name: condition.value), condition, context: "deep link '\(pattern)'")
        }
        for routes in link.routeLists {
            addRoutes(routes.routes, from: flow, site: .link(link), context: "deep link '\(pattern)'")
            if let continueOn = link.otherwise?.continueOn, routes.routes == link.otherwise?.routes {
                // The outcome of the guarding flow: the flow of the last child route.
                if let guarding = lastChildFlow(of: routes.routes) {
                    add(.outcome(flow: guarding, name: continueOn.value), continueOn, context: "deep link '\(pattern)'")
                }
            }
        }
    }

    /// Each route of `routes` (a link's, or a `select` with `routes`), the first addressing `start`: a screen
    /// of the flow in effect, or a child whose flow the routes after it address; their arguments' `$name`s
    /// resolved at `site`.
    mutating func addRoutes(
        _ routes: [LinkRouteDefinition], from start: FlowDefinition?, site: ReferenceSite, context: String
    ) {
        var current = start
        for route in routes {
            let name = route.name.value
            guard let addressed = current else { break }
            if addressed.screen(named: name) != nil || addressed.child(named: name) == nil {
                add(.screen(flow: addressed.name.value, name: name), route.name, context: context)
                addArguments(
                    route.arguments, receiver: .screen(flow: addressed.name.value, screen: name), site: site,
                    context: context)
            } else if let child = addressed.child(named: name) {
                add(.child(flow: addressed.name.value, name: name), route.name, context: context)
                addArguments(route.arguments, receiver: .flow(child.flow.value), site: site, context: context)
                current = flowsByName[child.flow.value]
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

    mutating func visit(_ action: ActionDefinition, site: ReferenceSite, context: String) {
        switch action.kind {
        case .push(let screen, let arguments):
            add(.screen(flow: flowName, name: screen.value), screen, context: "\(context) (push)")
            addArguments(
                arguments, receiver: .screen(flow: flowName, screen: screen.value), site: site, context: context)
        case .startChild(let child, let arguments):
            add(.child(flow: flowName, name: child.value), child, context: "\(context) (start)")
            addArguments(arguments, receiver: childReceiver(child.value), site: site, context: context)
        case .popTo(let screen):
            add(.screen(flow: flowName, name: screen.value), screen, context: "\(context) (popTo)")
        case .replaceRoot(let target, let arguments):
            addTarget(target, arguments: arguments, site: site, context: "\(context) (replaceRoot)")
        case .show(let target, let arguments):
            addTarget(target, arguments: arguments, site: site, context: context)
        case .finish(let outcome, let arguments):
            add(.outcome(flow: flowName, name: outcome.value), outcome, context: "\(context) (finish)")
            addArguments(
                arguments, receiver: .outcome(flow: flowName, outcome: outcome.value), site: site, context: context)
        case .conditional(let condition, let then, let otherwise):
            add(.condition(flow: flowName, name: condition.value), condition, context: context)
            visit(then, site: site, context: context)
            visit(otherwise, site: site, context: context)
        case .select(let tab):
            addTab(tab, context: context)
        case .selectShowing(let tab, let routes):
            addTab(tab, context: context)
            // The routes address the tab's flow after its implied start, as a link's after a tab do.
            let tabFlow = flow.child(named: tab.value).flatMap { flowsByName[$0.flow.value] }
            addRoutes(routes, from: tabFlow, site: site, context: "\(context) (select)")
        case .pop, .stay:
            break
        }
    }

    /// A `select:`'s tab: one of this tab flow's, or of a tab flow this flow runs in.
    mutating func addTab(_ tab: Located<String>, context: String) {
        if flow.tab(named: tab.value) != nil {
            add(.child(flow: flowName, name: tab.value), tab, context: "\(context) (select)")
        } else if let parent = tabParents.first(where: { flowsByName[$0]?.tab(named: tab.value) != nil }) {
            add(.child(flow: parent, name: tab.value), tab, context: "\(context) (select)")
        }
    }

    func childReceiver(_ name: String) -> ParameterOwner? {
        flow.child(named: name).map { .flow($0.flow.value) }
    }

    mutating func addTarget(
        _ target: Located<String>, arguments: [ArgumentDefinition], site: ReferenceSite, context: String
    ) {
        if flow.screen(named: target.value) == nil, flow.child(named: target.value) != nil {
            add(.child(flow: flowName, name: target.value), target, context: context)
            addArguments(arguments, receiver: childReceiver(target.value), site: site, context: context)
        } else {
            add(.screen(flow: flowName, name: target.value), target, context: context)
            addArguments(
                arguments, receiver: .screen(flow: flowName, screen: target.value), site: site, context: context)
        }
    }

    mutating func addParameter(_ parameter: ParameterDefinition, owner: ParameterOwner) {
        add(.parameter(owner: owner, name: parameter.name.value), parameter.name, definition: true)
        if let check = parameter.check {
            add(.check(check.value), check, context: "parameter '\(parameter.name.value)'")
        }
    }

    /// Each argument's name (a parameter of `receiver`) and each `$name` value, resolved at `site` as
    /// validation resolves it.
    mutating func addArguments(
        _ arguments: [ArgumentDefinition], receiver: ParameterOwner?, site: ReferenceSite, context: String
    ) {
        var scope: ReferenceScope??
        for argument in arguments {
            if let receiver {
                add(.parameter(owner: receiver, name: argument.name.value), argument.name, context: context)
            }
            guard case .reference(let name) = argument.expression else { continue }
            if scope == nil { scope = resolver.scope(in: flow, at: site) }
            guard let resolved = scope??.resolve(name) else { continue }
            let located = Located(name, at: argument.valueLocation)
            add(key(of: resolved.declarer, name), located, context: context)
            for shared in sharedKeys(of: resolved.declarer, name) { add(shared, located, context: context) }
        }
    }

    /// The key of parameter `name` that `declarer` (a layer of a scope of this flow) declares. A parameter
    /// the screens starting a child share stands for the first of them.
    func key(of declarer: ReferenceScope.Layer.Declarer, _ name: String) -> SymbolKey {
        switch declarer {
        case .flow(let flow): .parameter(owner: .flow(flow), name: name)
        case .screen(let screen): .parameter(owner: .screen(flow: flowName, screen: screen), name: name)
        case .event(let event, let screen):
            .parameter(owner: .event(flow: flowName, screen: screen, event: event), name: name)
        case .outcome(let outcome, let flow): .parameter(owner: .outcome(flow: flow, outcome: outcome), name: name)
        case .link(let pattern): .placeholder(flow: flowName, pattern: pattern, name: name)
        case .starters(let screens, _): .parameter(owner: .screen(flow: flowName, screen: screens[0]), name: name)
        }
    }

    /// The keys of the other declarations a `$name` that resolves to `declarer` stands for: the parameter
    /// of each further screen that starts the child (``key(of:_:)`` names the first).
    func sharedKeys(of declarer: ReferenceScope.Layer.Declarer, _ name: String) -> [SymbolKey] {
        guard case .starters(let screens, _) = declarer else { return [] }
        return screens.dropFirst().map { .parameter(owner: .screen(flow: flowName, screen: $0), name: name) }
    }

    /// Records that the `$name` scope at `name` (and after it, up to the next place) is `site`'s.
    mutating func mark(_ name: Located<String>, _ site: ReferenceSite) {
        guard name.location.file == flow.file, name.location.copiedFrom == nil else { return }
        sites.append((name.location.offset, site))
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
