import FlowModel

/// Why a coordinator refused a step (or what an applied step skipped). Every case has a readable description.
public enum FlowRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bundle has no flow of this name.
    case unknownFlow(String)
    /// The coordinator is not running (not started, stopped, or its root flow finished).
    case notRunning
    /// `start()` while running.
    case alreadyRunning
    /// The token names no route on the path.
    case routeNotOnPath(RouteToken)
    /// The flow instance has finished or was cancelled, or its coordinator is gone.
    case instanceNotAlive(FlowInstanceID)
    /// No flow instance of this id was ever made by the coordinator (an id a host or script made up).
    case unknownInstance(FlowInstanceID)
    /// The route's screen declares no such event.
    case unknownEvent(flow: String, screen: String, event: String)
    /// The flow has no such outcome.
    case unknownOutcome(flow: String, outcome: String)
    /// An argument was passed that the receiver does not declare.
    case unknownArgument(receiver: String, name: String)
    /// A required argument is missing.
    case missingArgument(receiver: String, name: String)
    /// Text that does not parse as the parameter's type (`int` is strict: `07` is refused).
    case invalidArgument(receiver: String, name: String, text: String, type: ParameterType)
    /// A value of the wrong type.
    case wrongArgumentType(receiver: String, name: String, expected: ParameterType, found: ParameterType)
    /// A value outside the parameter's `min`/`max`/`values`.
    case constraintViolated(receiver: String, name: String, message: String)
    /// The host check named by the parameter refused the value.
    case checkFailed(receiver: String, name: String, check: String, value: Value)
    /// `$name` is not in scope.
    case unresolvedReference(String)
    /// The token was made by another coordinator (another window on the same bundle numbers its tokens alike).
    case foreignToken(RouteToken)
    /// Starting a child flow would nest it deeper than `ChildNesting/limit` levels below the root flow.
    case childNestingTooDeep(flow: String, child: String, limit: Int)
    /// `pop: N` would remove the instance's first route (use finish).
    case popRemovesFirstRoute(flow: String, count: Int, routes: Int)
    /// `popTo: SCREEN` where the instance has no route of SCREEN.
    case noRouteOfScreen(flow: String, screen: String)
    /// The step would leave a live flow instance without any route.
    case instanceWithoutRoute(flow: String)
    /// `reconcile(to:)` with a path that is not a prefix of the current path.
    case notAPrefix
    /// `back(_:)` with a negative count or more routes than the path (of `length` routes) has.
    case backBeyondPath(count: Int, length: Int)
    /// `back(toLength:)` with a negative length or one longer than the path (of `length` routes).
    case prefixBeyondPath(requested: Int, length: Int)
    /// ``FlowCoordinator/confirmRemoval()`` or ``FlowCoordinator/keepEditing()`` without a pending confirmation.
    case noPendingConfirmation
    /// The path changed since the confirmation was asked for.
    case confirmationOutdated
    /// A confirmed removal ran, but the parent's outcome handler did not (see docs/RUNNING.md).
    case handlerSkipped(flow: String, outcome: String, because: String)
    /// No declared link matches the URL.
    case noMatchingLink(String)
    /// The URL cannot be read as a path without guessing: an empty or dot segment, a malformed percent
    /// escape, escapes that are not UTF-8, a control character (docs/RUNNING.md, "Deep links").
    case linkURLInvalid(url: String, because: String)
    /// The URL fits a link's literal segments, but a placeholder's text is not of its type.
    case linkPlaceholderInvalid(url: String, pattern: String, name: String, text: String, type: ParameterType)
    /// The active flow's `reject` link policy refused the link.
    case linkRejected(flow: String)
    /// The active flow's `queue` link policy would hold the link, but the flow declares no outcomes: it never
    /// finishes, so the link could never open. It is refused instead (validation warns, FC654).
    case linkQueueNeverOpens(flow: String)
    /// A link failed validation and went to the root flow's fallback screen instead.
    case linkFellBack(url: String, because: String)
    /// A deep link's route addresses a flow that is not the deepest one built so far (its start already
    /// started a child).
    case linkRouteBelowChild(flow: String, route: String)
    /// A guarded link's `when:` condition does not hold and the link declares no `otherwise` (format 1.1).
    case linkGuardFailed(url: String, condition: String)
    /// A guarded link's `when:` condition did not hold: its `otherwise` routes opened instead, and the link
    /// waits for `flow` to finish with `outcome` when both are given (an applied step's reason).
    case linkGuarded(url: String, condition: String, flow: String?, outcome: String?)
    /// A link's routes pass a conditional choice (a conditional `start`, an `if` action) that the host's
    /// current answer decides otherwise: the flows' own steps could not build that state now.
    case linkContradictsCondition(url: String, route: String, because: String)
    /// A queued or pending deep link was dropped (its flow was removed, or finished with another outcome).
    case linkDropped(url: String, because: String)
    /// A snapshot does not describe a valid state of this coordinator's root flow.
    case invalidSnapshot(String)
    /// A host closure (a condition or a check) called back into the coordinator during a step.
    case reentrantStep
    /// `select: TAB` from a flow that is neither a tab flow nor a tab of one.
    case noTabSet(flow: String)
    /// The tab set has no tab of this name.
    case unknownTab(flow: String, tab: String)
    /// A flow with tabs would be shown on a stack that already has routes (a tab bar sits at a stack's bottom).
    case tabsNotAtStackBottom(flow: String)
    /// The person selected a tab while the tab bar of flow `flow` is hidden by flow `layer`, shown over it
    /// (a sheet or cover presented from inside the selected tab, or a child the tab flow presented itself):
    /// the person cannot reach the tab bar until that layer is dismissed or finishes.
    case tabBarCovered(flow: String, layer: String)
    /// No instance of this id runs a tab set that is shown.
    case noShownTabSet(FlowInstanceID)
    /// No shown stack begins with this instance.
    case noShownStack(FlowInstanceID)
    /// The stack is not a presented layer (only sheets and covers are dismissed).
    case notPresented(FlowInstanceID)
    /// Back by a count on the entry of a tab bar presented as a sheet or cover, which has no routes of its own:
    /// back acts on its tabs' stacks, and the layer goes by dismissal or when its flow finishes.
    case stackWithoutRoutes(FlowInstanceID, flow: String)
    /// The instance is alive in a tab that is not selected; it can finish once its tab is selected again.
    case instanceInKeptTab(FlowInstanceID)
    /// ``FlowCoordinator/dismiss(_:)`` without a layer while no sheet or cover is shown.
    case noPresentedLayer
    /// A full-screen cover is not dismissed by the person; its flow finishes.
    case coverNotDismissible(flow: String)
    /// Back would remove a tab's first route; a tab lives as long as its tab flow.
    case tabFirstRoute(tab: String)
    /// An event from a route under a presented sheet or cover: the person cannot tap a route a layer
    /// covers, so only the routes of the topmost presented stack send events.
    case routeCovered(RouteToken, screen: String, layer: String)
    /// A typed event or route was generated from a bundle with another content hash than the coordinator's.
    case bundleMismatch(expected: String, found: String)
    /// A typed event was sent from a route of another screen (`event` and `route` as
    /// ``ScreenEvent/description`` and ``Route/description`` write them).
    case eventOfAnotherScreen(event: String, route: String)

    /// Whether `text` is written as an `int` (an optional `-`, decimal digits, no leading zero) but does
    /// not fit in one: it is then "out of range for int", not "not a valid int".
    static func isOutOfRange(_ text: String, for type: ParameterType) -> Bool {
        guard type == .int else { return false }
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        return digits.count > 1 && digits.first != UInt8(ascii: "0")
            && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } && Int(text) == nil
    }

    public var description: String {
        switch self {
        case .unknownFlow(let name): return "no flow named '\(name)'"
        case .notRunning: return "the coordinator is not running"
        case .alreadyRunning: return "the coordinator is already running"
        case .routeNotOnPath(let token): return "route \(token) is not on the path"
        case .instanceNotAlive(let id): return "flow instance \(id) is no longer alive"
        case .unknownInstance(let id): return "no flow instance #\(id)"
        case .unknownEvent(let flow, let screen, let event):
            return "screen '\(screen)' of flow '\(flow)' has no event '\(event)'"
        case .unknownOutcome(let flow, let outcome): return "flow '\(flow)' has no outcome '\(outcome)'"
        case .unknownArgument(let receiver, let name): return "\(receiver) has no parameter '\(name)'"
        case .missingArgument(let receiver, let name): return "\(receiver) needs an argument '\(name)'"
        case .invalidArgument(let receiver, let name, let text, let type):
            if Self.isOutOfRange(text, for: type) {
                return
                    "'\(text)' is out of range for int: '\(name)' of \(receiver) takes a whole number from \(Int.min) to \(Int.max)"
            }
            return "'\(text)' is not a valid \(type.rawValue) for '\(name)' of \(receiver)"
        case .wrongArgumentType(let receiver, let name, let expected, let found):
            return "'\(name)' of \(receiver) must be \(expected.rawValue), not \(found.rawValue)"
        case .constraintViolated(let receiver, let name, let message): return "'\(name)' of \(receiver): \(message)"
        case .checkFailed(let receiver, let name, let check, let value):
            return "'\(name)' of \(receiver): host check '\(check)' refused \(value)"
        case .unresolvedReference(let name): return "$\(name) is not in scope"
        case .foreignToken(let token): return "route token \(token) belongs to another coordinator"
        case .childNestingTooDeep(let flow, let child, let limit):
            return "starting child '\(child)' of flow '\(flow)' would nest child flows more than \(limit) levels deep"
        case .popRemovesFirstRoute(let flow, let count, let routes):
            return "pop \(count) would remove the first route of flow '\(flow)' (it has \(routes)); use finish"
        case .noRouteOfScreen(let flow, let screen):
            return "flow '\(flow)' has no route of screen '\(screen)' to pop to"
        case .instanceWithoutRoute(let flow): return "the step would leave flow '\(flow)' without a route"
        case .notAPrefix: return "the proposed path is not a prefix of the current path"
        case .backBeyondPath(let count, let length):
            return
                "cannot go back \(count) route\(count == 1 ? "" : "s"): the path has \(length); give a count from 0 to \(length)"
        case .prefixBeyondPath(let requested, let length):
            return
                "cannot go back to the first \(requested) routes: the path has \(length); give a length from 0 to \(length)"
        case .noPendingConfirmation: return "no removal is waiting for confirmation"
        case .confirmationOutdated: return "the path changed since the confirmation was asked for"
        case .handlerSkipped(let flow, let outcome, let because):
            return "the handler of flow '\(flow)' for outcome '\(outcome)' did not run: \(because)"
        case .noMatchingLink(let url): return "no deep link matches '\(url)'"
        case .linkURLInvalid(let url, let because): return "deep link '\(url)' is not a valid path: \(because)"
        case .linkPlaceholderInvalid(let url, let pattern, let name, let text, let type):
            if Self.isOutOfRange(text, for: type) {
                return
                    "no deep link matches '\(url)': it fits '\(pattern)', but '\(text)' is out of range for int ('\(name)' takes a whole number from \(Int.min) to \(Int.max))"
            }
            return
                "no deep link matches '\(url)': it fits '\(pattern)', but '\(text)' is not a valid \(type.rawValue) for '\(name)'"
        case .linkRejected(let flow): return "flow '\(flow)' rejects deep links while it is active"
        case .linkQueueNeverOpens(let flow):
            return
                "flow '\(flow)' queues deep links, but it declares no outcomes and never finishes, so a queued link could never open; the link is refused"
        case .linkFellBack(let url, let because): return "deep link '\(url)' went to the fallback screen: \(because)"
        case .linkRouteBelowChild(let flow, let route):
            return "route '\(route)' addresses flow '\(flow)', whose start already started a child"
        case .linkGuardFailed(let url, let condition):
            return "deep link '\(url)' needs condition '\(condition)', which does not hold"
        case .linkGuarded(let url, let condition, let flow, let outcome):
            let waiting = flow.flatMap { flow in outcome.map { "; it opens when flow '\(flow)' finishes with '\($0)'" }
            }
            return
                "deep link '\(url)' needs condition '\(condition)', which does not hold: its 'otherwise' routes opened"
                + (waiting ?? "")
        case .linkContradictsCondition(let url, let route, let because):
            return "deep link '\(url)' cannot show '\(route)' now: \(because)"
        case .linkDropped(let url, let because): return "deep link '\(url)' was dropped: \(because)"
        case .invalidSnapshot(let reason): return "invalid snapshot: \(reason)"
        case .noTabSet(let flow):
            return
                "no tab set encloses flow '\(flow)' here (a sheet or cover hides the tab bars below it), so it cannot select a tab"
        case .unknownTab(let flow, let tab): return "the tab set of flow '\(flow)' has no tab '\(tab)'"
        case .tabsNotAtStackBottom(let flow):
            return
                "flow '\(flow)' has tabs and would be shown on a stack that already has routes; a tab bar sits at the bottom of a stack"
        case .tabBarCovered(let flow, let layer):
            return
                "the tab bar of flow '\(flow)' is hidden by flow '\(layer)', shown over it; a tab can be selected once it is dismissed or finishes"
        case .noShownTabSet(let id): return "flow instance \(id) runs no tab set that is shown"
        case .noShownStack(let id): return "no shown stack begins with flow instance \(id)"
        case .notPresented(let id): return "the stack of flow instance \(id) is not a presented sheet or cover"
        case .stackWithoutRoutes(let id, let flow):
            return
                "the stack of flow instance \(id) ('\(flow)') shows a tab bar and has no routes of its own: back acts on its tabs' stacks; the layer goes by dismissal or when its flow finishes"
        case .instanceInKeptTab(let id):
            return "flow instance \(id) is in a tab that is not selected; it can finish once its tab is selected"
        case .noPresentedLayer: return "no sheet or cover is shown"
        case .coverNotDismissible(let flow):
            return "flow '\(flow)' is a full-screen cover, which is not dismissed; it ends when the flow finishes"
        case .tabFirstRoute(let tab):
            return "back would remove the first route of tab '\(tab)'; a tab lives as long as its tab flow"
        case .routeCovered(let token, let screen, let layer):
            return
                "route \(token) ('\(screen)') is under the presented flow '\(layer)': only the routes of the topmost presented stack send events"
        case .reentrantStep:
            return
                "the coordinator is in the middle of a step (a host condition or check called back into it); call it after the step returns"
        case .bundleMismatch(let expected, let found):
            return
                "the typed code was generated from the bundle with content hash \(expected), but the coordinator runs \(found); generate it again from the flows the coordinator runs"
        case .eventOfAnotherScreen(let event, let route):
            return "event \(event) was sent from route \(route), which shows another screen"
        }
    }
}
