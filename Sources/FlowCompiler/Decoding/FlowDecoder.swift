import FlowDefinitions
import FlowModel
import FlowYAML

/// Decodes one file's located YAML node tree into a `FlowDefinition`, reporting every schema
/// problem (unknown or missing keys, wrong kinds of node, invalid values) at the exact node.
///
/// Decoding goes on after a problem wherever the rest can still be read, so one run reports
/// as much as possible; a flow with schema errors is returned when its name and start were readable.
struct FlowDecoder {
    /// The file, interned once. Speed: PERFORMANCE.md, "Shapes kept for speed".
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
    /// The entries the last keyed mapping read had dedented out of an empty key that holds named entries
    /// (`params:` followed by `id: int` at its indentation), each reported once as misplaced.
    var slippedEntries: [(holder: String, name: String)] = []

    /// The flow's screens as the document builder handed them out and they were decoded
    /// (``StreamedScreens``), when the file was loaded that way; nil otherwise.
    var streamedScreens: StreamedScreens.Decoded?
    /// Set when an entry of a mapping whose end is not known yet (a batch of ``StreamedScreens``) slipped out of
    /// the entry before it: the whole mapping is damaged, which its reader records once it knows the mapping.
    var slippedOutOfUnendedMapping = false

    /// A flow's screens are decoded in chunks of at least this many, in parallel, when there are two
    /// chunks or more (``readScreens(_:)``); the result does not depend on it.
    let screensPerChunk: Int

    /// `screensPerChunk` unless a test sets it.
    static let defaultScreensPerChunk = 1_024

    init(file: String, source: [UInt8], document: YAMLDocument, screensPerChunk: Int = defaultScreensPerChunk) {
        self.init(file: SourceFile(path: file), source: source, document: document, screensPerChunk: screensPerChunk)
    }

    init(file: SourceFile, source: [UInt8], document: YAMLDocument, screensPerChunk: Int) {
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
        // A parameter dedented out of the flow's empty `params:` is declared, unreadably: what passes it
        // is not also told the flow has no such parameter.
        for slipped in slippedEntries where slipped.holder == FlowKeys.params.rawValue {
            unreadableParameters.insert(UnreadableParameter(owner: .flow, name: slipped.name))
        }
        if slippedEntries.contains(where: { $0.holder != FlowKeys.params.rawValue }) {
            damaged.append(startOffset(root)..<max(endOffset(root), startOffset(root) + 1))
        }
        let name = flow[.flow].flatMap { readName($0, as: "flow name") }
        let parameters = flow[.params].map { readParameters($0, of: .flow) } ?? []
        let conditions = flow[.conditions].map { readNames($0, as: "condition") } ?? []
        let start = flow[.start].flatMap { readAction($0, context: .start) }
        let (outcomes, outcomeParameters, outcomeFormerNames) =
            flow[.outcomes].map { readOutcomes($0) } ?? ([], [:], [:])
        let formerNames = flow[.formerly].map { readFormerNames($0) } ?? []
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
            outcomeParameters: outcomeParameters, screens: screens, children: children, links: links,
            linkPolicy: linkPolicy, linkFallback: linkFallback,
            tabs: tabs, tabsLocation: flow.keyNode(.tabs).map { location(of: $0) }, description: description)
        definition.unreadableParameters = unreadableParameters
        definition.formerNames = formerNames
        definition.outcomeFormerNames = outcomeFormerNames
        definition.backAtTabRoot = flow[.backAtTabRoot].flatMap {
            readEnumValue($0, TabBackPolicy.self, as: "back policy at a tab's first route")
        }
        if flow[.tabs] == nil, let node = flow.keyNode(.backAtTabRoot) {
            report(
                InvalidValue.self, "'backAtTabRoot' belongs to a tab flow; declare 'tabs', or remove it", at: node)
        }
        return definition
    }

    /// `outcomes: [saved, discarded]`, or (since format 1.1) a mapping of outcome name → nothing or
    /// `{ params: { … } }`: the values a `finish` with that outcome passes to the parent's handler.
    /// Since format 1.2, an outcome's mapping may also say `formerly: [oldName]`.
    private mutating func readOutcomes(_ node: YAMLNodeRef) -> (
        [Located<String>], [String: [ParameterDefinition]], [String: [Located<String>]]
    ) {
        guard isMapping(node) else { return (readNames(node, as: "outcome"), [:], [:]) }
        var names: [Located<String>] = []
        var parameters: [String: [ParameterDefinition]] = [:]
        var formerNames: [String: [Located<String>]] = [:]
        for (name, value) in namedEntries(node, as: "outcomes", entryName: "outcome") {
            names.append(name)
            // An outcome that does not decode is damaged: no "never finishes with it" about it.
            let before = diagnostics.count
            defer { noteDamage(since: before, from: name.location.offset, to: endOffset(value)) }
            guard
                let outcome = readMapping(
                    value, as: "an outcome", keys: OutcomeKeys.self, required: [], allowEmpty: true)
            else { continue }
            if let params = outcome[.params], parameters[name.value] == nil {
                parameters[name.value] = readParameters(params, of: .outcome(name.value))
            }
            if let formerly = outcome[.formerly], formerNames[name.value] == nil {
                formerNames[name.value] = readFormerNames(formerly)
            }
        }
        return (names, parameters, formerNames)
    }

    /// `formerly: [oldName, …]` (since format 1.2): a non-empty list of names (identifiers).
    mutating func readFormerNames(_ node: YAMLNodeRef) -> [Located<String>] {
        if let items = sequenceItems(node), items.isEmpty {
            report(InvalidValue.self, "'formerly' is empty; list the former names, or remove 'formerly'", at: node)
            return []
        }
        return readNames(node, as: "former name")
    }

    // MARK: Damaged declarations

    /// Whether the entry `name` is a key of the declaration before it that slipped out of it (dedented):
    /// its name is one of that declaration's keys and the declaration above is empty, as in
    /// `home:` followed by `on:` at the same indentation. It is reported as such, once, and the whole
    /// mapping counts as damaged: the flow's graph is not what the author wrote.
    mutating func slippedOut<Keys: SchemaKey>(
        _ name: Located<String>, of previous: (name: Located<String>, value: YAMLNodeRef)?, keys: Keys.Type,
        as what: String, in mapping: YAMLNodeRef?
    ) -> Bool {
        guard Keys(rawValue: name.value) != nil, let previous, isEmpty(previous.value) else { return false }
        reportSlippedOut(name, of: previous.name, as: what, in: mapping)
        return true
    }

    /// `slippedOut(_:of:keys:as:in:)`'s report, for an entry known to have slipped out of the entry `previous`;
    /// `mapping` nil when its end is not known yet (``slippedOutOfUnendedMapping``).
    mutating func reportSlippedOut(
        _ name: Located<String>, of previous: Located<String>, as what: String, in mapping: YAMLNodeRef?
    ) {
        diagnostics.append(
            MisplacedKey.diagnostic(
                "\(MessageText.name(name.value)) is indented as a \(what) of its own, but it looks like a key of \(what) \(MessageText.name(previous.value)) above it, which is empty; indent \(MessageText.name(name.value)) (and what belongs to it) under \(MessageText.name(previous.value))",
                at: name,
                notes: [
                    DiagnosticNote(
                        "\(what) \(MessageText.name(previous.value)) is here", at: previous.location)
                ]))
        guard let mapping else {
            slippedOutOfUnendedMapping = true
            return
        }
        damaged.append(startOffset(mapping)..<max(endOffset(mapping), startOffset(mapping) + 1))
    }

    /// A value written as nothing (`home:`), `~`, `null` or `{}`.
    func isEmpty(_ node: YAMLNodeRef) -> Bool {
        switch document.kind(of: node) {
        case .scalar:
            document.style(of: node) == .plain
                && (["", "~", "null", "Null", "NULL"] as [StaticString]).contains { document.scalar(of: node, is: $0) }
        case .mapping: document.count(of: node) == 0
        case .sequence: false
        }
    }

    /// Records `start..<end` as damaged when decoding it reported an error since `count` diagnostics.
    mutating func noteDamage(since count: Int, from start: Int, to end: Int) {
        guard diagnostics.containsError(since: count) else { return }
        damaged.append(start..<max(end, start + 1))
    }
}
