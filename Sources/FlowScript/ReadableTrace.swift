import FlowModel
import FlowRuntime

/// A trace line for a person at a terminal (`flowc run` on a terminal): the step's outcome, the path
/// as `[reading #1] library › details(bookID: 7) › [edit #2] editor`, the shown tab sets, and the events
/// the top screen accepts.
///
/// The first route of each flow instance starts with the instance in brackets: the child's name (the
/// flow, for the root), its id, and `sheet`, `cover` or `tab` when it begins a stack; arguments follow
/// the screen in parentheses, sorted by name, strings quoted. The ids are the operands of `finish`,
/// `dismiss`, `back N #ID` and `select TAB #ID`.
package enum ReadableTrace {
    /// The lines shown after a step, without a trailing newline.
    package static func render(_ trace: TraceLine, bundle: FlowBundle) -> String {
        var lines = [outcome(of: trace)]
        lines.append("path: " + path(of: trace))
        lines += tabs(of: trace)
        if let pending = trace.pending {
            lines.append(
                "waiting: \(pending.prompt ?? "confirm removal") of \(pending.screen); type 'confirm' or 'keep'")
        } else if trace.coordinator == "running" {
            let events = acceptedEvents(of: trace, bundle: bundle)
            lines.append(
                "events: " + (events.isEmpty ? "none (use 'back' or 'open URL')" : events.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// `applied`, `rejected: REASON`, … with the flows that finished, the kept tabs dropped and the root's outcome.
    package static func outcome(of trace: TraceLine) -> String {
        var text = trace.status + (trace.reason.map { ": \($0)" } ?? "")
        for finished in trace.finished ?? [] {
            text +=
                "; \(finished.flow) (#\(finished.instance)) finished with \(finished.outcome)\(arguments(finished.arguments))"
        }
        if let renaming = trace.renaming {
            if !renaming.renamed.isEmpty { text += "; renamed " + renaming.renamed.joined(separator: ", ") }
            if !renaming.refused.isEmpty { text += "; refused names: " + renaming.refused.joined(separator: "; ") }
        }
        for dropped in trace.droppedTabs ?? [] {
            text +=
                "; tab \(dropped.tab) (#\(dropped.instance)) of \(dropped.flow) dropped: \(dropped.routes.joined(separator: " › "))"
        }
        if trace.coordinator == "finished" {
            text += "; the root flow finished" + (trace.outcome.map { " with \($0)" } ?? "")
        } else if trace.coordinator == "stopped" {
            text += "; stopped"
        }
        return text
    }

    /// `[reading #1] library › details(bookID: 7) › [edit #2] editor`; `(empty)` for an empty path.
    ///
    /// The first route of each flow instance is led by the instance in brackets: its child declaration
    /// (the flow, for the root), its id (`#2`, the operand of `finish`, `dismiss`, `back N #ID` and
    /// `select TAB #ID`), and `sheet`, `cover` or `tab` for an instance that begins a stack of its own.
    /// Instances without routes of their own (a tab flow, a flow whose start is a child) are shown in the
    /// same brackets before the one whose route follows, separated by `/`: `[social #1 / feed #2 tab]`.
    package static func path(of trace: TraceLine) -> String {
        guard !trace.path.isEmpty else { return "(empty)" }
        // The shown instances, root first: each one's shown child is the one not kept in a tab.
        var shown: [InstanceTreeEntry] = []
        var next = trace.instances
        while let entry = next {
            shown.append(entry)
            next = entry.children.first { $0.kept != true }
        }
        var position: [Int: Int] = [:]
        for (index, entry) in shown.enumerated() { position[entry.id] = index }
        var tabSets: [Int: Set<String>] = [:]
        for set in trace.tabs ?? [] { tabSets[set.instance] = Set(set.tabs) }
        var parts: [String] = []
        var labelled = -1
        var previousInstance: Int?
        for route in trace.path {
            var part = route.screen + arguments(route.arguments)
            if route.instance != previousInstance {
                if let index = position[route.instance], index > labelled {
                    let labels = ((labelled + 1)...index).map { at in
                        label(
                            shown[at],
                            isTab: at > 0 && tabSets[shown[at - 1].id]?.contains(shown[at].child ?? "") == true)
                    }
                    part = "[" + labels.joined(separator: " / ") + "] " + part
                    labelled = index
                } else {
                    part = "[\(route.flow) #\(route.instance)] " + part
                }
            }
            previousInstance = route.instance
            parts.append(part)
        }
        return parts.joined(separator: " › ")
    }

    /// `edit #2`, `compose #3 sheet`, `feed #2 tab`: an instance as the path shows it.
    private static func label(_ entry: InstanceTreeEntry, isTab: Bool) -> String {
        var text = "\(entry.child ?? entry.flow) #\(entry.id)"
        if let presentation = entry.presentation {
            text += " " + presentation
        } else if isTab {
            text += " tab"
        }
        return text
    }

    /// One line per shown tab set, outermost first: `tabs of social #1: feed #2 (shown), search #5 (kept),
    /// profile`: the selected tab, the started ones kept aside with their instance ids (for `back N #ID`),
    /// and those not started yet.
    package static func tabs(of trace: TraceLine) -> [String] {
        guard let sets = trace.tabs else { return [] }
        var entries: [Int: InstanceTreeEntry] = [:]
        var pending = trace.instances.map { [$0] } ?? []
        while let entry = pending.popLast() {
            entries[entry.id] = entry
            pending.append(contentsOf: entry.children)
        }
        return sets.map { set in
            let owner = entries[set.instance]
            // The set's started tabs by name: the shown one and those kept aside.
            let started = Dictionary(
                (owner?.children ?? []).compactMap { child in child.child.map { ($0, child.id) } },
                uniquingKeysWith: { first, _ in first })
            let named = owner.map { ($0.child ?? $0.flow) } ?? set.flow
            let tabs = set.tabs.map { tab -> String in
                guard let id = started[tab] else { return tab }
                return tab == set.selected ? "\(tab) #\(id) (shown)" : "\(tab) #\(id) (kept)"
            }
            return "tabs of \(named) #\(set.instance): " + tabs.joined(separator: ", ")
        }
    }

    /// The events the top route's screen declares, with their parameters: `selectBook(bookID: int)`.
    package static func acceptedEvents(of trace: TraceLine, bundle: FlowBundle) -> [String] {
        guard let top = trace.path.last,
            let flow = bundle.flows.first(where: { $0.name == top.flow }),
            let screen = flow.screens.first(where: { $0.name == top.screen })
        else { return [] }
        return screen.events.map { event in
            event.parameters.isEmpty
                ? event.name
                : event.name + "(" + event.parameters.map { "\($0.name): \($0.type.rawValue)" }.joined(separator: ", ")
                    + ")"
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
