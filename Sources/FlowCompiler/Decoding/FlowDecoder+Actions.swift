import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding actions (`start`, events, outcome handlers, branches) and their arguments.
extension FlowDecoder {
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

    mutating func readAction(_ node: YAMLNodeRef, context: ActionContext) -> ActionDefinition? {
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
                let expected =
                    context == .handler
                    ? "'stay' or an action mapping such as '{ push: SCREEN }'"
                    : "an action mapping such as '{ push: SCREEN }'"
                report(
                    WrongNodeKind.self,
                    "expected \(expected), found the scalar \(MessageText.name(text))" + Self.missingSpaceHint(text),
                    at: node)
                return nil
            }
        }
        guard let mapping = readMapping(node, as: "an action", keys: ActionKeys.self, required: []) else { return nil }
        return readAction(mapping, node: node, context: context)
    }

    mutating func readAction(_ mapping: KeyedMapping<ActionKeys>, node: YAMLNodeRef, context: ActionContext)
        -> ActionDefinition?
    {
        let allowed: [ActionKeys] = context == .start ? [.to, .if] : ActionKeys.actionKeys
        let present = mapping.entries.filter { allowed.contains($0.key) }
        for entry in mapping.entries where ActionKeys.actionKeys.contains(entry.key) || entry.key == .to {
            if !allowed.contains(entry.key) {
                let expected = allowed.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                report(
                    MisplacedKey.self, "'\(entry.key.rawValue)' is not allowed here; expected \(expected)",
                    at: entry.keyNode)
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
            // An unknown key was already reported (FC101, with the keys to use): it is most likely the action
            // meant ('{ stay }' in an event), so one mistake gives one error.
            if document.entries(of: node).count > mapping.entries.count { return nil }
            let expected = allowed.map(\.rawValue).joined(separator: ", ")
            report(MissingKey.self, "missing action; add one of \(expected)", at: node)
            return nil
        }
        for extra in present.dropFirst() {
            report(
                ConflictingActions.self,
                "'\(extra.key.rawValue)' conflicts with '\(chosen.key.rawValue)'; an action has exactly one of \(allowed.map(\.rawValue).joined(separator: ", "))",
                at: extra.keyNode,
                notes: [DiagnosticNote("'\(chosen.key.rawValue)' is here", at: location(of: chosen.keyNode))])
        }
        let at = location(of: chosen.keyNode)
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let takesArguments =
            switch chosen.key {
            case .push, .start, .replaceRoot, .to, .finish: true
            default: false
            }
        if let with = mapping.entries.first(where: { $0.key == .with }), !takesArguments {
            report(
                MisplacedKey.self, "'with' is allowed only with push, start, replaceRoot, finish or to",
                at: with.keyNode)
        }
        if let routes = mapping.entries.first(where: { $0.key == .routes }), chosen.key != .select {
            report(MisplacedKey.self, "'routes' is allowed only with 'select'", at: routes.keyNode)
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
            return readName(value, as: "screen name").map {
                ActionDefinition(.push(screen: $0, arguments: arguments), at: at)
            }
        case .start:
            return readName(value, as: "child name").map {
                ActionDefinition(.startChild(child: $0, arguments: arguments), at: at)
            }
        case .to:
            return readName(value, as: "screen or child name").map {
                ActionDefinition(.show(target: $0, arguments: arguments), at: at)
            }
        case .replaceRoot:
            return readName(value, as: "screen or child name").map {
                ActionDefinition(.replaceRoot(target: $0, arguments: arguments), at: at)
            }
        case .popTo:
            return readName(value, as: "screen name").map { ActionDefinition(.popTo(screen: $0), at: at) }
        case .finish:
            return readName(value, as: "outcome").map {
                ActionDefinition(.finish(outcome: $0, arguments: arguments), at: at)
            }
        case .select:
            guard let tab = readName(value, as: "tab name") else { return nil }
            // Since format 1.3: the routes the selected tab shows, as a deep link's routes after a tab.
            if let node = mapping[.routes] {
                guard let routes = readRouteList(node, as: "a select's route list") else { return nil }
                return ActionDefinition(.selectShowing(tab: tab, routes: routes), at: at)
            }
            return ActionDefinition(.select(tab: tab), at: at)
        case .pop:
            return readInteger(value, as: "pop count", minimum: 1).map { ActionDefinition(.pop(count: $0), at: at) }
        case .if:
            let branchContext: ActionContext = context == .start ? .start : .branch
            let condition = readName(value, as: "condition")
            var branches: [ActionDefinition?] = []
            for key in [ActionKeys.then, .else] {
                guard let branch = mapping[key] else {
                    report(
                        MissingKey.self, "missing '\(key.rawValue)' for 'if: \(scalar(of: value) ?? "")'",
                        at: chosen.keyNode)
                    branches.append(nil)
                    continue
                }
                branches.append(readAction(branch, context: branchContext))
            }
            guard let condition, let then = branches[0], let otherwise = branches[1] else { return nil }
            return ActionDefinition(.conditional(condition: condition, then: then, else: otherwise), at: at)
        case .params, .with, .then, .else, .routes:
            return nil
        }
    }

    mutating func readArguments(_ node: YAMLNodeRef) -> [ArgumentDefinition] {
        namedEntries(node, as: "arguments", entryName: "parameter name").compactMap { name, value in
            guard let text = readScalar(value, as: "an argument value") else { return nil }
            let expression: ArgumentDefinition.Expression
            if text.hasPrefix("$"), isPlainScalar(value) {
                let reference = String(text.dropFirst())
                guard Self.isIdentifier(reference) else {
                    report(
                        InvalidValue.self,
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
}
