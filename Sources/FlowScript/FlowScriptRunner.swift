import FlowModel
import FlowRuntime
import Foundation

/// Drives a coordinator from a `flowc run` script and describes each step as one JSON line.
///
/// The runner is its coordinator's host: `condition` and `check` commands set the answers (conditions
/// default to false, checks to true). See docs/RUNNING.md.
@MainActor
package final class FlowScriptRunner {
    /// The host answers the script sets; shared with the coordinator's host closures.
    private final class Answers {
        var conditions: [String: Bool] = [:]
        var checks: [String: [String: Bool]] = [:]
    }

    /// The largest script `flowc run` reads: 64 MiB (docs/LIMITS.md); past it the script is refused
    /// before any line runs.
    package nonisolated static let maxScriptBytes = 64 << 20

    /// The coordinator the script drives.
    package let coordinator: FlowCoordinator
    private let answers = Answers()
    /// The conditions and checks the bundle names: a script's `condition` or `check` of another name is
    /// refused (a misspelling would otherwise be "applied" and never asked).
    private let conditionNames: [String]
    private let checkNames: [String]
    private var lastSnapshot: FlowSnapshot?
    /// Every instance object seen, so `finish #ID` can act like a host that kept a handle.
    private var handles: [FlowInstanceID: FlowInstance] = [:]
    private var lineNumber = 0
    /// Whether any line was not a valid command.
    package private(set) var hadSyntaxErrors = false

    /// Creates a runner for the flow named `flow` (not started: scripts begin with `start`, `open` or `restore`).
    /// - Throws: ``FlowRuntimeError/unknownFlow(_:)`` or an argument error for the root flow.
    package init(bundle: FlowBundle, flow: String) throws(FlowRuntimeError) {
        let answers = self.answers
        conditionNames = bundle.conditionNames
        checkNames = bundle.checkNames
        coordinator = try FlowCoordinator(
            bundle: bundle, flow: flow,
            host: FlowHost(
                condition: { answers.conditions[$0] ?? false },
                check: { name, value in answers.checks[name]?[value.description] ?? true }))
    }

    /// Runs one script line; nil for a blank line or a comment, else the trace line. A byte order mark
    /// (U+FEFF) at the start of the first line, which some editors write at the start of a UTF-8 file, is
    /// not part of the command (as for flow files).
    @discardableResult
    package func run(line text: String) -> TraceLine? {
        lineNumber += 1
        var text = text
        if lineNumber == 1, text.unicodeScalars.first == "\u{FEFF}" {
            text = String(text.unicodeScalars.dropFirst())
        }
        let command: ScriptCommand?
        do {
            command = try ScriptCommand.parse(text)
        } catch {
            hadSyntaxErrors = true
            return trace(text, status: "invalid", reason: error.message, snapshot: nil)
        }
        guard let command else { return nil }
        return run(command, as: text)
    }

    /// Runs one command (written as ``ScriptCommand/line`` in its trace line), as ``run(line:)`` runs the
    /// line that parses to it.
    @discardableResult
    package func run(_ command: ScriptCommand) -> TraceLine {
        lineNumber += 1
        return run(command, as: command.line)
    }

    private func run(_ command: ScriptCommand, as text: String) -> TraceLine {
        var snapshot: FlowSnapshot?
        let result: StepResult
        if let stepped = command.step(on: coordinator, handle: { handles[$0] }) {
            result = stepped
        } else {
            switch command {
            case .snapshot:
                snapshot = coordinator.snapshot()
                lastSnapshot = snapshot
                result = .applied
            case .restore(let json):
                if let json {
                    do throws(FlowRuntimeError) {
                        result = coordinator.restore(try FlowSnapshot(json: json))
                    } catch {
                        result = StepResult(.rejected, error)
                    }
                } else if let lastSnapshot {
                    result = coordinator.restore(lastSnapshot)
                } else {
                    result = StepResult(.rejected, .invalidSnapshot("no snapshot was taken"))
                }
            case .condition(let name, _) where !conditionNames.contains(name):
                return trace(
                    text, status: "rejected", reason: Self.unknown("condition", name, among: conditionNames),
                    snapshot: nil)
            case .check(let name, _, _) where !checkNames.contains(name):
                return trace(
                    text, status: "rejected", reason: Self.unknown("check", name, among: checkNames), snapshot: nil)
            case .condition(let name, let value):
                answers.conditions[name] = value
                result = .applied
            case .check(let name, let value, let answer):
                answers.checks[name, default: [:]][value] = answer
                result = .applied
            case .start, .event, .back, .backTo, .confirm, .keep, .open, .stop, .backOnStack, .select, .dismiss,
                .finish:
                result = .applied  // not reached: these drive the coordinator, and `step` ran them
            }
        }
        var line = trace(text, status: result.status.rawValue, reason: result.reason?.description, snapshot: snapshot)
        line.record(result)
        return line
    }

    /// Why a `condition` or `check` of a name the bundle does not ask is refused, with "did you mean".
    package static func unknown(_ kind: String, _ name: String, among known: [String]) -> String {
        let asked = kind == "condition" ? "no flow declares condition" : "no parameter names check"
        let reason = "\(asked) \(MessageText.name(name))"
        let hint = NameSuggestion.hint(for: name, among: known)
        if !hint.isEmpty { return reason + hint }
        if known.isEmpty { return reason + "; the flows ask no \(kind)" }
        return reason + "; the \(kind)s are " + known.map { "\(MessageText.name($0))" }.joined(separator: ", ")
    }

    /// Runs every line of `script`, returning the trace lines.
    package func run(script: String) -> [TraceLine] {
        Self.lines(of: script).compactMap { run(line: $0) }
    }

    /// The lines of a script: split at `\n`, `\r\n` or `\r` (a script saved with Windows line ends runs
    /// as written), keeping empty lines so that line numbers stay right.
    package static func lines(of script: String) -> [String] {
        ScriptText.lines(of: script)
    }

    /// One trace line as compact JSON with sorted keys.
    ///
    /// Foundation's encoder refuses deeply nested values; a chain of some 250 nested child flows
    /// makes `instances` that deep. The line is then written without `instances`, and `reason`
    /// says so, rather than lost.
    package static func json(_ line: TraceLine) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(line) { return String(decoding: data, as: UTF8.self) }
        var shallow = line
        shallow.instances = nil
        let note = "the instance tree is nested too deeply to write as JSON; 'instances' is left out"
        shallow.reason = shallow.reason.map { "\($0); \(note)" } ?? note
        guard let data = try? encoder.encode(shallow) else {
            return #"{"line":\#(line.line),"reason":"the trace line could not be written as JSON","status":"invalid"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func trace(_ text: String, status: String, reason: String?, snapshot: FlowSnapshot?) -> TraceLine {
        let instances = coordinator.instanceTree()
        if let instances { keepHandles(of: instances) }
        return TraceLine(
            line: lineNumber, text: text, status: status, reason: reason, coordinator: coordinator,
            instances: instances, snapshot: snapshot)
    }

    /// Keeps a handle of every instance of the tree, as a host that saw it would: `finish #ID` uses them.
    private func keepHandles(of tree: InstanceTreeEntry) {
        var pending = [tree]
        while let entry = pending.popLast() {
            let id = FlowInstanceID(entry.id)
            if handles[id] == nil, let object = coordinator.instance(id) ?? coordinator.keptInstanceObject(id) {
                handles[id] = object
            }
            pending += entry.children
        }
    }
}
