import FlowModel
import FlowRuntime

extension ScriptCommand {
    /// The script line of the command, as `flowc run` reads it: ``parse(_:)`` of it gives the command back.
    /// Arguments are written `key=value` in key order; a value that is empty or holds a blank, `#`, `"` or `\`
    /// is written in double quotes, with `"`, `\` and line ends escaped (``quoted(_:)``).
    package var line: String {
        switch self {
        case .start: return "start"
        case .event(let name, let token, let arguments):
            return "event " + (token.map { "@\($0.rawValue) " } ?? "") + name + Self.operands(arguments)
        case .back(let count): return count == 1 ? "back" : "back \(count)"
        case .backTo(let length): return "backto \(length)"
        case .confirm: return "confirm"
        case .keep: return "keep"
        case .open(let url): return "open \(url)"
        case .snapshot: return "snapshot"
        case .restore(let json): return json.map { "restore \($0)" } ?? "restore"
        case .condition(let name, let value): return "condition \(name) \(value)"
        case .check(let name, let value, let answer): return "check \(name) \(Self.quoted(value)) \(answer)"
        case .finish(let instance, let outcome, let arguments):
            return "finish #\(instance.rawValue) \(outcome)" + Self.operands(arguments)
        case .stop: return "stop"
        case .backOnStack(let count, let stack): return "back \(count) #\(stack.rawValue)"
        case .select(let tab, let tabSet): return "select \(tab)" + (tabSet.map { " #\($0.rawValue)" } ?? "")
        case .dismiss(let layer): return "dismiss" + (layer.map { " #\($0.rawValue)" } ?? "")
        }
    }

    /// The command's first word (`back` for ``backOnStack(_:stack:)``, `backto` for ``backTo(_:)``).
    package var verb: String {
        switch self {
        case .start: "start"
        case .event: "event"
        case .back, .backOnStack: "back"
        case .backTo: "backto"
        case .confirm: "confirm"
        case .keep: "keep"
        case .open: "open"
        case .snapshot: "snapshot"
        case .restore: "restore"
        case .condition: "condition"
        case .check: "check"
        case .finish: "finish"
        case .stop: "stop"
        case .select: "select"
        case .dismiss: "dismiss"
        }
    }

    /// Whether the command sets a host answer (`condition`, `check`) rather than driving the coordinator.
    package var setsHostAnswer: Bool {
        switch self {
        case .condition, .check: true
        default: false
        }
    }

    private static func operands(_ arguments: [String: String]) -> String {
        arguments.keys.sorted().map { " \($0)=\(quoted(arguments[$0]!))" }.joined()
    }

    /// `text` as one script word that `ScriptCommand.parse` reads back as `text`: in double quotes when it is
    /// empty or holds a blank, `#`, `"` or `\`, with `"`, `\`, a line feed and a carriage return written
    /// `\"`, `\\`, `\n` and `\r` inside them (docs/RUNNING.md, "Scripts").
    package static func quoted(_ text: String) -> String {
        let needsQuotes =
            text.isEmpty
            || text.unicodeScalars.contains(where: {
                ScriptText.isWhitespace($0) || $0 == "#" || $0 == "\"" || $0 == "\\"
            })
        guard needsQuotes else { return text }
        var word = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": word += "\\\""
            case "\\": word += "\\\\"
            case "\n": word += "\\n"
            case "\r": word += "\\r"
            default: word.unicodeScalars.append(scalar)
            }
        }
        return word + "\""
    }

    /// Runs a command that drives the coordinator alone (every command but `snapshot`, `restore`,
    /// `condition` and `check`, which read or set what the script's runner keeps: nil for those).
    /// `finish #ID` goes through `handle(ID)`, the handle a host kept of that instance; with none it is
    /// refused as the coordinator would refuse a handle it never gave (a kept tab's instance, an instance
    /// that is gone, an id never made). Its texts are parsed by the types of the outcome's parameters.
    @MainActor
    package func step(on coordinator: FlowCoordinator, handle: (FlowInstanceID) -> FlowInstance?) -> StepResult? {
        guard case .finish(let id, let outcome, let arguments) = self else { return drive(coordinator) }
        guard let handle = handle(id) else { return Self.refusedWithoutHandle(id, on: coordinator) }
        let bundle = coordinator.bundle
        switch Self.values(of: arguments, outcome: outcome, flow: bundle.flowIndex(named: handle.flow), in: bundle) {
        case .success(let values): return handle.finish(outcome, arguments: values)
        case .failure(let refusal): return refusal.result
        }
    }

    /// ``step(on:handle:)`` with the handles ``FlowRuntime/FlowCoordinator/instance(_:)`` gives: the same
    /// step and result, without creating a handle for `finish #ID` (``FlowRuntime/FlowCoordinator/finishShownInstance(_:outcome:arguments:)``).
    /// The explorer steps this way. Speed: PERFORMANCE.md, "Round 16, explorer".
    @MainActor
    package func step(on coordinator: FlowCoordinator) -> StepResult? {
        guard case .finish(let id, let outcome, let arguments) = self else { return drive(coordinator) }
        guard let flow = coordinator.shownInstanceFlow(id) else {
            return Self.refusedWithoutHandle(id, on: coordinator)
        }
        switch Self.values(of: arguments, outcome: outcome, flow: flow, in: coordinator.bundle) {
        case .success(let values): return coordinator.finishShownInstance(id, outcome: outcome, arguments: values)
        case .failure(let refusal): return refusal.result
        }
    }

    /// Runs every command but `finish` that drives the coordinator; nil for `snapshot`, `restore`,
    /// `condition` and `check`.
    @MainActor
    private func drive(_ coordinator: FlowCoordinator) -> StepResult? {
        switch self {
        case .start: return coordinator.start()
        case .event(let name, let token, let arguments):
            return coordinator.send(name, from: token, textArguments: arguments)
        case .back(let count): return coordinator.back(count)
        case .backTo(let length): return coordinator.back(toLength: length)
        case .confirm: return coordinator.confirmRemoval()
        case .keep: return coordinator.keepEditing()
        case .open(let url): return coordinator.open(url)
        case .stop: return coordinator.stop()
        case .backOnStack(let count, let stack): return coordinator.back(count, onStack: stack)
        case .select(let tab, let tabSet): return coordinator.select(tab: tab, in: tabSet)
        case .dismiss(let layer): return coordinator.dismiss(layer)
        case .finish, .snapshot, .restore, .condition, .check: return nil
        }
    }

    /// `finish #ID` with no handle of instance `id`: refused as through a handle the coordinator never gave.
    @MainActor
    private static func refusedWithoutHandle(_ id: FlowInstanceID, on coordinator: FlowCoordinator) -> StepResult {
        // A kept tab's instance restored and never shown has no object yet; finishing it is refused as
        // through a handle (a kept tab's flow is not shown, so it cannot finish).
        if coordinator.status == .running, coordinator.isInKeptTab(id) {
            return StepResult(.rejected, .instanceInKeptTab(id))
        }
        return coordinator.madeInstance(id)
            ? StepResult(.stale, .instanceNotAlive(id)) : StepResult(.rejected, .unknownInstance(id))
    }

    /// A `finish` refused for its texts, before it reaches the coordinator.
    private struct Refusal: Error {
        let result: StepResult
    }

    /// The values of `finish #ID OUTCOME key=value …`'s texts, for an instance of flow `flow` (its index in
    /// the bundle): the texts are parsed by the types of the outcome's parameters (an unknown outcome is left
    /// for the coordinator to refuse, the texts going as strings).
    private static func values(
        of textArguments: [String: String], outcome: String, flow: Int?, in bundle: FlowBundle
    ) -> Result<[String: Value], Refusal> {
        guard !textArguments.isEmpty, let flow, let index = bundle.flows[flow].outcomes.firstIndex(of: outcome)
        else {
            // An unknown outcome: the coordinator refuses it; the texts go as strings.
            return .success(textArguments.mapValues(Value.string))
        }
        var arguments: [String: Value] = [:]
        let parameters = bundle.flows[flow].parameters(ofOutcome: index)
        let receiver = "outcome '\(outcome)' of flow '\(bundle.flows[flow].name)'"
        for name in textArguments.keys.sorted() {
            let text = textArguments[name] ?? ""
            guard let parameter = parameters.first(where: { $0.name == name }) else {
                return .failure(
                    Refusal(result: StepResult(.rejected, .unknownArgument(receiver: receiver, name: name))))
            }
            guard let value = parameter.type.parse(text) else {
                return .failure(
                    Refusal(
                        result: StepResult(
                            .rejected,
                            .invalidArgument(receiver: receiver, name: name, text: text, type: parameter.type))))
            }
            arguments[name] = value
        }
        return .success(arguments)
    }
}
