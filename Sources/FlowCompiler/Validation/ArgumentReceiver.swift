import FlowDefinitions
import FlowModel

/// What receives arguments: a screen, the flow a child declaration runs, or (since format 1.1) an outcome
/// a `finish` passes to the parent's handler. Holds names and parameters only, not whole definitions.
/// Speed: PERFORMANCE.md, "Shapes kept for speed".
enum ArgumentReceiver: Sendable {
    // `unreadable`: the names of parameters whose declaration did not decode (``UnreadableParameter``).
    case screen(name: String, parameters: [ParameterDefinition], unreadable: [String])
    case child(name: String, flow: String, parameters: [ParameterDefinition], unreadable: [String])
    case outcome(String, flow: String, parameters: [ParameterDefinition], unreadable: [String])

    /// Screen `screen` of `flow`.
    static func screen(_ screen: ScreenDefinition, in flow: FlowDefinition) -> Self {
        .screen(
            name: screen.name.value, parameters: screen.parameters,
            unreadable: unreadable(of: .screen(screen.name.value), in: flow))
    }

    static func child(_ child: ChildDefinition, flow: FlowDefinition) -> Self {
        .child(
            name: child.name.value, flow: flow.name.value, parameters: flow.parameters,
            unreadable: unreadable(of: .flow, in: flow))
    }

    static func outcome(_ outcome: String, flow: FlowDefinition) -> Self {
        .outcome(
            outcome, flow: flow.name.value, parameters: flow.parameters(ofOutcome: outcome),
            unreadable: unreadable(of: .outcome(outcome), in: flow))
    }

    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    static func unreadable(of owner: UnreadableParameter.Owner, in flow: FlowDefinition) -> [String] {
        flow.unreadableParameters.isEmpty ? [] : flow.unreadableParameters.filter { $0.owner == owner }.map(\.name)
    }

    /// The receiving parameters.
    var parameters: [ParameterDefinition] {
        switch self {
        case .screen(_, let parameters, _), .child(_, _, let parameters, _), .outcome(_, _, let parameters, _):
            parameters
        }
    }

    /// Names of the receiver's parameters whose declaration did not decode: an argument for one is not
    /// reported as naming no parameter (the declaration's error is the one mistake).
    var unreadable: [String] {
        switch self {
        case .screen(_, _, let names), .child(_, _, _, let names), .outcome(_, _, _, let names): names
        }
    }

    /// `screen 'details'`, `child 'edit' (flow 'edit')` or `outcome 'created' of flow 'createPost'`, for messages.
    var label: String {
        switch self {
        case .screen(let name, _, _): "screen \(MessageText.name(name))"
        case .child(let name, let flow, _, _) where name == flow: "child flow \(MessageText.name(flow))"
        case .child(let name, let flow, _, _): "child \(MessageText.name(name)) (flow \(MessageText.name(flow)))"
        case .outcome(let outcome, let flow, _, _):
            "outcome \(MessageText.name(outcome)) of flow \(MessageText.name(flow))"
        }
    }

    /// Whether the receiver is a child flow (checked by `ChildArguments`).
    var isChild: Bool {
        if case .child = self { true } else { false }
    }

    /// Whether the receiver is a screen (checked by `ScreenArguments`).
    var isScreen: Bool {
        if case .screen = self { true } else { false }
    }

    /// Whether the receiver is an outcome (checked by `FinishArguments`).
    var isOutcome: Bool {
        if case .outcome = self { true } else { false }
    }
}
