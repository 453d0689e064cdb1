// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// Writes compiled flows in flowc's binary bundle encoding (docs/BUNDLE.md, "Binary encoding").
///
/// A hand-written codec, field by field in each graph type's declaration order. `BundleCodecTests`
/// checks that each graph type still has exactly the fields written here, so a field added to a type
/// fails a test until it is written, read and the format version raised.
///
/// Each flow is one section with its own string table, so sections are encoded on all cores and read
/// back the same way; the output does not depend on thread timing: sections are joined in flow order,
/// and strings are numbered in the order a section first writes them.
struct BinaryBundleEncoder {
    /// The encoded payload of `flows`: their count, each section's length in bytes, then the sections.
    /// `version` is the bundle format version to write: 4 leaves out ``FlowGraph/renames`` and the format
    /// 1.2 fields (which such a bundle, read from a version 4 file, never holds); 5 and later write them.
    static func payload(of flows: [FlowGraph], version: Int = FlowBundle.currentFormatVersion) -> [UInt8] {
        let screens = flows.reduce(0) { $0 + $1.screens.count }
        let sections = ParallelMap.map(
            count: flows.count, work: screens, parallelFrom: ParallelMap.bundleScreensForParallelWork
        ) {
            index in
            var encoder = BinaryBundleEncoder()
            encoder.flow(flows[index], version: version)
            return encoder.section()
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(sections.reduce(10) { $0 + $1.count + 10 })
        appendVarint(UInt64(flows.count), to: &payload)
        for section in sections { appendVarint(UInt64(section.count), to: &payload) }
        for section in sections { payload += section }
        return payload
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private var body: [UInt8] = []
    private var strings: [String] = []
    private var stringIndex: [String: Int] = [:]

    /// The section: the string table, then the flow.
    private func section() -> [UInt8] {
        var section: [UInt8] = []
        section.reserveCapacity(body.count + strings.count * 12 + 10)
        Self.appendVarint(UInt64(strings.count), to: &section)
        for text in strings {
            Self.appendVarint(UInt64(text.utf8.count), to: &section)
            section.append(contentsOf: text.utf8)
        }
        section += body
        return section
    }

    // MARK: Scalars

    private mutating func varint(_ value: UInt64) { Self.appendVarint(value, to: &body) }
    private mutating func int(_ value: Int) { varint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }
    private mutating func count(_ value: Int) { varint(UInt64(value)) }
    private mutating func bool(_ value: Bool) { body.append(value ? 1 : 0) }
    /// An enum case's tag, one byte.
    private mutating func tag(_ value: UInt8) { body.append(value) }

    private mutating func double(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { body.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    private mutating func string(_ text: String) {
        if let index = stringIndex[text] { return varint(UInt64(index)) }
        stringIndex[text] = strings.count
        varint(UInt64(strings.count))
        strings.append(text)
    }

    private mutating func strings(_ texts: [String]) {
        count(texts.count)
        for text in texts { string(text) }
    }

    /// A presence byte (0 absent, 1 present), then the value when there is one.
    private mutating func optional<T>(_ value: T?, _ write: (inout Self, T) -> Void) {
        guard let value else { return body.append(0) }
        body.append(1)
        write(&self, value)
    }

    private mutating func optionalInt(_ value: Int?) { optional(value) { $0.int($1) } }

    /// The cases of the graph's `String`-backed enums: their position in declaration order, one byte.
    private mutating func type(_ type: ParameterType) {
        switch type {
        case .int: tag(0)
        case .string: tag(1)
        case .bool: tag(2)
        case .double: tag(3)
        }
    }

    private mutating func removal(_ policy: RemovalPolicy) {
        switch policy {
        case .discard: tag(0)
        case .confirm: tag(1)
        case .preserve: tag(2)
        }
    }

    private mutating func linkPolicy(_ policy: LinkPolicy) {
        switch policy {
        case .allow: tag(0)
        case .queue: tag(1)
        case .reject: tag(2)
        case .redirect: tag(3)
        }
    }

    private mutating func presentation(_ presentation: Presentation) {
        switch presentation {
        case .push: tag(0)
        case .sheet: tag(1)
        case .cover: tag(2)
        }
    }

    // MARK: Graph values, fields in declaration order

    private mutating func flow(_ flow: FlowGraph, version: Int) {
        string(flow.name)
        parameters(flow.parameters)
        strings(flow.conditions)
        action(flow.start)
        strings(flow.outcomes)
        optional(flow.outcomeParameters) { encoder, lists in
            encoder.count(lists.count)
            for list in lists { encoder.parameters(list) }
        }
        count(flow.screens.count)
        for screen in flow.screens { self.screen(screen, version: version) }
        count(flow.children.count)
        for child in flow.children { self.child(child) }
        count(flow.links.count)
        for link in flow.links { self.link(link, version: version) }
        linkPolicy(flow.linkPolicy)
        optional(flow.linkPolicyDeclared) { $0.bool($1) }
        optionalInt(flow.linkRedirect)
        optionalInt(flow.linkFallback)
        count(flow.tabs.count)
        for tab in flow.tabs {
            int(tab.child)
            arguments(tab.arguments)
        }
        if version >= 5 {
            optional(flow.renames) { $0.renames($1) }
            optional(flow.backAtTabRoot) { encoder, policy in encoder.tag(policy == .refuse ? 0 : 1) }
        }
    }

    /// Since bundle format 5: each list of names as a list of strings, each alias as its pattern and segments.
    private mutating func renames(_ renames: FlowRenames) {
        strings(renames.flow)
        for lists in [renames.screens, renames.children, renames.outcomes] {
            count(lists.count)
            for names in lists { strings(names) }
        }
        count(renames.linkAliases.count)
        for aliases in renames.linkAliases {
            count(aliases.count)
            for alias in aliases {
                string(alias.pattern)
                segments(alias.segments)
            }
        }
    }

    private mutating func parameters(_ parameters: [ParameterNode]) {
        count(parameters.count)
        for parameter in parameters {
            string(parameter.name)
            type(parameter.type)
            constraints(parameter.constraints)
            optional(parameter.defaultValue) { $0.value($1) }
        }
    }

    /// One byte of flags, bit `i` set when the `i`-th constraint is present, then the present ones.
    private mutating func constraints(_ constraints: ParameterConstraints) {
        var flags: UInt8 = 0
        if constraints.minimum != nil { flags |= 1 << 0 }
        if constraints.maximum != nil { flags |= 1 << 1 }
        if constraints.allowedValues != nil { flags |= 1 << 2 }
        if constraints.check != nil { flags |= 1 << 3 }
        if constraints.minimumLength != nil { flags |= 1 << 4 }
        if constraints.maximumLength != nil { flags |= 1 << 5 }
        if constraints.pattern != nil { flags |= 1 << 6 }
        body.append(flags)
        if let minimum = constraints.minimum { double(minimum) }
        if let maximum = constraints.maximum { double(maximum) }
        if let allowed = constraints.allowedValues {
            count(allowed.count)
            for value in allowed { self.value(value) }
        }
        if let check = constraints.check { string(check) }
        if let minimumLength = constraints.minimumLength { int(minimumLength) }
        if let maximumLength = constraints.maximumLength { int(maximumLength) }
        if let pattern = constraints.pattern { string(pattern) }
    }

    private mutating func value(_ value: Value) {
        switch value {
        case .int(let number):
            tag(0)
            int(number)
        case .string(let text):
            tag(1)
            string(text)
        case .bool(let flag):
            tag(2)
            bool(flag)
        case .double(let number):
            tag(3)
            double(number)
        }
    }

    private mutating func screen(_ screen: ScreenNode, version: Int) {
        string(screen.name)
        parameters(screen.parameters)
        count(screen.events.count)
        for event in screen.events {
            string(event.name)
            parameters(event.parameters)
            action(event.action)
        }
        removal(screen.removal)
        optional(screen.confirmPrompt) { $0.string($1) }
        optionalInt(screen.confirmOutcome)
        if version >= 5 { optionalInt(screen.confirmCondition) }
    }

    private mutating func child(_ child: ChildNode) {
        string(child.name)
        int(child.flow)
        count(child.handlers.count)
        for handler in child.handlers { action(handler) }
        presentation(child.presentation)
    }

    private mutating func link(_ link: LinkNode, version: Int) {
        string(link.pattern)
        segments(link.segments)
        routes(link.routes)
        optional(link.guardConditions) { $0.strings($1) }
        optional(link.otherwise) { encoder, otherwise in
            encoder.routes(otherwise.routes)
            encoder.optionalInt(otherwise.continueOn)
        }
        if version >= 5 { optional(link.tabs) { encoder, policy in encoder.tag(policy == .keep ? 0 : 1) } }
    }

    private mutating func segments(_ segments: [LinkPatternSegment]) {
        count(segments.count)
        for segment in segments {
            switch segment {
            case .literal(let text):
                tag(0)
                string(text)
            case .placeholder(let name, let type):
                tag(1)
                string(name)
                self.type(type)
            }
        }
    }

    private mutating func routes(_ routes: [LinkRouteNode]) {
        count(routes.count)
        for route in routes {
            target(route.target)
            arguments(route.arguments)
        }
    }

    private mutating func target(_ target: TargetNode) {
        switch target {
        case .screen(let index):
            tag(0)
            int(index)
        case .child(let index):
            tag(1)
            int(index)
        }
    }

    private mutating func arguments(_ arguments: [ArgumentNode]) {
        count(arguments.count)
        for argument in arguments {
            string(argument.name)
            switch argument.source {
            case .literal(let value):
                tag(0)
                self.value(value)
            case .parameter(let name):
                tag(1)
                string(name)
            }
        }
    }

    /// An action: its case's tag (docs/BUNDLE.md lists them), then its associated values in order.
    /// Recursion follows `conditional`, whose depth the decoder bounds.
    private mutating func action(_ action: ActionNode) {
        switch action {
        case .push(let screen, let arguments):
            tag(0)
            int(screen)
            self.arguments(arguments)
        case .startChild(let child, let arguments):
            tag(1)
            int(child)
            self.arguments(arguments)
        case .pop(let count):
            tag(2)
            int(count)
        case .popTo(let screen):
            tag(3)
            int(screen)
        case .replaceRoot(let target, let arguments):
            tag(4)
            self.target(target)
            self.arguments(arguments)
        case .finish(let outcome, let arguments):
            tag(5)
            int(outcome)
            optional(arguments) { $0.arguments($1) }
        case .conditional(let condition, let then, let otherwise):
            tag(6)
            int(condition)
            self.action(then)
            self.action(otherwise)
        case .show(let target, let arguments):
            tag(7)
            self.target(target)
            self.arguments(arguments)
        case .stay: tag(8)
        case .select(let tab):
            tag(9)
            string(tab)
        case .selectShowing(let routes):
            tag(10)
            self.routes(routes)
        }
    }
}
