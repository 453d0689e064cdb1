import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding `children`: child flow declarations and their outcome handlers.
extension FlowDecoder {
    mutating func readChildren(_ node: YAMLNodeRef) -> [ChildDefinition] {
        var previous: (name: Located<String>, value: YAMLNodeRef)?
        return namedEntries(node, as: "children", entryName: "child name").compactMap { name, value in
            defer { previous = (name, value) }
            if slippedOut(name, of: previous, keys: ChildKeys.self, as: "child", in: node) { return nil }
            let before = diagnostics.count
            defer { noteDamage(since: before, from: name.location.offset, to: endOffset(value)) }
            guard
                let mapping = readMapping(
                    value, as: "a child flow declaration", keys: ChildKeys.self, required: [.flow]),
                let flow = mapping[.flow].flatMap({ self.readName($0, as: "flow name") })
            else { return nil }
            let handlers =
                mapping[.on].map { node in
                    namedEntries(node, as: "outcome handlers", entryName: "outcome").compactMap { outcome, value in
                        readAction(value, context: .handler).map { OutcomeHandler(outcome: outcome, action: $0) }
                    }
                } ?? []
            let presentation = mapping[.presentation].flatMap {
                readEnumValue($0, Presentation.self, as: "presentation")
            }
            var declaration = ChildDefinition(
                name: name, flow: flow, handlers: handlers, presentation: presentation)
            if let formerly = mapping[.formerly] { declaration.formerNames = readFormerNames(formerly) }
            return declaration
        }
    }
}
