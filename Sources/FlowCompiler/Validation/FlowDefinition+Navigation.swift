import FlowDefinitions
import FlowModel

/// Where an action is written in a flow.
enum ActionSite: Hashable, Sendable {
    case start
    case event(screen: String, event: String)
    case handler(child: String, outcome: String)
}

/// The navigation structure of one flow, derived from its definition.
extension FlowDefinition {
    /// Every action of the flow with where it is written: the start, each event's action and each
    /// child outcome handler, with conditional branches flattened (the `conditional` itself included).
    var allActions: [(action: ActionDefinition, site: ActionSite)] {
        var actions = start.alternatives.map { ($0, ActionSite.start) }
        for screen in screens {
            for event in screen.events {
                actions += event.action.alternatives.map {
                    ($0, .event(screen: screen.name.value, event: event.name.value))
                }
            }
        }
        for child in children {
            for handler in child.handlers {
                actions += handler.action.alternatives.map {
                    ($0, .handler(child: child.name.value, outcome: handler.outcome.value))
                }
            }
        }
        return actions
    }

    /// The screen or child an action leads to, by name; nil for pop, popTo (its screen is already
    /// shown), finish, stay and conditionals.
    static func destination(of action: ActionDefinition) -> Located<String>? {
        switch action.kind {
        case .push(let screen, _): screen
        case .startChild(let child, _): child
        case .replaceRoot(let target, _), .show(let target, _): target
        case .popTo, .pop, .finish, .conditional, .stay, .select: nil
        }
    }
}
