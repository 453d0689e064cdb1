import FlowDefinitions
import FlowModel
import FlowYAML

/// Decoding `links`, `linkPolicy` and their route lists.
extension FlowDecoder {
    mutating func readLinks(_ node: YAMLNodeRef) -> [LinkDefinition] {
        guard let entries = readMapping(node, as: "links") else { return [] }
        var links: [LinkDefinition] = []
        for entry in entries {
            // A link that does not decode whole is damaged: no rule reports what its missing parts imply.
            let before = diagnostics.count
            let (link, otherwiseWithoutWhen) = readLink(entry)
            noteDamage(since: before, from: startOffset(entry.key), to: endOffset(entry.value))
            // Reported after: the link is read whole, so the rules still check it.
            if let keyNode = otherwiseWithoutWhen {
                report(MissingKey.self, "'otherwise' needs 'when: CONDITION' beside it", at: keyNode)
            }
            if let link { links.append(link) }
        }
        return links
    }

    /// One entry of `links`, and the `otherwise` key of a guarded link written without `when`.
    private mutating func readLink(_ entry: YAMLEntryRef) -> (LinkDefinition?, otherwiseWithoutWhen: YAMLNodeRef?) {
        guard let (pattern, segments) = readLinkPattern(entry.key) else { return (nil, nil) }
        var link = LinkDefinition(
            pattern: Located(pattern, at: location(of: entry.key)), segments: segments, routes: [])
        guard isMapping(entry.value) else {
            guard let routes = readRouteList(entry.value, as: "a link's route list") else { return (nil, nil) }
            link.routes = routes
            return (link, nil)
        }
        // A guarded link (since format 1.1): `{ when: …, routes: […], otherwise: … }`.
        guard let mapping = readMapping(entry.value, as: "a guarded link", keys: LinkKeys.self, required: [.routes]),
            let routes = mapping[.routes].flatMap({ readRouteList($0, as: "a link's route list") })
        else { return (nil, nil) }
        link.routes = routes
        if let aliases = mapping[.aliases] { link.aliases = readAliases(aliases) }
        link.guardConditions =
            mapping[.when].map { node in
                if let items = sequenceItems(node), items.isEmpty {
                    report(
                        InvalidValue.self, "'when' is empty; name a condition (or a list of them), or remove 'when'",
                        at: node)
                    return []
                }
                return isSequence(node)
                    ? readNames(node, as: "condition") : readName(node, as: "condition").map { [$0] } ?? []
            } ?? []
        link.tabs = mapping[.tabs].flatMap { readEnumValue($0, LinkTabsPolicy.self, as: "link tabs policy") }
        if let node = mapping[.otherwise], let keyNode = mapping.keyNode(.otherwise) {
            link.otherwise = readOtherwise(node, at: location(of: keyNode))
        }
        // A 'when' that is written but unreadable is reported where it is, not as missing.
        let otherwiseWithoutWhen = mapping[.when] == nil ? mapping.keyNode(.otherwise) : nil
        return (link, otherwiseWithoutWhen)
    }

    /// A link pattern (a key of `links`, or an entry of `aliases`) and its segments; nil when it is not one
    /// (reported).
    private mutating func readLinkPattern(_ node: YAMLNodeRef) -> (String, [LinkSegment])? {
        let (start, source, document) = (location(of: node), self.source, self.document)
        guard let pattern = readScalar(node, as: "a link pattern") else { return nil }
        var patternDiagnostics: [Diagnostic] = []
        let segments = LinkPatternParser.parse(
            pattern, at: contentLocation(of: node),
            // The character's own location, else the node's start: counting from the node's start is
            // wrong after an anchor or tag, in a block scalar, or through an alias.
            // One locator per pattern: locating each segment by rescanning the node was quadratic.
            locate: { [locator = ScalarCharacterLocation.Locator(node, of: document, start: start, source: source)] in
                locator?.location(ofCharacter: $0) ?? start
            },
            reportingTo: &patternDiagnostics)
        for diagnostic in patternDiagnostics { diagnostics.append(diagnostic) }
        return segments.map { (pattern, $0) }
    }

    /// `aliases: ["/old/{id:int}", …]` (since format 1.2): the link's former patterns, a non-empty list.
    private mutating func readAliases(_ node: YAMLNodeRef) -> [LinkAliasDefinition] {
        guard let items = readSequence(node, as: "a list of link patterns") else { return [] }
        if items.isEmpty {
            report(
                InvalidValue.self, "'aliases' is empty; list the link's former patterns, or remove 'aliases'", at: node)
            return []
        }
        return items.compactMap { item in
            readLinkPattern(item).map {
                LinkAliasDefinition(pattern: Located($0.0, at: location(of: item)), segments: $0.1)
            }
        }
    }

    /// A link's `otherwise`: a route list, or `{ routes: […], continueOn: OUTCOME }`.
    private mutating func readOtherwise(_ node: YAMLNodeRef, at location: SourceLocation) -> LinkOtherwiseDefinition? {
        guard isMapping(node) else {
            return readRouteList(node, as: "an 'otherwise' route list").map {
                LinkOtherwiseDefinition(routes: $0, location: location)
            }
        }
        guard let mapping = readMapping(node, as: "an 'otherwise'", keys: LinkOtherwiseKeys.self, required: [.routes]),
            let routes = mapping[.routes].flatMap({ readRouteList($0, as: "an 'otherwise' route list") })
        else { return nil }
        return LinkOtherwiseDefinition(
            routes: routes, continueOn: mapping[.continueOn].flatMap { readName($0, as: "outcome") }, location: location
        )
    }

    /// A non-empty list of routes: names, or one-entry mappings of name → arguments.
    mutating func readRouteList(_ node: YAMLNodeRef, as what: String) -> [LinkRouteDefinition]? {
        guard let items = readSequence(node, as: what) else { return nil }
        if items.isEmpty {
            report(InvalidValue.self, "\(what) is empty; list at least one route", at: node)
            return nil
        }
        return items.compactMap { item in
            readNamedItem(
                item, as: "a route", nameKind: "route name",
                shape: "a route is a name or a mapping with one entry, NAME: { ARGUMENTS }"
            )
            .map { LinkRouteDefinition(name: $0.name, arguments: $0.arguments) }
        }
    }

    mutating func readLinkPolicy(_ node: YAMLNodeRef) -> LinkPolicyDefinition? {
        if !isMapping(node) {
            guard let policy = readEnumValue(node, LinkPolicy.self, as: "link policy") else { return nil }
            if policy.value == .redirect {
                report(
                    InvalidValue.self, "'redirect' needs a screen; write 'linkPolicy: { redirect: SCREEN }'", at: node)
                return nil
            }
            return LinkPolicyDefinition(policy: policy.value, location: policy.location)
        }
        guard let mapping = readMapping(node, as: "a link policy", keys: LinkPolicyKeys.self, required: [.redirect]),
            let screen = mapping[.redirect].flatMap({ readName($0, as: "screen name") })
        else { return nil }
        return LinkPolicyDefinition(policy: .redirect, redirect: screen, location: location(of: node))
    }
}
