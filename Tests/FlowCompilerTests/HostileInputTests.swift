import FlowDefinitions
import FlowModel
import Testing

@testable import FlowCompiler

/// Hostile and oversized input: each test is a small instance of a kind of input that
/// once crashed, hung or took super-linear time. They assert behaviour, never time; the same
/// shapes at full size run in `scripts/stress.sh`.
@Suite struct HostileInputTests {
    /// A name is quoted in a message cut to its first 57 characters and `…` (as long values are),
    /// so a 7 MB name no longer gives a 7 MB message; the location still points at the name's start.
    @Test func longNamesAreCutInMessages() {
        let invalid = "x-" + String(repeating: "a", count: 198)
        let unknownScreen = String(repeating: "s", count: 200)
        let unknownTarget = String(repeating: "t", count: 100_000)
        let yaml = """
            flow: long
            start: \(unknownTarget)
            screens:
              home: { on: { go: { push: \(unknownScreen) } } }
              \(invalid): {}
              \(String(repeating: "h", count: 60)): {}

            """
        let result = FlowValidation.validate(sources: [("long.yaml", Array(yaml.utf8))])
        let found = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
        // A name of 60 characters (the last screen, FC301) is shown whole.
        #expect(
            found == [
                "2:8 FC205 '\(String(repeating: "t", count: 57))…' is neither a screen nor a child of flow 'long'",
                "4:3 FC301 screen 'home' is unreachable from the start of flow 'long'; push it from a reachable screen or remove it",
                "4:29 FC203 unknown screen '\(String(repeating: "s", count: 57))…' in flow 'long'",
                "5:3 FC106 'x-\(String(repeating: "a", count: 55))…' is not a valid screen name; use ASCII letters, digits and '_', starting with a letter or '_'",
                "6:3 FC301 screen '\(String(repeating: "h", count: 60))' is unreachable from the start of flow 'long'; push it from a reachable screen or remove it",
            ])
    }

    /// Two links of thousands of segments (explicit `? "…"` keys get past the plain-key limit)
    /// used to overflow the stack in the overlap check, which recursed once per segment.
    @Test func veryLongLinksDoNotRecursePerSegment() {
        let segments = 20_000
        let path = String(repeating: "/a", count: segments)
        let yaml = """
            flow: deep
            start: home
            screens: { home: {} }
            links:
              ? "\(path)"
              : [home]
              ? "\(path)/b"
              : [home]
              ? "\(path)/{s}"
              : [home]

            """
        let result = SmallStack.run { FlowValidation.validate(sources: [("deep.yaml", Array(yaml.utf8))]) }
        let found = result.diagnostics.map { "\($0.code) \($0.location.line):\($0.location.column)" }
        // FC603: the placeholder '{s}' (after the opening quote, the segments and a slash) is unused.
        #expect(found == ["FC605 9:5", "FC603 9:\(5 + 1 + 2 * segments + 1 + 1)"])
        let overlap = result.diagnostics.first { $0.code == "FC605" }
        #expect(overlap?.notes.map { "\($0.location.line):\($0.location.column)" } == ["7:5"])
    }

    /// N links `/I/z` and N links `/{x:int}/yI`: every literal of the first segment accepts the
    /// placeholder, so checking each new link against all earlier ones was quadratic. The pairs of
    /// trie nodes compared must stay linear in the number of links.
    @Test func overlapCheckComparesLinearlyManyPrefixes() {
        for count in [100, 1_000, 4_000] {
            var patterns: [[LinkPatternSegment]] = []
            for index in 1...count { patterns.append([.literal("\(index)"), .literal("z")]) }
            for index in 1...count { patterns.append([.placeholder(name: "x", type: .int), .literal("y\(index)")]) }
            #expect(OverlappingLinks.compatiblePairCount(patterns) <= 4 * patterns.count + 4)
            #expect(OverlappingLinks.earliestOverlaps(patterns) == [Int?](repeating: nil, count: patterns.count))
        }
    }

    /// The same shape through `validate`, plus one link that does overlap, reported once at the
    /// later link with the earliest link it overlaps.
    @Test func manyLinksWithOneOverlapReportOnlyIt() {
        let count = 2_000
        var yaml = "flow: many\nstart: home\nscreens: { home: {} }\nlinks:\n"
        for index in 1...count { yaml += "  \"/\(index)/z\": [home]\n" }
        for index in 1...count { yaml += "  \"/{x:int}/y\(index)\": [home]\n" }
        yaml += "  \"/{x:int}/z\": [home]\n"
        let result = FlowValidation.validate(sources: [("many.yaml", Array(yaml.utf8))])
        // Every '{x:int}' link also gets FC603 (its placeholder is passed to no route).
        let overlaps = result.diagnostics.filter { $0.code == "FC605" }
        #expect(overlaps.map(\.location.line) == [5 + 2 * count])
        #expect(
            overlaps.first?.message
                == "link '/{x:int}/z' overlaps '/1/z': both match '/1/z'; make one of them more specific")
        #expect(overlaps.first?.notes.first?.location.line == 5)
        #expect(result.diagnostics.count == count + 2)
    }

    /// Identical patterns, patterns overlapping several earlier ones, and placeholder types:
    /// each link names the earliest link it overlaps.
    @Test func earliestOverlapIsReported() {
        let patterns: [[LinkPatternSegment]] = [
            [.literal("a"), .placeholder(name: "x", type: .int)],  // 0
            [.literal("a"), .literal("7")],  // 1: overlaps 0
            [.placeholder(name: "s", type: .string), .literal("7")],  // 2: overlaps 0 and 1
            [.literal("a"), .placeholder(name: "y", type: .bool)],  // 3: overlaps nothing earlier (bool vs int)
            [.literal("a"), .placeholder(name: "d", type: .double)],  // 4: overlaps 0 (int is a double)
            [.literal("a"), .placeholder(name: "x", type: .int)],  // 5: same as 0
            [.literal("b")],  // 6
            [.placeholder(name: "s", type: .bool)],  // 7: 'b' is not a bool
            [.placeholder(name: "s", type: .string)],  // 8: overlaps 6 and 7
        ]
        #expect(OverlappingLinks.earliestOverlaps(patterns) == [nil, 0, 0, nil, 0, 0, nil, nil, 6])
    }

    /// Lowering looked every name up by scanning lists, so compile was quadratic in the number of
    /// screens; it must resolve every name of a large flow to the right index.
    @Test func largeFlowLowersEveryNameToItsIndex() throws {
        let count = 5_000
        var yaml = "flow: big\nstart: s0\nscreens:\n"
        for index in 0..<count {
            let next = (index + 1) % count
            yaml +=
                "  s\(index): { params: { n: { type: int, default: 0 } }, on: { next: { push: s\(next), with: { n: \(index) } } } }\n"
        }
        yaml += "links:\n"
        for index in 0..<count { yaml += "  \"/s/\(index)\": [s0, { s1: { n: \(index) } }]\n" }
        let result = FlowValidation.validate(sources: [("big.yaml", Array(yaml.utf8))])
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.code) == [])
        let graph = try #require(try GraphLowering.lower(result.flows).flows.first)
        #expect(graph.screens.count == count)
        #expect(graph.links.count == count)
        for index in [0, 1, count / 2, count - 1] {
            #expect(
                graph.screens[index].events.first?.action
                    == .push(
                        screen: (index + 1) % count, arguments: [ArgumentNode(name: "n", source: .literal(.int(index)))]
                    ))
            #expect(
                graph.links[index].routes.last
                    == LinkRouteNode(
                        target: .screen(1), arguments: [ArgumentNode(name: "n", source: .literal(.int(index)))]))
        }
    }

    /// A source snippet used to decode its whole line (16-21 s for a 100 MiB one-line file); it
    /// must show, and look at, only a window around the offset.
    @Test func aHugeLineShowsOnlyAWindowAroundTheOffset() {
        let bytes =
            [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000) + Array("Xé".utf8)
            + [UInt8](repeating: UInt8(ascii: "b"), count: 1_000_000) + Array("\nnext".utf8)
        let location = SourceLocation(file: "f.yaml", line: 1, column: 1_000_001, offset: 1_000_000)
        let lines = SourceSnippet.lines(for: location, endColumn: 1_000_003, in: bytes)
        #expect(lines?.0 == "…" + String(repeating: "a", count: 100) + "Xé" + String(repeating: "b", count: 98) + "…")
        #expect(lines?.1 == String(repeating: " ", count: 101) + "^~")
        // Near the end of the long line: the window keeps 200 scalars, more of them before the offset.
        let nearEnd = SourceLocation(file: "f.yaml", line: 1, column: 1_999_994, offset: 1_999_996)
        let end = SourceSnippet.lines(for: nearEnd, endColumn: nil, in: bytes)
        #expect(end?.0 == "…" + String(repeating: "b", count: 200))
        #expect(end?.1 == String(repeating: " ", count: 194) + "^")
        // A short line is shown whole.
        let next = SourceLocation(file: "f.yaml", line: 2, column: 2, offset: bytes.count - 3)
        #expect(SourceSnippet.lines(for: next, endColumn: 4, in: bytes).map { [$0.0, $0.1] } == ["next", " ^~"])
    }

    /// A problem inside content reached through an alias is found in every copy, but reported once, at
    /// the text where it is written (the anchor's own content), with one note at the first alias use
    /// counting the others (``AliasFold``); nested aliases count as the outermost use.
    @Test func errorsThroughAnAliasAreReportedOnceAtTheText() throws {
        let yaml = """
            flow: editor
            start: draft
            screens:
              draft:
                on: &events
                  save: { push: reveiw }
              review: &again
                on: *events
              other: *again

            """
        let result = FlowValidation.validate(sources: [("e.yaml", Array(yaml.utf8))])
        let unknown = result.diagnostics.filter { $0.code == "FC203" }
        #expect(unknown.map { "\($0.location.line):\($0.location.column)" } == ["6:21"])
        #expect(
            unknown.map { $0.notes.map { "\($0.location.line):\($0.location.column) \($0.message)" } } == [
                ["8:9 the same finding through 2 alias uses, not repeated; the first is '*events' here"]
            ])
        #expect(unknown.map(\.endColumn) == [27])
    }

    /// Before: a `default` checked against `(a+)+b` hung `flowc validate` in the backtracking matcher.
    /// Unsupported syntax is FC104 at the construct in the pattern, saying what to write instead.
    @Test func hostilePatternsAnswerAtValidateTime() {
        let bad = String(repeating: "a", count: 30) + "c"
        let yaml = """
            flow: hostile
            start: home
            screens:
              home:
                params:
                  s: { type: string, pattern: "(a+)+b", default: "\(bad)" }
                  t: { type: string, pattern: "(a)\\\\1", default: x }

            """
        let result = SmallStack.run { FlowValidation.validate(sources: [("hostile.yaml", Array(yaml.utf8))]) }
        let found = result.diagnostics.map { "\($0.code) \($0.location.line):\($0.location.column) \($0.message)" }
        #expect(
            found == [
                "FC503 6:54 default of parameter 's' breaks its own constraints: \"\(String(repeating: "a", count: 30))c\" does not match the pattern \"(a+)+b\"; every route without this argument would be refused",
                "FC104 7:39 'pattern' is not a valid regular expression: backreferences such as '\\1' are not supported; repeat the group's pattern instead (at character 4 of the pattern)",
            ])
    }
}
