import FlowCompiler
import FlowDefinitions
import FlowModel

/// What the page shows on demand about one flow (the JSON the page's script reads): each declaration
/// with where it is written (`file:line` and an editor URL), a screen's parameters with their types and
/// constraints, who reaches it and its events, a child's presentation and outcome handlers, a link's
/// pattern and routes, and the diagnostics in the flow's file.
struct ViewFlowDetails: Encodable, Equatable {
    struct Place: Encodable, Equatable {
        var file: String
        var line: Int
        var column: Int
        /// The editor's URL (``ViewEditor``): `vscode://file/ABSOLUTE:LINE:COLUMN` by default; empty for none.
        var url: String
    }

    struct Parameter: Encodable, Equatable {
        var name: String
        var type: String
        /// `min 1, max 9, default 3`, empty when unconstrained.
        var constraints: String
        var at: Place
    }

    struct Event: Encodable, Equatable {
        var name: String
        var action: String
        var at: Place
    }

    struct Reach: Encodable, Equatable {
        /// `start`, `list.open (push)`, `editor: saved ⇒ push note`, `link /books/{id}`.
        var by: String
        var at: Place
    }

    struct Screen: Encodable, Equatable {
        var name: String
        var at: Place
        var parameters: [Parameter]
        var events: [Event]
        var reachedBy: [Reach]
    }

    /// An outcome the flow finishes with, and the actions that finish with it.
    struct Finish: Encodable, Equatable {
        var name: String
        var at: Place
        var reachedBy: [Reach]
    }

    /// The flow's start: its action (`library`, `if signedIn: home else signIn`).
    struct Start: Encodable, Equatable {
        var action: String
        var at: Place
    }

    struct Outcome: Encodable, Equatable {
        var outcome: String
        var action: String
        var at: Place
    }

    struct Child: Encodable, Equatable {
        var name: String
        var flow: String
        /// `push`, `sheet`, `cover` or `tab`.
        var presentation: String
        var outcomes: [Outcome]
        var at: Place
    }

    struct Link: Encodable, Equatable {
        var pattern: String
        var routes: String
        var guarded: String
        var otherwise: String
        var at: Place
    }

    struct Finding: Encodable, Equatable {
        var code: String
        var severity: String
        var message: String
        var at: Place
        /// Its notes, as `flowc validate` prints them under it (where a name was first defined, how to
        /// reproduce a `flowc check` finding); nil (no key) when it has none.
        var notes: [Note]?
    }

    /// A note of a diagnostic, with where it points.
    struct Note: Encodable, Equatable {
        var message: String
        var at: Place
    }

    var name: String
    var at: Place
    var tabs: [String]
    var parameters: [Parameter]
    var start: Start
    var outcomes: [Finish]
    var screens: [Screen]
    var children: [Child]
    var links: [Link]
    var diagnostics: [Finding]
}

extension ViewFlowDetails {
    /// The details of `flow`; `base` makes relative file names absolute for editor URLs.
    init(_ flow: FlowDefinition, diagnostics: [Diagnostic], base: String, editor: ViewEditor = .vscode) {
        func place(_ location: SourceLocation) -> Place { Self.place(location, base: base, editor: editor) }
        func parameter(_ definition: ParameterDefinition) -> Parameter {
            var parts: [String] = []
            let constraints = definition.constraints
            if let minimum = constraints.minimum { parts.append("min \(Self.number(minimum))") }
            if let maximum = constraints.maximum { parts.append("max \(Self.number(maximum))") }
            if let values = constraints.allowedValues {
                parts.append("one of " + values.map(Self.shown).joined(separator: ", "))
            }
            if let length = constraints.minimumLength { parts.append("minLength \(length)") }
            if let length = constraints.maximumLength { parts.append("maxLength \(length)") }
            if let pattern = constraints.pattern { parts.append("pattern \(pattern)") }
            if let check = constraints.check { parts.append("check \(check)") }
            if let value = definition.defaultValue { parts.append("default " + Self.shown(value.value)) }
            return Parameter(
                name: definition.name.value, type: definition.type.value.rawValue,
                constraints: parts.joined(separator: ", "),
                at: place(definition.name.location))
        }
        let tabNames = Set(flow.tabs.map(\.name.value))
        var reached: [String: [Reach]] = [:]
        var finished: [String: [Reach]] = [:]
        func note(_ action: ActionDefinition, by: (String) -> String) {
            for alternative in action.alternatives {
                let target: String
                let verb: String
                switch alternative.kind {
                case .push(let screen, _): (target, verb) = (screen.value, "push")
                case .show(let screen, _): (target, verb) = (screen.value, "show")
                case .replaceRoot(let screen, _): (target, verb) = (screen.value, "replaceRoot")
                case .popTo(let screen): (target, verb) = (screen.value, "popTo")
                case .startChild(let child, _): (target, verb) = (child.value, "start")
                case .select(let tab), .selectShowing(let tab, _): (target, verb) = (tab.value, "select")
                case .finish(let outcome, _):
                    finished[outcome.value, default: []].append(
                        Reach(by: by("finish"), at: place(alternative.location)))
                    continue
                default: continue
                }
                reached[target, default: []].append(Reach(by: by(verb), at: place(alternative.location)))
            }
        }
        note(flow.start) { "start (\($0))" }
        for screen in flow.screens {
            for event in screen.events { note(event.action) { "\(screen.name.value).\(event.name.value) (\($0))" } }
        }
        for child in flow.children {
            for handler in child.handlers {
                note(handler.action) { "\(child.name.value): \(handler.outcome.value) ⇒ \($0)" }
            }
        }
        // A link opens each of its routes in this flow, up to the first child (the rest are that child's).
        let childNames = Set(flow.children.map(\.name.value))
        for link in flow.links {
            for route in link.routes {
                reached[route.name.value, default: []].append(
                    Reach(by: "link \(link.pattern.value)", at: place(route.name.location)))
                if childNames.contains(route.name.value) { break }
            }
        }
        self.init(
            name: flow.name.value, at: place(flow.name.location), tabs: flow.tabs.map(\.name.value),
            parameters: flow.parameters.map(parameter),
            start: Start(
                action: FlowDiagram.summary(flow.start),
                at: place(flow.start.alternatives.first?.location ?? flow.name.location)),
            outcomes: flow.outcomes.map {
                Finish(name: $0.value, at: place($0.location), reachedBy: finished[$0.value] ?? [])
            },
            screens: flow.screens.map { screen in
                Screen(
                    name: screen.name.value, at: place(screen.name.location),
                    parameters: screen.parameters.map(parameter),
                    events: screen.events.map {
                        Event(name: $0.name.value, action: FlowDiagram.summary($0.action), at: place($0.name.location))
                    },
                    reachedBy: reached[screen.name.value] ?? [])
            },
            children: flow.children.map { child in
                Child(
                    name: child.name.value, flow: child.flow.value,
                    presentation: tabNames.contains(child.name.value) ? "tab" : child.presentationStyle.rawValue,
                    outcomes: child.handlers.map {
                        Outcome(
                            outcome: $0.outcome.value, action: FlowDiagram.summary($0.action),
                            at: place($0.outcome.location))
                    }, at: place(child.name.location))
            },
            links: flow.links.map { link in
                Link(
                    pattern: link.pattern.value, routes: link.routes.map(\.name.value).joined(separator: " › "),
                    guarded: link.guardConditions.map(\.value).joined(separator: ", "),
                    otherwise: link.otherwise.map { $0.routes.map(\.name.value).joined(separator: " › ") } ?? "",
                    at: place(link.pattern.location))
            },
            diagnostics: diagnostics.map { Self.finding($0, base: base, editor: editor) })
    }
}

extension String {
    /// The path with what a URL path may not hold percent-encoded (Foundation-free: bytes outside
    /// unreserved characters and `/`).
    var addingPercentEncodingForURLPath: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }
}

extension ViewFlowDetails {
    /// Where `location` is, with its editor URL.
    static func place(_ location: SourceLocation, base: String, editor: ViewEditor = .vscode) -> Place {
        let file = location.file
        let absolute = file.hasPrefix("/") ? file : base + "/" + file
        return Place(
            file: file, line: location.line, column: location.column,
            url: editor.url(absolute, line: location.line, column: location.column))
    }

    static func finding(_ diagnostic: Diagnostic, base: String, editor: ViewEditor = .vscode) -> Finding {
        Finding(
            code: diagnostic.code, severity: diagnostic.severity.rawValue, message: diagnostic.message,
            at: place(diagnostic.location, base: base, editor: editor),
            notes: diagnostic.notes.isEmpty
                ? nil
                : diagnostic.notes.map {
                    Note(message: $0.message, at: place($0.location, base: base, editor: editor))
                })
    }

    /// A value as written in flow files (`7`, `true`, `Dune`), a string quoted when it would not read
    /// back as itself in a list: empty (`""`), with a space at an end, or holding a comma or a quote.
    static func shown(_ value: Value) -> String {
        guard case .string(let text) = value else { return value.description }
        let plain =
            !text.isEmpty && text.first != " " && text.last != " " && !text.contains(",") && !text.contains("\"")
        guard !plain else { return text }
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    /// `3` for 3.0, else the number as Swift writes it.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
