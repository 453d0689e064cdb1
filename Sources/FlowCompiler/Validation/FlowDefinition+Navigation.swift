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
        case .popTo, .pop, .finish, .conditional, .stay, .select, .selectShowing: nil
        }
    }
}

/// Every action of a flow with where it is written, in the order of `FlowDefinition.allActions`, kept as
/// positions in the flow (16 bytes each) and read on access: a copy of each action with its site's two
/// names was about 100 bytes per action, and the index keeps one list per flow for the whole run.
/// Speed: PERFORMANCE.md, "Shapes kept for speed".
struct FlowActions: RandomAccessCollection, Sendable {
    /// Where one action is: the start (`owner` -1), an event (`owner` a screen, `item` its event) or a
    /// handler (`owner` a child, `item` its handler), and which of the written action's `alternatives`.
    private struct Position: Sendable {
        let owner: Int32
        let item: Int32
        let alternative: Int32
        let isHandler: Bool
    }

    private let flow: FlowDefinition
    private let positions: [Position]
    /// The indices of the `select` actions (with or without routes), in order: the rules about selects read
    /// these instead of walking (and copying) every action. Speed: PERFORMANCE.md, "Shapes kept for speed".
    let selectIndices: [Int]

    init(_ flow: FlowDefinition) {
        var count = flow.start.alternativeCount
        for screen in flow.screens {
            for event in screen.events { count += event.action.alternativeCount }
        }
        for child in flow.children {
            for handler in child.handlers { count += handler.action.alternativeCount }
        }
        var positions: [Position] = []
        positions.reserveCapacity(count)
        var selectIndices: [Int] = []
        func add(_ action: ActionDefinition, owner: Int, item: Int, isHandler: Bool) {
            for alternative in 0..<action.alternativeCount {
                if action.isSelect(alternative: alternative) { selectIndices.append(positions.count) }
                positions.append(
                    Position(
                        owner: Int32(owner), item: Int32(item), alternative: Int32(alternative), isHandler: isHandler))
            }
        }
        add(flow.start, owner: -1, item: 0, isHandler: false)
        for (screenIndex, screen) in flow.screens.enumerated() {
            for (eventIndex, event) in screen.events.enumerated() {
                add(event.action, owner: screenIndex, item: eventIndex, isHandler: false)
            }
        }
        for (childIndex, child) in flow.children.enumerated() {
            for (handlerIndex, handler) in child.handlers.enumerated() {
                add(handler.action, owner: childIndex, item: handlerIndex, isHandler: true)
            }
        }
        self.flow = flow
        self.positions = positions
        self.selectIndices = selectIndices
    }

    var startIndex: Int { 0 }
    var endIndex: Int { positions.count }

    subscript(index: Int) -> (action: ActionDefinition, site: ActionSite) {
        let position = positions[index]
        let owner = Int(position.owner)
        let item = Int(position.item)
        let written: ActionDefinition
        let site: ActionSite
        if owner < 0 {
            (written, site) = (flow.start, .start)
        } else if position.isHandler {
            let child = flow.children[owner]
            let handler = child.handlers[item]
            (written, site) = (handler.action, .handler(child: child.name.value, outcome: handler.outcome.value))
        } else {
            let screen = flow.screens[owner]
            let event = screen.events[item]
            (written, site) = (event.action, .event(screen: screen.name.value, event: event.name.value))
        }
        // Almost every action is its own only alternative: no walk through the branches.
        guard position.alternative > 0 else { return (written, site) }
        var remaining = Int(position.alternative)
        return (written.alternative(&remaining)!, site)
    }
}

extension ActionDefinition {
    /// How many actions `alternatives` lists: this one and those nested in its conditional branches.
    fileprivate var alternativeCount: Int {
        if case .conditional(_, let then, let otherwise) = kind {
            return 1 + then.alternativeCount + otherwise.alternativeCount
        }
        return 1
    }

    /// Whether `alternatives[alternative]` is a `select` (with or without routes); read in place for the
    /// action itself, the common case.
    fileprivate func isSelect(alternative: Int) -> Bool {
        var remaining = alternative
        let kind = alternative == 0 ? self.kind : self.alternative(&remaining)?.kind
        switch kind {
        case .select?, .selectShowing?: return true
        default: return false
        }
    }

    /// `alternatives[remaining]`, or nil with `remaining` lowered by `alternativeCount` when it is past them.
    fileprivate func alternative(_ remaining: inout Int) -> ActionDefinition? {
        if remaining == 0 { return self }
        remaining -= 1
        guard case .conditional(_, let then, let otherwise) = kind else { return nil }
        return then.alternative(&remaining) ?? otherwise.alternative(&remaining)
    }
}
