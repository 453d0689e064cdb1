import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding screens: their parameters, events and removal policy.
extension FlowDecoder {
    /// The screens among `named[range]`; the entry before the range (if any) is the previous one, as
    /// when the whole mapping is read in order. `earlier` is the entry before `named[0]` when the mapping's
    /// entries before it were read elsewhere (``StreamedScreens``): its name and whether its value is empty.
    /// `node` is the mapping, nil when its end is not known yet (a batch of ``StreamedScreens``).
    mutating func readScreens(
        _ named: [(Located<String>, YAMLNodeRef)], in range: Range<Int>, of node: YAMLNodeRef?,
        after earlier: (name: Located<String>, isEmpty: Bool)? = nil
    ) -> [ScreenDefinition] {
        var screens: [ScreenDefinition] = []
        screens.reserveCapacity(range.count)
        for index in range {
            let (name, value) = named[index]
            if index == 0, let earlier {
                if ScreenKeys(rawValue: name.value) != nil, earlier.isEmpty {
                    reportSlippedOut(name, of: earlier.name, as: "screen", in: node)
                    continue
                }
            } else {
                let previous = index > 0 ? (name: named[index - 1].0, value: named[index - 1].1) : nil
                if slippedOut(name, of: previous, keys: ScreenKeys.self, as: "screen", in: node) { continue }
            }
            let before = diagnostics.count
            defer { noteDamage(since: before, from: name.location.offset, to: endOffset(value)) }
            guard let screen = readMapping(value, as: "a screen", keys: ScreenKeys.self, required: [], allowEmpty: true)
            else { continue }
            for slipped in slippedEntries where slipped.holder == ScreenKeys.params.rawValue {
                unreadableParameters.insert(UnreadableParameter(owner: .screen(name.value), name: slipped.name))
            }
            var definition = ScreenDefinition(
                name: name,
                parameters: screen[.params].map { readParameters($0, of: .screen(name.value)) } ?? [],
                events: screen[.on].map { readEvents($0) } ?? [],
                removal: screen[.removal].flatMap { readRemovalPolicy($0) })
            if let formerly = screen[.formerly] { definition.formerNames = readFormerNames(formerly) }
            screens.append(definition)
        }
        return screens
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
            return readEnumValue(node, RemovalPolicy.self, as: "removal policy").map {
                RemovalPolicyDefinition(policy: $0)
            }
        }
        guard let mapping = readMapping(node, as: "a removal policy", keys: RemovalKeys.self, required: [.policy]),
            let policy = mapping[.policy].flatMap({ readEnumValue($0, RemovalPolicy.self, as: "removal policy") })
        else { return nil }
        if policy.value != .confirm, let node = mapping.keyNode(.when) {
            report(
                InvalidValue.self,
                "'when' belongs to the 'confirm' policy (it says when to ask); remove it or write 'policy: confirm'",
                at: node)
        }
        return RemovalPolicyDefinition(
            policy: policy,
            ask: mapping[.ask].flatMap { readName($0, as: "question identifier") },
            outcome: mapping[.outcome].flatMap { readName($0, as: "outcome") },
            when: mapping[.when].flatMap { readName($0, as: "condition") })
    }
}
