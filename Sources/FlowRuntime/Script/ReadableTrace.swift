import FlowModel

/// A trace line for a person at a terminal (`flowc run` on a terminal): the step's outcome, the path
/// as `library › details(bookID: 7) › [edit] editor`, and the events the top screen accepts.
///
/// A route of another flow instance than the route below it starts with the child's name in brackets
/// (the child declaration, or the flow for the root); arguments follow the screen in parentheses,
/// sorted by name, strings quoted.
public enum ReadableTrace {
    /// The lines shown after a step, without a trailing newline.
    public static func render(_ trace: TraceLine, bundle: FlowBundle) -> String {
        var lines = [outcome(of: trace)]
        lines.append("path: " + path(of: trace))
        if let pending = trace.pending {
            lines.append("waiting: \(pending.prompt ?? "confirm removal") of \(pending.screen); type 'confirm' or 'keep'")
        } else if trace.coordinator == "running" {
            let events = acceptedEvents(of: trace, bundle: bundle)
            lines.append("events: " + (events.isEmpty ? "none (use 'back' or 'open URL')" : events.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// `applied`, `rejected: REASON`, … with the flows that finished and the root's outcome.
    public static func outcome(of trace: TraceLine) -> String {
        var text = trace.status + (trace.reason.map { ": \($0)" } ?? "")
        for finished in trace.finished ?? [] {
            text += "; \(finished.flow) (#\(finished.instance)) finished with \(finished.outcome)\(arguments(finished.arguments))"
        }
        if trace.coordinator == "finished" {
            text += "; the root flow finished" + (trace.outcome.map { " with \($0)" } ?? "")
        } else if trace.coordinator == "stopped" {
            text += "; stopped"
        }
        return text
    }

    /// `library › details(bookID: 7) › [edit] editor`; `(empty)` for an empty path.
    public static func path(of trace: TraceLine) -> String {
        guard !trace.path.isEmpty else { return "(empty)" }
        var declarations: [Int: String] = [:]
        var pending = trace.instances.map { [$0] } ?? []
        while let instance = pending.popLast() {
            declarations[instance.id] = instance.child ?? instance.flow
            pending.append(contentsOf: instance.children)
        }
        var parts: [String] = []
        var previousInstance = trace.path[0].instance
        for (index, route) in trace.path.enumerated() {
            var part = route.screen + arguments(route.arguments)
            if index > 0, route.instance != previousInstance {
                part = "[\(declarations[route.instance] ?? route.flow)] " + part
            }
            previousInstance = route.instance
            parts.append(part)
        }
        return parts.joined(separator: " › ")
    }

    /// The events the top route's screen declares, with their parameters: `selectBook(bookID: int)`.
    public static func acceptedEvents(of trace: TraceLine, bundle: FlowBundle) -> [String] {
        guard let top = trace.path.last,
            let flow = bundle.flows.first(where: { $0.name == top.flow }),
            let screen = flow.screens.first(where: { $0.name == top.screen })
        else { return [] }
        return screen.events.map { event in
            event.parameters.isEmpty ? event.name
                : event.name + "(" + event.parameters.map { "\($0.name): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
        }
    }

    private static func arguments(_ values: [String: JSONArgument]) -> String {
        guard !values.isEmpty else { return "" }
        let shown = values.sorted { $0.key < $1.key }.map { name, argument -> String in
            switch argument.value {
            case .string(let text): "\(name): \"\(text)\""
            case let other: "\(name): \(other)"
            }
        }
        return "(" + shown.joined(separator: ", ") + ")"
    }
}
