import FlowDefinitions
import FlowModel
import FlowYAML

/// Decodes one file's located YAML node tree into a `FlowDefinition`, reporting every schema
/// problem (unknown or missing keys, wrong kinds of node, invalid values) at the exact node.
///
/// Decoding goes on after a problem wherever the rest can still be read, so one run reports
/// as much as possible; a flow with schema errors is returned when its name and start were readable.
struct FlowDecoder {
    /// The file, interned once: every location is made from it without a lookup of its path.
    let file: SourceFile
    /// The file's bytes, to locate a character inside a scalar (``ScalarCharacterLocation``).
    let source: [UInt8]
    /// The file's loaded YAML, read through node references (no node tree is built).
    let document: YAMLDocument
    /// What decoding found. Findings in text that YAML aliases copy are folded as they come
    /// (``AliasFold``), so a small file that aliases a broken mapping thousands of times holds one
    /// diagnostic per written mistake; only codes no suppression can hide are folded here.
    var diagnostics = AliasFold(folding: { !Suppression.isAdjustable($0.code) })
    /// The byte ranges of declarations (screens, child declarations, and a whole `screens` or `children`
    /// mapping a key slipped out of) whose decoding reported an error: what graph rules find inside them is
    /// a knock-on of that error, and is left out (see ``FlowValidation``).
    var damaged: [Range<Int>] = []
    /// Parameters whose name was read but whose declaration did not decode (``UnreadableParameter``).
    var unreadableParameters: Set<UnreadableParameter> = []

    /// A flow's screens are decoded in chunks of at least this many, in parallel, when there are two
    /// chunks or more (``readScreens(_:)``); the result does not depend on it.
    let screensPerChunk: Int

    init(file: String, source: [UInt8], document: YAMLDocument, screensPerChunk: Int = 1_024) {
        self.init(file: SourceFile(path: file), source: source, document: document, screensPerChunk: screensPerChunk)
    }

    private init(file: SourceFile, source: [UInt8], document: YAMLDocument, screensPerChunk: Int) {
        self.file = file
        self.source = source
        self.document = document
        self.screensPerChunk = screensPerChunk
    }

    // MARK: Flow

    mutating func decodeFlow(_ root: YAMLNodeRef) -> FlowDefinition? {
        guard let flow = readMapping(root, as: "a flow", keys: FlowKeys.self, required: [.flow, .start]) else {
            return nil
        }
        let name = flow[.flow].flatMap { readName($0, as: "flow name") }
        let parameters = flow[.params].map { readParameters($0, of: .flow) } ?? []
        let conditions = flow[.conditions].map { readNames($0, as: "condition") } ?? []
        let start = flow[.start].flatMap { readAction($0, context: .start) }
        let (outcomes, outcomeParameters) = flow[.outcomes].map { readOutcomes($0) } ?? ([], [:])
        let screens = flow[.screens].map { readScreens($0) } ?? []
        let children = flow[.children].map { readChildren($0) } ?? []
        let links = flow[.links].map { readLinks($0) } ?? []
        let linkPolicy = flow[.linkPolicy].flatMap { readLinkPolicy($0) }
        let linkFallback = flow[.linkFallback].flatMap { readName($0, as: "screen name") }
        let tabs = flow[.tabs].map { readTabs($0) } ?? []
        let description = flow[.description].flatMap { readScalar($0, as: "a description") }
        guard let name, let start else { return nil }
        var definition = FlowDefinition(
            name: name, parameters: parameters, conditions: conditions, start: start, outcomes: outcomes,
            outcomeParameters: outcomeParameters, screens: screens, children: children, links: links, linkPolicy: linkPolicy, linkFallback: linkFallback,
            tabs: tabs, tabsLocation: flow.keyNode(.tabs).map { location(of: $0) }, description: description)
        definition.unreadableParameters = unreadableParameters
        return definition
    }

    // MARK: Tabs

    /// `tabs: [feed, { search: { scope: all } }]`: names, or one-entry mappings of name → arguments.
    private mutating func readTabs(_ node: YAMLNodeRef) -> [TabDefinition] {
        guard let items = readSequence(node, as: "a list of tabs") else { return [] }
        if items.isEmpty {
            report(InvalidValue.self, "'tabs' is empty; list at least one tab, or remove 'tabs'", at: node)
        }
        return items.flatMap { item -> [TabDefinition] in
            let before = diagnostics.count
            // A tab entry that does not decode is damaged: the graph rules say nothing about it.
            defer { noteDamage(since: before, from: startOffset(item), to: endOffset(item)) }
            if let entries = mappingEntries(item), entries.count > 1 {
                report(InvalidValue.self, "a tab is a child name, or a mapping with one entry, CHILD: { ARGUMENTS }; write each tab as an entry of its own", at: item)
                // Several tabs written as one entry: each name counts as the tab meant (without arguments), so
                // the children it names are not also reported as never started. One mistake, one error.
                return entries.compactMap { entry in
                    scalar(of: entry.key).flatMap { Self.isIdentifier($0) ? TabDefinition(name: Located($0, at: location(of: entry.key)), arguments: []) : nil }
                }
            }
            return readNamedItem(item, as: "a tab", nameKind: "tab name", shape: "a tab is a child name, or a mapping with one entry, CHILD: { ARGUMENTS }")
                .map { [TabDefinition(name: $0.name, arguments: $0.arguments)] } ?? []
        }
    }

    /// A list item that is a name, or a one-entry mapping of name → arguments (a link's route, a tab).
    /// - Parameter shape: the message reported for a mapping of another shape.
    private mutating func readNamedItem(_ item: YAMLNodeRef, as what: String, nameKind: String, shape: String)
        -> (name: Located<String>, arguments: [ArgumentDefinition])? {
        if isScalar(item) { return readName(item, as: nameKind).map { ($0, []) } }
        guard let pairs = readMapping(item, as: what), pairs.count == 1, let pair = pairs.first else {
            if isMapping(item) { report(InvalidValue.self, shape, at: item) }
            return nil
        }
        guard let name = readName(pair.key, as: nameKind) else { return nil }
        return (name, readArguments(pair.value))
    }

    /// `outcomes: [saved, discarded]`, or (since format 1.1) a mapping of outcome name → nothing or
    /// `{ params: { … } }`: the values a `finish` with that outcome passes to the parent's handler.
    private mutating func readOutcomes(_ node: YAMLNodeRef) -> ([Located<String>], [String: [ParameterDefinition]]) {
        guard isMapping(node) else { return (readNames(node, as: "outcome"), [:]) }
        var names: [Located<String>] = []
        var parameters: [String: [ParameterDefinition]] = [:]
        for (name, value) in namedEntries(node, as: "outcomes", entryName: "outcome") {
            names.append(name)
            // An outcome that does not decode is damaged: no "never finishes with it" about it.
            let before = diagnostics.count
            defer { noteDamage(since: before, from: name.location.offset, to: endOffset(value)) }
            guard let outcome = readMapping(value, as: "an outcome", keys: OutcomeKeys.self, required: [], allowEmpty: true)
            else { continue }
            if let params = outcome[.params], parameters[name.value] == nil {
                parameters[name.value] = readParameters(params, of: .outcome(name.value))
            }
        }
        return (names, parameters)
    }

    // MARK: Screens and events

    private mutating func readScreens(_ node: YAMLNodeRef) -> [ScreenDefinition] {
        let named = namedEntries(node, as: "screens", entryName: "screen name")
        let chunks = Self.chunks(of: named.count, size: screensPerChunk)
        guard chunks.count > 1 else { return readScreens(named, in: 0..<named.count, of: node) }
        // A large flow's screens are decoded in chunks on all cores (one big file would otherwise keep one
        // core busy alone), each chunk by a fresh decoder; the parts are joined in document order, so the
        // screens, diagnostics, damage and unreadable parameters are exactly those of one decoder.
        let fresh = FlowDecoder(file: file, source: source, document: document, screensPerChunk: screensPerChunk)
        let parts = ParallelMap.map(count: chunks.count) { index in
            var decoder = fresh
            let screens = decoder.readScreens(named, in: chunks[index], of: node)
            return (screens, decoder.diagnostics.diagnostics, decoder.damaged, decoder.unreadableParameters)
        }
        var screens: [ScreenDefinition] = []
        // Exactly sized: a file's screens are most of its definitions, and doubling growth left up to half unused.
        screens.reserveCapacity(parts.reduce(0) { $0 + $1.0.count })
        for (partScreens, partDiagnostics, partDamage, partUnreadable) in parts {
            screens += partScreens
            // Each part was folded on its own (``AliasFold``); appending its kept findings folds across parts.
            for diagnostic in partDiagnostics { diagnostics.append(diagnostic) }
            damaged += partDamage
            unreadableParameters.formUnion(partUnreadable)
        }
        return screens
    }

    /// `0..<count` cut into consecutive ranges of at least `size` entries (one range when `count` is
    /// under twice that), at most 8.
    static func chunks(of count: Int, size: Int) -> [Range<Int>] {
        let pieces = min(count / max(size, 1), 8)
        guard pieces > 1 else { return [0..<count] }
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }

    /// The screens among `named[range]`; the entry before the range (if any) is the previous one, as
    /// when the whole mapping is read in order.
    private mutating func readScreens(
        _ named: [(Located<String>, YAMLNodeRef)], in range: Range<Int>, of node: YAMLNodeRef
    ) -> [ScreenDefinition] {
        var screens: [ScreenDefinition] = []
        screens.reserveCapacity(range.count)
        for index in range {
            let (name, value) = named[index]
            let previous = index > 0 ? (name: named[index - 1].0, value: named[index - 1].1) : nil
            if slippedOut(name, of: previous, keys: ScreenKeys.self, as: "screen", in: node) { continue }
            let before = diagnostics.count
            defer { noteDamage(since: before, from: name.location.offset, to: endOffset(value)) }
            guard let screen = readMapping(value, as: "a screen", keys: ScreenKeys.self, required: [], allowEmpty: true)
            else { continue }
            screens.append(ScreenDefinition(
                name: name,
                parameters: screen[.params].map { readParameters($0, of: .screen(name.value)) } ?? [],
                events: screen[.on].map { readEvents($0) } ?? [],
                removal: screen[.removal].flatMap { readRemovalPolicy($0) }))
        }
        return screens
    }

    /// Whether the entry `name` is a key of the declaration before it that slipped out of it (dedented):
    /// its name is one of that declaration's keys and the declaration above is empty, as in
    /// `home:` followed by `on:` at the same indentation. It is reported as such, once, and the whole
    /// mapping counts as damaged: the flow's graph is not what the author wrote.
    private mutating func slippedOut<Keys: SchemaKey>(
        _ name: Located<String>, of previous: (name: Located<String>, value: YAMLNodeRef)?, keys: Keys.Type,
        as what: String, in mapping: YAMLNodeRef
    ) -> Bool {
        guard Keys(rawValue: name.value) != nil, let previous, isEmpty(previous.value) else { return false }
        diagnostics.append(MisplacedKey.diagnostic(
            "\(MessageText.name(name.value)) is indented as a \(what) of its own, but it looks like a key of \(what) \(MessageText.name(previous.name.value)) above it, which is empty; indent \(MessageText.name(name.value)) (and what belongs to it) under \(MessageText.name(previous.name.value))",
            at: name,
            notes: [DiagnosticNote("\(what) \(MessageText.name(previous.name.value)) is here", at: previous.name.location)]))
        damaged.append(startOffset(mapping)..<max(endOffset(mapping), startOffset(mapping) + 1))
        return true
    }

    /// A value written as nothing (`home:`), `~`, `null` or `{}`.
    private func isEmpty(_ node: YAMLNodeRef) -> Bool {
        switch document.kind(of: node) {
        case .scalar:
            document.style(of: node) == .plain
                && (["", "~", "null", "Null", "NULL"] as [StaticString]).contains { document.scalar(of: node, is: $0) }
        case .mapping: document.count(of: node) == 0
        case .sequence: false
        }
    }

    /// Records `start..<end` as damaged when decoding it reported an error since `count` diagnostics.
    private mutating func noteDamage(since count: Int, from start: Int, to end: Int) {
        guard diagnostics.containsError(since: count) else { return }
        damaged.append(start..<max(end, start + 1))
    }

    private mutating func readEvents(_ node: YAMLNodeRef) -> [EventDefinition] {
        namedEntries(node, as: "events", entryName: "event name").compactMap { name, value in
            guard let mapping = readMapping(value, as: "an event", keys: ActionKeys.self, required: []) else {
                return nil
            }
            let parameters = mapping[.params].map { readParameters($0, of: nil) } ?? []
            guard let action = readAction(mapping, node: value, context: .event) else { return nil }
            return EventDefinition(name: name, parameters: parameters, action: action)
        }
    }

    private mutating func readRemovalPolicy(_ node: YAMLNodeRef) -> RemovalPolicyDefinition? {
        if !isMapping(node) {
            return readEnumValue(node, RemovalPolicy.self, as: "removal policy").map { RemovalPolicyDefinition(policy: $0) }
        }
        guard let mapping = readMapping(node, as: "a removal policy", keys: RemovalKeys.self, required: [.policy]),
            let policy = mapping[.policy].flatMap({ readEnumValue($0, RemovalPolicy.self, as: "removal policy") })
        else { return nil }
        return RemovalPolicyDefinition(
            policy: policy,
            ask: mapping[.ask].flatMap { readName($0, as: "question identifier") },
            outcome: mapping[.outcome].flatMap { readName($0, as: "outcome") })
    }

    // MARK: Children

    private mutating func readChildren(_ node: YAMLNodeRef) -> [ChildFlowDeclaration] {
        var previous: (name: Located<String>, value: YAMLNodeRef)?
        return namedEntries(node, as: "children", entryName: "child name").compactMap { name, value in
            defer { previous = (name, value) }
            if slippedOut(name, of: previous, keys: ChildKeys.self, as: "child", in: node) { return nil }
            let before = diagnostics.count
            defer { noteDamage(since: before, from: name.location.offset, to: endOffset(value)) }
            guard let mapping = readMapping(value, as: "a child flow declaration", keys: ChildKeys.self, required: [.flow]),
                let flow = mapping[.flow].flatMap({ self.readName($0, as: "flow name") })
            else { return nil }
            let handlers = mapping[.on].map { node in
                namedEntries(node, as: "outcome handlers", entryName: "outcome").compactMap { outcome, value in
                    readAction(value, context: .handler).map { OutcomeHandler(outcome: outcome, action: $0) }
                }
            } ?? []
            let presentation = mapping[.presentation].flatMap { readEnumValue($0, Presentation.self, as: "presentation") }
            return ChildFlowDeclaration(name: name, flow: flow, handlers: handlers, presentation: presentation)
        }
    }

    // MARK: Actions

    /// Where an action is written, which decides the forms it may take.
    enum ActionContext {
        /// `start:` and its branches: a bare name, `{ to: NAME, with: … }` or `{ if: … }`.
        case start
        /// An event's action: a mapping with one action key (and `params`).
        case event
        /// A child outcome handler: `stay` or a mapping with one action key.
        case handler
        /// A branch of a conditional inside an event or handler.
        case branch
    }

    private mutating func readAction(_ node: YAMLNodeRef, context: ActionContext) -> ActionDefinition? {
        if let text = scalar(of: node) {
            let location = location(of: node)
            switch context {
            case .start:
                return readName(node, as: "screen or child name").map {
                    ActionDefinition(.show(target: $0, arguments: []), at: location)
                }
            case .handler where text == "stay":
                return ActionDefinition(.stay, at: location)
            case .handler, .event, .branch:
                let expected = context == .handler ? "'stay' or an action mapping such as '{ push: SCREEN }'"
                    : "an action mapping such as '{ push: SCREEN }'"
                report(WrongNodeKind.self, "expected \(expected), found the scalar \(MessageText.name(text))", at: node)
                return nil
            }
        }
        guard let mapping = readMapping(node, as: "an action", keys: ActionKeys.self, required: []) else { return nil }
        return readAction(mapping, node: node, context: context)
    }

    private mutating func readAction(_ mapping: KeyedMapping<ActionKeys>, node: YAMLNodeRef, context: ActionContext) -> ActionDefinition? {
        let allowed: [ActionKeys] = context == .start ? [.to, .if] : ActionKeys.actionKeys
        let present = mapping.entries.filter { allowed.contains($0.key) }
        for entry in mapping.entries where ActionKeys.actionKeys.contains(entry.key) || entry.key == .to {
            if !allowed.contains(entry.key) {
                let expected = allowed.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                report(MisplacedKey.self, "'\(entry.key.rawValue)' is not allowed here; expected \(expected)", at: entry.keyNode)
            }
        }
        if context != .event, let params = mapping.entries.first(where: { $0.key == .params }) {
            report(MisplacedKey.self, "'params' is allowed only on an event", at: params.keyNode)
        }
        guard let chosen = present.first else {
            if let branch = mapping.entries.first(where: { $0.key == .then || $0.key == .else }) {
                report(MissingKey.self, "'\(branch.key.rawValue)' needs 'if: CONDITION' beside it", at: branch.keyNode)
                return nil
            }
            let expected = allowed.map(\.rawValue).joined(separator: ", ")
            report(MissingKey.self, "missing action; add one of \(expected)", at: node)
            return nil
        }
        for extra in present.dropFirst() {
            report(ConflictingActions.self,
                "'\(extra.key.rawValue)' conflicts with '\(chosen.key.rawValue)'; an action has exactly one of \(allowed.map(\.rawValue).joined(separator: ", "))",
                at: extra.keyNode,
                notes: [DiagnosticNote("'\(chosen.key.rawValue)' is here", at: location(of: chosen.keyNode))])
        }
        let at = location(of: chosen.keyNode)
        // A switch, not a `Set` literal: the set was built and hashed for every action read.
        let takesArguments = switch chosen.key {
        case .push, .start, .replaceRoot, .to, .finish: true
        default: false
        }
        if let with = mapping.entries.first(where: { $0.key == .with }), !takesArguments {
            report(MisplacedKey.self, "'with' is allowed only with push, start, replaceRoot, finish or to", at: with.keyNode)
        }
        for branchKey in [ActionKeys.then, .else] where chosen.key != .if {
            if let branch = mapping.entries.first(where: { $0.key == branchKey }) {
                report(MisplacedKey.self, "'\(branchKey.rawValue)' is allowed only with 'if'", at: branch.keyNode)
            }
        }
        let arguments = mapping[.with].map { readArguments($0) } ?? []
        let value = chosen.value
        switch chosen.key {
        case .push:
            return readName(value, as: "screen name").map { ActionDefinition(.push(screen: $0, arguments: arguments), at: at) }
        case .start:
            return readName(value, as: "child name").map { ActionDefinition(.startChild(child: $0, arguments: arguments), at: at) }
        case .to:
            return readName(value, as: "screen or child name").map { ActionDefinition(.show(target: $0, arguments: arguments), at: at) }
        case .replaceRoot:
            return readName(value, as: "screen or child name").map {
                ActionDefinition(.replaceRoot(target: $0, arguments: arguments), at: at)
            }
        case .popTo:
            return readName(value, as: "screen name").map { ActionDefinition(.popTo(screen: $0), at: at) }
        case .finish:
            return readName(value, as: "outcome").map { ActionDefinition(.finish(outcome: $0, arguments: arguments), at: at) }
        case .select:
            return readName(value, as: "tab name").map { ActionDefinition(.select(tab: $0), at: at) }
        case .pop:
            return readInteger(value, as: "pop count", minimum: 1).map { ActionDefinition(.pop(count: $0), at: at) }
        case .if:
            let branchContext: ActionContext = context == .start ? .start : .branch
            let condition = readName(value, as: "condition")
            var branches: [ActionDefinition?] = []
            for key in [ActionKeys.then, .else] {
                guard let branch = mapping[key] else {
                    report(MissingKey.self, "missing '\(key.rawValue)' for 'if: \(scalar(of: value) ?? "")'", at: chosen.keyNode)
                    branches.append(nil)
                    continue
                }
                branches.append(readAction(branch, context: branchContext))
            }
            guard let condition, let then = branches[0], let otherwise = branches[1] else { return nil }
            return ActionDefinition(.conditional(condition: condition, then: then, else: otherwise), at: at)
        case .params, .with, .then, .else:
            return nil
        }
    }

    private mutating func readArguments(_ node: YAMLNodeRef) -> [ArgumentDefinition] {
        namedEntries(node, as: "arguments", entryName: "parameter name").compactMap { name, value in
            guard let text = readScalar(value, as: "an argument value") else { return nil }
            let expression: ArgumentDefinition.Expression
            if text.hasPrefix("$"), isPlainScalar(value) {
                let reference = String(text.dropFirst())
                guard Self.isIdentifier(reference) else {
                    report(InvalidValue.self,
                        "\(MessageText.name(text)) is not a parameter reference; write '$' and a parameter name, or quote the text for a literal",
                        at: value)
                    return nil
                }
                expression = .reference(reference)
            } else {
                expression = .literal(text)
            }
            return ArgumentDefinition(name: name, expression: expression, valueLocation: location(of: value))
        }
    }

    // MARK: Parameters

    /// - Parameter owner: whose list it is, to keep the names of parameters that do not decode
    ///   (``unreadableParameters``); nil for an event's, whose arguments come from the host.
    private mutating func readParameters(_ node: YAMLNodeRef, of owner: UnreadableParameter.Owner?) -> [ParameterDefinition] {
        namedEntries(node, as: "parameters", entryName: "parameter name").compactMap { name, value in
            guard let parameter = readParameter(name, value) else {
                if let owner { unreadableParameters.insert(UnreadableParameter(owner: owner, name: name.value)) }
                return nil
            }
            return parameter
        }
    }

    /// One parameter: a bare type, or a mapping with `type` and constraints; nil when it does not decode
    /// (the reason is reported).
    private mutating func readParameter(_ name: Located<String>, _ value: YAMLNodeRef) -> ParameterDefinition? {
        if !isMapping(value) {
            return readEnumValue(value, ParameterType.self, as: "type").map { ParameterDefinition(name: name, type: $0) }
        }
        guard let spec = readMapping(value, as: "a parameter", keys: ParameterKeys.self, required: [.type]),
            let type = spec[.type].flatMap({ readEnumValue($0, ParameterType.self, as: "type") })
        else { return nil }
        // Read in the order they are reported, then built with one initializer: each property set on a
        // `ParameterDefinition` rebuilds its shared constraint storage (three setters cost more than the rest).
        let minimum = readBound(.min, of: spec, type: type.value)
        let maximum = readBound(.max, of: spec, type: type.value)
        let allowedValues = spec[.values].flatMap { values in
            readSequence(values, as: "allowed values")?.compactMap { item in
                readTypedValue(item, type: type.value, as: "allowed value").map { Located($0, at: location(of: item)) }
            }
        }
        var strings = StringConstraints()
        readStringConstraints(spec, type: type.value, into: &strings)
        let check = spec[.check].flatMap { self.readName($0, as: "check name") }
        let defaultValue = spec[.default].flatMap { defaultNode in
            readTypedValue(defaultNode, type: type.value, as: "default").map { Located($0, at: location(of: defaultNode)) }
        }
        var parameter = ParameterDefinition(
            name: name, type: type, minimum: minimum, maximum: maximum, allowedValues: allowedValues, check: check,
            defaultValue: defaultValue)
        if let minimumLength = strings.minimumLength { parameter.minimumLength = minimumLength }
        if let maximumLength = strings.maximumLength { parameter.maximumLength = maximumLength }
        if let pattern = strings.pattern { parameter.pattern = pattern }
        checkConstraints(of: parameter, spec: spec)
        return parameter
    }

    /// `min` or `max` of a parameter: a number of the parameter's type, which must be int or double.
    private mutating func readBound(_ key: ParameterKeys, of spec: KeyedMapping<ParameterKeys>, type: ParameterType)
        -> Located<Double>? {
        guard let node = spec[key] else { return nil }
        guard type == .int || type == .double else {
            report(MisplacedKey.self, "'\(key.rawValue)' applies only to int and double parameters", at: spec.keyNode(key) ?? node)
            return nil
        }
        return readTypedValue(node, type: type, as: key.rawValue)?.number.map { Located($0, at: location(of: node)) }
    }

    /// A string parameter's constraints as read, before they are set on the parameter.
    private struct StringConstraints {
        var minimumLength: Located<Int>?
        var maximumLength: Located<Int>?
        var pattern: Located<String>?
    }

    /// Reads `minLength`, `maxLength` (whole numbers of at least 0) and `pattern` (a regular expression
    /// that compiles), which apply to strings only (since format 1.1).
    private mutating func readStringConstraints(
        _ spec: KeyedMapping<ParameterKeys>, type: ParameterType, into parameter: inout StringConstraints
    ) {
        for key in [ParameterKeys.minLength, .maxLength, .pattern] {
            guard let node = spec[key] else { continue }
            guard type == .string else {
                report(MisplacedKey.self, "'\(key.rawValue)' applies only to string parameters", at: spec.keyNode(key) ?? node)
                continue
            }
            switch key {
            case .minLength: parameter.minimumLength = readInteger(node, as: "minimum length", minimum: 0)
            case .maxLength: parameter.maximumLength = readInteger(node, as: "maximum length", minimum: 0)
            default:
                guard let text = readScalar(node, as: "a pattern") else { continue }
                do throws(PatternProblem) {
                    _ = try LinearPattern(text)
                    parameter.pattern = Located(text, at: location(of: node))
                } catch {
                    // At the construct at fault when the scalar's text maps to its source, else at the scalar.
                    let message = "'pattern' is not a valid regular expression: \(error)"
                    if let offset = error.offset,
                        let at = ScalarCharacterLocation.location(ofCharacter: offset, in: node, of: document, start: location(of: node), source: source) {
                        var diagnostic = InvalidValue.diagnostic(message, at: at)
                        diagnostic.endColumn = at.column + 1
                        diagnostics.append(diagnostic)
                    } else {
                        report(InvalidValue.self, message, at: node)
                    }
                }
            }
        }
    }

    /// Reports constraints that contradict each other: `min` above `max`, an empty or repeating
    /// `values` list, and a `default` its own constraints reject (every route would then be refused).
    private mutating func checkConstraints(of parameter: ParameterDefinition, spec: KeyedMapping<ParameterKeys>) {
        if let minimum = parameter.minimum, let maximum = parameter.maximum, minimum.value > maximum.value,
            let node = spec[.max] {
            report(InvalidValue.self,
                "'max' \(ParameterConstraints.format(maximum.value)) is less than 'min' \(ParameterConstraints.format(minimum.value)); no value could satisfy both",
                at: node)
        }
        if let minimum = parameter.minimumLength, let maximum = parameter.maximumLength, minimum.value > maximum.value,
            let node = spec[.maxLength] {
            report(InvalidValue.self,
                "'maxLength' \(maximum.value) is less than 'minLength' \(minimum.value); no string could satisfy both",
                at: node)
        }
        if let values = parameter.allowedValues, let node = spec[.values] {
            if values.isEmpty, isSequence(node) {
                report(InvalidValue.self, "'values' is empty, so no value is allowed; list at least one value or remove 'values'", at: node)
            }
            var seen = Set<Value>()
            for value in values where !seen.insert(value.value).inserted {
                diagnostics.append(InvalidValue.diagnostic(
                    "value \(MessageText.name("\(value.value)")) is listed twice in 'values'; list each value once", at: value.location))
            }
            let others = ParameterConstraints(
                minimumLength: parameter.minimumLength?.value, maximumLength: parameter.maximumLength?.value,
                pattern: parameter.pattern?.value)
            for value in values {
                guard let violation = others.violation(of: value.value) else { continue }
                diagnostics.append(ConstraintViolation.diagnostic(
                    "value \(MessageText.name("\(value.value)")) in 'values' breaks the parameter's other constraints: \(violation); no argument could use it",
                    at: value.location))
            }
        }
        if let defaultValue = parameter.defaultValue, let node = spec[.default],
            let violation = parameter.constraints.violation(of: defaultValue.value) {
            report(ConstraintViolation.self,
                "default of parameter \(MessageText.name(parameter.name.value)) breaks its own constraints: \(violation); every route without this argument would be refused",
                at: node)
        }
    }

    /// A scalar parsed strictly as `type` (see `ParameterType.parse`).
    private mutating func readTypedValue(_ node: YAMLNodeRef, type: ParameterType, as what: String) -> Value? {
        guard let text = readScalar(node, as: "a \(what)") else { return nil }
        guard let value = type.parse(text) else {
            report(InvalidValue.self, "\(MessageText.name(text)) is not a valid \(type.rawValue) for \(what)\(Self.typeHint(type))", at: node)
            return nil
        }
        return value
    }

    static func typeHint(_ type: ParameterType) -> String {
        switch type {
        case .int: "; write decimal digits without a leading zero, such as 7 or -3"
        case .double: "; write a decimal number such as 2.5"
        case .bool: "; write true or false"
        case .string: ""
        }
    }

    // MARK: Links

    private mutating func readLinks(_ node: YAMLNodeRef) -> [DeepLinkDefinition] {
        guard let entries = readMapping(node, as: "links") else { return [] }
        var links: [DeepLinkDefinition] = []
        for entry in entries {
            // A link that does not decode whole is damaged: no rule reports what its missing parts imply.
            let before = diagnostics.count
            let (link, otherwiseWithoutWhen) = readLink(entry)
            noteDamage(since: before, from: startOffset(entry.key), to: endOffset(entry.value))
            // Reported after: the link is read whole, so the rules still check it.
            if let keyNode = otherwiseWithoutWhen {
                report(MissingKey.self, "'otherwise' needs 'when: CONDITION' beside it", at: keyNode)
            }
            if let link { links.append(link) }
        }
        return links
    }

    /// One entry of `links`, and the `otherwise` key of a guarded link written without `when`.
    private mutating func readLink(_ entry: YAMLEntryRef) -> (DeepLinkDefinition?, otherwiseWithoutWhen: YAMLNodeRef?) {
        let (key, start, source, document) = (entry.key, location(of: entry.key), self.source, self.document)
        guard let pattern = readScalar(entry.key, as: "a link pattern") else { return (nil, nil) }
        var patternDiagnostics: [Diagnostic] = []
        let segments = LinkPatternParser.parse(
            pattern, at: contentLocation(of: entry.key),
            // The character's own location, else the key's start: counting from the key's start is
            // wrong after an anchor or tag, in a block scalar, or through an alias.
            // One locator per pattern: locating each segment by rescanning the key was quadratic.
            locate: { [locator = ScalarCharacterLocation.Locator(key, of: document, start: start, source: source)] in
                locator?.location(ofCharacter: $0) ?? start },
            reportingTo: &patternDiagnostics)
        for diagnostic in patternDiagnostics { diagnostics.append(diagnostic) }
        guard let segments else { return (nil, nil) }
        var link = DeepLinkDefinition(pattern: Located(pattern, at: location(of: entry.key)), segments: segments, routes: [])
        guard isMapping(entry.value) else {
            guard let routes = readRouteList(entry.value, as: "a link's route list") else { return (nil, nil) }
            link.routes = routes
            return (link, nil)
        }
        // A guarded link (since format 1.1): `{ when: …, routes: […], otherwise: … }`.
        guard let mapping = readMapping(entry.value, as: "a guarded link", keys: LinkKeys.self, required: [.routes]),
            let routes = mapping[.routes].flatMap({ readRouteList($0, as: "a link's route list") })
        else { return (nil, nil) }
        link.routes = routes
        link.guardConditions = mapping[.when].map { node in
            if let items = sequenceItems(node), items.isEmpty {
                report(InvalidValue.self, "'when' is empty; name a condition (or a list of them), or remove 'when'", at: node)
                return []
            }
            return isSequence(node) ? readNames(node, as: "condition") : readName(node, as: "condition").map { [$0] } ?? []
        } ?? []
        if let node = mapping[.otherwise], let keyNode = mapping.keyNode(.otherwise) {
            link.otherwise = readOtherwise(node, at: location(of: keyNode))
        }
        // A 'when' that is written but unreadable is reported where it is, not as missing.
        let otherwiseWithoutWhen = mapping[.when] == nil ? mapping.keyNode(.otherwise) : nil
        return (link, otherwiseWithoutWhen)
    }

    /// A link's `otherwise`: a route list, or `{ routes: […], continueOn: OUTCOME }`.
    private mutating func readOtherwise(_ node: YAMLNodeRef, at location: SourceLocation) -> LinkOtherwiseDefinition? {
        guard isMapping(node) else {
            return readRouteList(node, as: "an 'otherwise' route list").map { LinkOtherwiseDefinition(routes: $0, location: location) }
        }
        guard let mapping = readMapping(node, as: "an 'otherwise'", keys: LinkOtherwiseKeys.self, required: [.routes]),
            let routes = mapping[.routes].flatMap({ readRouteList($0, as: "an 'otherwise' route list") })
        else { return nil }
        return LinkOtherwiseDefinition(
            routes: routes, continueOn: mapping[.continueOn].flatMap { readName($0, as: "outcome") }, location: location)
    }

    /// A non-empty list of routes: names, or one-entry mappings of name → arguments.
    private mutating func readRouteList(_ node: YAMLNodeRef, as what: String) -> [LinkRouteDefinition]? {
        guard let items = readSequence(node, as: what) else { return nil }
        if items.isEmpty {
            report(InvalidValue.self, "a link needs at least one route", at: node)
            return nil
        }
        return items.compactMap { item in
            readNamedItem(item, as: "a route", nameKind: "route name",
                          shape: "a route is a name or a mapping with one entry, NAME: { ARGUMENTS }")
                .map { LinkRouteDefinition(name: $0.name, arguments: $0.arguments) }
        }
    }

    private mutating func readLinkPolicy(_ node: YAMLNodeRef) -> LinkPolicyDefinition? {
        if !isMapping(node) {
            guard let policy = readEnumValue(node, LinkPolicy.self, as: "link policy") else { return nil }
            if policy.value == .redirect {
                report(InvalidValue.self, "'redirect' needs a screen; write 'linkPolicy: { redirect: SCREEN }'", at: node)
                return nil
            }
            return LinkPolicyDefinition(policy: policy.value, location: policy.location)
        }
        guard let mapping = readMapping(node, as: "a link policy", keys: LinkPolicyKeys.self, required: [.redirect]),
            let screen = mapping[.redirect].flatMap({ readName($0, as: "screen name") })
        else { return nil }
        return LinkPolicyDefinition(policy: .redirect, redirect: screen, location: location(of: node))
    }
}
