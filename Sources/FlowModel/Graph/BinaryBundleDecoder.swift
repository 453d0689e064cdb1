/// Reads flows written by ``BinaryBundleEncoder`` (docs/BUNDLE.md, "Binary encoding").
///
/// The flow sections are independent once the section lengths are read, so they are decoded on all
/// cores; the first damaged section in flow order is the one reported, whatever the thread timing.
/// Every read is bounds-checked, every count is checked against the bytes left (each element takes at
/// least one byte, so nothing is allocated beyond the input's size) and every tag against its cases,
/// so damaged input throws ``Failure`` with the payload offset, never crashes; actions nest at most
/// ``maxDepth`` deep, so a hostile file cannot exhaust the stack.
struct BinaryBundleDecoder {
    /// Deepest nesting of actions accepted (a flow's deepest `if` chain is far shallower).
    static let maxDepth = 256

    /// The fewest bytes a section can hold: its string table's count and a flow's 14 fields of bundle
    /// format 4 (the oldest read; format 5 adds two), at least one byte each. Shorter sections are refused with the lengths, before anything is decoded, so a
    /// file of empty sections cannot make the decoder keep one failed flow per byte.
    static let minimumSectionBytes = 15

    /// Why the bytes are not flows: what was wrong and at which byte of the payload.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// Decodes the flows of the payload that starts at `start` in `bytes` and runs to their end.
    /// - Throws: ``Failure``, located by its offset from `start`.
    /// `version` is the file's bundle format version: version 4 sections end after a flow's tabs, later
    /// ones hold its ``FlowGraph/renames`` too.
    static func flows(
        in bytes: [UInt8], payloadAt start: Int = 0, version: Int = FlowBundle.currentFormatVersion
    ) throws(Failure) -> [FlowGraph] {
        let sections = bytes.withUnsafeBufferPointer { buffer in
            var reader = BinaryBundleDecoder(buffer, base: start, from: start, to: buffer.count, version: version)
            return Result { () throws(Failure) in try reader.sectionRanges() }
        }
        let ranges = try sections.get()
        let flows = ParallelMap.map(
            count: ranges.count, work: bytes.count - start, parallelFrom: ParallelMap.bundleBytesForParallelWork
        ) { index in
            bytes.withUnsafeBufferPointer { buffer in
                var reader = BinaryBundleDecoder(
                    buffer, base: start, from: ranges[index].lowerBound, to: ranges[index].upperBound,
                    version: version)
                return Result { () throws(Failure) in try reader.section() }
            }
        }
        var decoded: [FlowGraph] = []
        decoded.reserveCapacity(flows.count)
        for flow in flows { decoded.append(try flow.get()) }
        return decoded
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the payload starts in `bytes`: offsets in messages are counted from it.
    private let base: Int
    private var position: Int
    /// Where the current section (or the payload, while reading the section lengths) ends.
    private let end: Int
    private var strings: [String] = []
    private var depth = 0
    /// The bundle format version being read.
    private let version: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, from position: Int, to end: Int, version: Int) {
        self.version = version
        self.bytes = bytes
        self.base = base
        self.position = position
        self.end = end
    }

    private func fail(_ reason: String) -> Failure { Failure(reason: "\(reason) at byte \(position - base)") }

    // MARK: Layout

    /// The flow count, then each section's length: the byte range of each section.
    private mutating func sectionRanges() throws(Failure) -> [Range<Int>] {
        let lengths = try array { reader throws(Failure) in try reader.varint() }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(lengths.count)
        var start = position
        for (index, length) in lengths.enumerated() {
            guard length <= UInt64(end - start) else {
                position = start
                throw fail("flow \(index + 1) of \(lengths.count) is \(length) bytes long, past the end of the data")
            }
            guard length >= Self.minimumSectionBytes else {
                position = start
                throw fail(
                    "flow \(index + 1) of \(lengths.count) is \(length) byte\(length == 1 ? "" : "s") long, shorter than the smallest flow (\(Self.minimumSectionBytes) bytes)"
                )
            }
            ranges.append(start..<start + Int(length))
            start += Int(length)
        }
        position = start
        guard position == end else {
            throw fail("\(end - position) byte\(end - position == 1 ? "" : "s") after the end of the flows")
        }
        return ranges
    }

    /// A section: its string table, then one flow, which must end where the section does.
    private mutating func section() throws(Failure) -> FlowGraph {
        strings = try array { reader throws(Failure) in try reader.tableEntry() }
        let flow = try self.flow()
        guard position == end else {
            throw fail("\(end - position) byte\(end - position == 1 ? "" : "s") after the end of the flow")
        }
        return flow
    }

    private mutating func tableEntry() throws(Failure) -> String {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw fail("a string of \(length) bytes runs past the end of the data")
        }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + Int(length)]), as: UTF8.self)
        position += Int(length)
        return text
    }

    // MARK: Scalars

    private mutating func byte() throws(Failure) -> UInt8 {
        guard position < end else { throw fail("unexpected end of data") }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func varint() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw fail("overlong number") }
            value |= UInt64(next & 0x7f) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    private mutating func int() throws(Failure) -> Int {
        let raw = try varint()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    private mutating func bool() throws(Failure) -> Bool {
        try tag(below: 2, "boolean") == 1
    }

    private mutating func double() throws(Failure) -> Double {
        guard end - position >= 8 else { throw fail("unexpected end of data") }
        var bits: UInt64 = 0
        for offset in 0..<8 { bits |= UInt64(bytes[position + offset]) << UInt64(8 * offset) }
        position += 8
        return Double(bitPattern: bits)
    }

    private mutating func string() throws(Failure) -> String {
        let start = position
        let index = try varint()
        guard index < UInt64(strings.count) else {
            position = start
            throw fail("string \(index) out of range (the flow has \(strings.count))")
        }
        return strings[Int(index)]
    }

    /// An enum case's tag, one byte below `count`.
    private mutating func tag(below count: UInt8, _ what: String) throws(Failure) -> UInt8 {
        let value = try byte()
        guard value < count else {
            position -= 1
            throw fail("\(what) tag \(value) is not one of 0…\(count - 1)")
        }
        return value
    }

    /// A presence byte (0 absent, 1 present), then the value when there is one.
    private mutating func optional<T>(_ read: (inout Self) throws(Failure) -> T) throws(Failure) -> T? {
        try tag(below: 2, "presence") == 1 ? read(&self) : nil
    }

    /// A varint count, at most the bytes left (each element takes one byte or more), then the elements.
    private mutating func array<T>(_ read: (inout Self) throws(Failure) -> T) throws(Failure) -> [T] {
        let start = position
        let count = try varint()
        let left = end - position
        guard count <= UInt64(left) else {
            position = start
            throw fail("\(count) elements cannot fit in the \(left) byte\(left == 1 ? "" : "s") left")
        }
        var elements: [T] = []
        elements.reserveCapacity(Int(count))
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }

    private mutating func type() throws(Failure) -> ParameterType {
        switch try tag(below: 4, "parameter type") {
        case 0: .int
        case 1: .string
        case 2: .bool
        default: .double
        }
    }

    // MARK: Graph values, fields in declaration order

    private mutating func flow() throws(Failure) -> FlowGraph {
        let name = try string()
        let parameters = try self.parameters()
        let conditions = try array { reader throws(Failure) in try reader.string() }
        let start = try action()
        let outcomes = try array { reader throws(Failure) in try reader.string() }
        let outcomeParameters = try optional { reader throws(Failure) in
            try reader.array { reader throws(Failure) in try reader.parameters() }
        }
        let screens = try array { reader throws(Failure) in try reader.screen() }
        let children = try array { reader throws(Failure) in try reader.child() }
        let links = try array { reader throws(Failure) in try reader.link() }
        let linkPolicy: LinkPolicy =
            switch try tag(below: 4, "link policy") {
            case 0: .allow
            case 1: .queue
            case 2: .reject
            default: .redirect
            }
        let linkPolicyDeclared = try optional { reader throws(Failure) in try reader.bool() }
        let linkRedirect = try optional { reader throws(Failure) in try reader.int() }
        let linkFallback = try optional { reader throws(Failure) in try reader.int() }
        let tabs = try array { reader throws(Failure) in
            TabNode(child: try reader.int(), arguments: try reader.arguments())
        }
        var flow = FlowGraph(
            name: name, parameters: parameters, conditions: conditions, start: start, outcomes: outcomes,
            screens: screens, children: children, links: links, linkPolicy: linkPolicy,
            linkRedirect: linkRedirect, linkFallback: linkFallback, tabs: tabs)
        flow.outcomeParameters = outcomeParameters
        flow.linkPolicyDeclared = linkPolicyDeclared
        if version >= 5 {
            flow.renames = try optional { reader throws(Failure) in try reader.renames() }
            flow.backAtTabRoot = try optional { reader throws(Failure) -> TabBackPolicy in
                try reader.tag(below: 2, "tab back policy") == 0 ? .refuse : .selectFirstTab
            }
        }
        return flow
    }

    /// Since bundle format 5 (``BinaryBundleEncoder``'s `renames`).
    private mutating func renames() throws(Failure) -> FlowRenames {
        func names(_ reader: inout Self) throws(Failure) -> [String] {
            try reader.array { reader throws(Failure) in try reader.string() }
        }
        let flow = try names(&self)
        let screens = try array { reader throws(Failure) in try names(&reader) }
        let children = try array { reader throws(Failure) in try names(&reader) }
        let outcomes = try array { reader throws(Failure) in try names(&reader) }
        let aliases = try array { reader throws(Failure) in
            try reader.array { reader throws(Failure) in
                LinkAliasNode(pattern: try reader.string(), segments: try reader.segments())
            }
        }
        return FlowRenames(flow: flow, screens: screens, children: children, outcomes: outcomes, linkAliases: aliases)
    }

    private mutating func parameters() throws(Failure) -> [ParameterNode] {
        try array { reader throws(Failure) in
            ParameterNode(
                name: try reader.string(), type: try reader.type(), constraints: try reader.constraints(),
                defaultValue: try reader.optional { reader throws(Failure) in try reader.value() })
        }
    }

    /// One byte of flags (bit `i`: the `i`-th constraint is present), then the present ones.
    private mutating func constraints() throws(Failure) -> ParameterConstraints {
        let flags = try byte()
        guard flags < 1 << 7 else {
            position -= 1
            throw fail("constraint flags \(flags) name more than the 7 constraints")
        }
        guard flags != 0 else { return ParameterConstraints() }
        return ParameterConstraints(
            minimum: try flags & 1 << 0 == 0 ? nil : double(),
            maximum: try flags & 1 << 1 == 0 ? nil : double(),
            allowedValues: try flags & 1 << 2 == 0 ? nil : array { reader throws(Failure) in try reader.value() },
            check: try flags & 1 << 3 == 0 ? nil : string(),
            minimumLength: try flags & 1 << 4 == 0 ? nil : int(),
            maximumLength: try flags & 1 << 5 == 0 ? nil : int(),
            pattern: try flags & 1 << 6 == 0 ? nil : string())
    }

    private mutating func value() throws(Failure) -> Value {
        switch try tag(below: 4, "value") {
        case 0: .int(try int())
        case 1: .string(try string())
        case 2: .bool(try bool())
        default: .double(try double())
        }
    }

    private mutating func screen() throws(Failure) -> ScreenNode {
        let name = try string()
        let parameters = try self.parameters()
        let events = try array { reader throws(Failure) in
            EventNode(name: try reader.string(), parameters: try reader.parameters(), action: try reader.action())
        }
        let removal: RemovalPolicy =
            switch try tag(below: 3, "removal policy") {
            case 0: .discard
            case 1: .confirm
            default: .preserve
            }
        var screen = ScreenNode(
            name: name, parameters: parameters, events: events, removal: removal,
            confirmPrompt: try optional { reader throws(Failure) in try reader.string() },
            confirmOutcome: try optional { reader throws(Failure) in try reader.int() })
        if version >= 5 { screen.confirmCondition = try optional { reader throws(Failure) in try reader.int() } }
        return screen
    }

    private mutating func child() throws(Failure) -> ChildNode {
        let name = try string()
        let flow = try int()
        let handlers = try array { reader throws(Failure) in try reader.action() }
        let presentation: Presentation =
            switch try tag(below: 3, "presentation") {
            case 0: .push
            case 1: .sheet
            default: .cover
            }
        return ChildNode(name: name, flow: flow, handlers: handlers, presentation: presentation)
    }

    private mutating func segments() throws(Failure) -> [LinkPatternSegment] {
        try array { reader throws(Failure) -> LinkPatternSegment in
            try reader.tag(below: 2, "link segment") == 0
                ? .literal(try reader.string()) : .placeholder(name: try reader.string(), type: try reader.type())
        }
    }

    private mutating func link() throws(Failure) -> LinkNode {
        let pattern = try string()
        let segments = try self.segments()
        var link = LinkNode(
            pattern: pattern, segments: segments, routes: try routes(),
            guardConditions: try optional { reader throws(Failure) in
                try reader.array { reader throws(Failure) in try reader.string() }
            },
            otherwise: try optional { reader throws(Failure) in
                LinkOtherwiseNode(
                    routes: try reader.routes(),
                    continueOn: try reader.optional { reader throws(Failure) in try reader.int() })
            })
        if version >= 5 {
            link.tabs = try optional { reader throws(Failure) -> LinkTabsPolicy in
                try reader.tag(below: 2, "link tabs policy") == 0 ? .keep : .replace
            }
        }
        return link
    }

    private mutating func routes() throws(Failure) -> [LinkRouteNode] {
        try array { reader throws(Failure) in
            LinkRouteNode(target: try reader.target(), arguments: try reader.arguments())
        }
    }

    private mutating func target() throws(Failure) -> TargetNode {
        try tag(below: 2, "target") == 0 ? .screen(try int()) : .child(try int())
    }

    private mutating func arguments() throws(Failure) -> [ArgumentNode] {
        try array { reader throws(Failure) in
            ArgumentNode(
                name: try reader.string(),
                source: try reader.tag(below: 2, "argument source") == 0
                    ? .literal(try reader.value()) : .parameter(try reader.string()))
        }
    }

    /// An action: its tag, then its associated values. `conditional` nests at most ``maxDepth`` deep.
    private mutating func action() throws(Failure) -> ActionNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw fail("actions nested too deep") }
        switch try tag(below: 11, "action") {
        case 0: return .push(screen: try int(), arguments: try arguments())
        case 1: return .startChild(child: try int(), arguments: try arguments())
        case 2: return .pop(count: try int())
        case 3: return .popTo(screen: try int())
        case 4: return .replaceRoot(target: try target(), arguments: try arguments())
        case 5:
            return .finish(
                outcome: try int(), arguments: try optional { reader throws(Failure) in try reader.arguments() })
        case 6: return .conditional(condition: try int(), then: try action(), else: try action())
        case 7: return .show(target: try target(), arguments: try arguments())
        case 8: return .stay
        case 9: return .select(tab: try string())
        default: return .selectShowing(routes: try routes())
        }
    }
}
