import FlowDefinitions
import FlowModel

/// The names former names are checked in (`formerly:` and `aliases:`, since format 1.2), shared by FC280 and
/// FC281: the flows of the set; each flow's screens and children (one namespace, as for current names); each
/// flow's outcomes; each flow's link patterns, compared by what they match (literals and placeholder types).
struct RenameNamespaces {
    /// One declaration: what it is, its current name and its former names, each with its comparison key.
    struct Entry {
        var kind: String
        var name: Located<String>
        var key: String
        var formers: [(name: Located<String>, key: String)]
    }

    /// A finding of one of the two rules: a clash (FC280) or a loop (FC281).
    struct Finding {
        var isLoop: Bool
        var message: String
        var location: SourceLocation
        var notes: [DiagnosticNote]
    }

    /// Every namespace of `catalog`, with the findings about its former names, in declaration order.
    static func findings(in catalog: FlowCatalog) -> [Finding] {
        var namespaces: [[Entry]] = [
            catalog.uniqueFlows.map { flow in
                Entry(
                    kind: "flow", name: flow.name, key: flow.name.value,
                    formers: flow.formerNames.map { ($0, $0.value) })
            }
        ]
        for flow in catalog.uniqueFlows {
            // Only a former name can be a finding: a namespace without any is not built (almost none has one).
            // Speed: PERFORMANCE.md, "Shapes kept for speed".
            let screens = flow.screens
            let children = flow.children
            let screensHaveFormers =
                screens.indices.contains { !screens[$0].formerNames.isEmpty }
                || children.indices.contains { !children[$0].formerNames.isEmpty }
            if screensHaveFormers {
                namespaces.append(
                    flow.screens.map {
                        Entry(kind: "screen", name: $0.name, key: $0.name.value, formers: names($0.formerNames))
                    }
                        + flow.children.map {
                            Entry(kind: "child", name: $0.name, key: $0.name.value, formers: names($0.formerNames))
                        })
            }
            if !flow.outcomeFormerNames.isEmpty {
                namespaces.append(
                    flow.outcomes.map {
                        Entry(
                            kind: "outcome", name: $0, key: $0.value,
                            formers: names(flow.outcomeFormerNames[$0.value] ?? []))
                    })
            }
            if flow.links.contains(where: { !$0.aliases.isEmpty }) {
                namespaces.append(
                    flow.links.map { link in
                        Entry(
                            kind: "link", name: link.pattern, key: shape(link.segments),
                            formers: link.aliases.map { ($0.pattern, shape($0.segments)) })
                    })
            }
        }
        return namespaces.flatMap(findings(among:))
    }

    private static func names(_ names: [Located<String>]) -> [(name: Located<String>, key: String)] {
        names.map { ($0, $0.value) }
    }

    /// What a pattern matches: its literals and its placeholders' types (`/posts/{id:int}` and
    /// `/posts/{postID:int}` match the same URLs).
    static func shape(_ segments: [LinkSegment]) -> String {
        segments.map { segment in
            switch segment.kind {
            case .literal(let text): "/" + text
            case .placeholder(_, let type): "/{\(type.rawValue)}"
            }
        }.joined()
    }

    /// The findings of one namespace: a former name that is its own declaration's name or a name another
    /// declaration lists back (loops), that another declaration has now, or that an earlier one lists too.
    private static func findings(among entries: [Entry]) -> [Finding] {
        var current: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where current[entry.key] == nil { current[entry.key] = index }
        var listed: [String: (entry: Int, name: Located<String>)] = [:]
        var found: [Finding] = []
        for (index, entry) in entries.enumerated() {
            let what = "\(entry.kind) \(MessageText.name(entry.name.value))"
            for former in entry.formers {
                let formerName = MessageText.name(former.name.value)
                if former.key == entry.key {
                    found.append(
                        Finding(
                            isLoop: true,
                            message:
                                "\(what) lists itself as a former \(entry.kind == "link" ? "pattern" : "name"); a rename leads from an old name to a new one, so remove \(formerName)",
                            location: former.name.location, notes: []))
                } else if let other = current[former.key] {
                    let owner = entries[other]
                    let otherWhat = "\(owner.kind) \(MessageText.name(owner.name.value))"
                    if owner.formers.contains(where: { $0.key == entry.key }) {
                        // A loop is reported once, at the second of the two declarations.
                        if other < index {
                            found.append(
                                Finding(
                                    isLoop: true,
                                    message:
                                        "\(what) was formerly \(formerName), and \(otherWhat) was formerly \(MessageText.name(entry.name.value)): the renames form a loop, so neither old name can be told from the other; keep one direction",
                                    location: former.name.location,
                                    notes: [DiagnosticNote("\(otherWhat) is declared here", at: owner.name.location)]))
                        }
                    } else {
                        found.append(
                            Finding(
                                isLoop: false,
                                message:
                                    "former name \(formerName) of \(what) is the name of \(otherWhat); a name in use cannot also be a former name, or a saved state naming it would change meaning",
                                location: former.name.location,
                                notes: [DiagnosticNote("\(otherWhat) is declared here", at: owner.name.location)]))
                    }
                } else if let earlier = listed[former.key] {
                    let owner = entries[earlier.entry]
                    let otherWhat =
                        earlier.entry == index ? "it" : "\(owner.kind) \(MessageText.name(owner.name.value))"
                    found.append(
                        Finding(
                            isLoop: false,
                            message:
                                "former name \(formerName) of \(what) is listed by \(otherWhat) too; each former name belongs to one declaration, listed once",
                            location: former.name.location,
                            notes: [DiagnosticNote("\(formerName) is listed here first", at: earlier.name.location)]))
                } else {
                    listed[former.key] = (index, former.name)
                }
            }
        }
        return found
    }
}
