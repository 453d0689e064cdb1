import FlowModel
import FlowScript
import FlowTestSupport
import Foundation
import Testing

@testable import FlowRuntime

/// Restore accepts only what steps can build: a snapshot's JSON is read strictly (a key given
/// twice, an unknown key, a whole number too large for `int`), and a first route's and a tab's arguments
/// are the ones the flow's `start` or tab entry gives.
@MainActor
struct SnapshotStrictReadingTests {
    static let root = """
        flow: root
        tabs: [{ mine: { owner: 1 } }, theirs]
        start: mine
        children:
          mine: { flow: list }
          theirs: { flow: list }
        """
    static let list = """
        flow: list
        params: { owner: { type: int, default: 0 } }
        start: { to: items, with: { owner: $owner } }
        screens:
          items:
            params: { owner: { type: int } }
            on:
              open: { start: book, with: { bookID: 5 } }
              other: { replaceRoot: items, with: { owner: $n }, params: { n: { type: int } } }
        children:
          book: { flow: book }
        """
    static let book = """
        flow: book
        params: { bookID: { type: int } }
        start: { to: details, with: { bookID: $bookID } }
        screens:
          details:
            params: { bookID: { type: int } }
        """

    func runner() throws -> FlowScriptRunner {
        try FlowScriptRunner(bundle: try Fixtures.bundle([Self.root, Self.list, Self.book]), flow: "root")
    }

    /// The JSON of a snapshot of the tab set: `mine` (owner 1, `items(owner:)`), then `book` when given.
    func snapshot(mine: Int = 1, items: Int = 1, book: (Int, Int)? = nil, theirs: Int? = nil) -> String {
        let kept =
            theirs.map {
                #","otherTabs":{"theirs":[{"child":"theirs","flow":"list","arguments":{"owner":\#($0)},"routes":[{"screen":"items","arguments":{"owner":\#($0)}}]}]}"#
            } ?? ""
        let bookEntry =
            book.map {
                #",{"child":"book","flow":"book","arguments":{"bookID":\#($0.0)},"routes":[{"screen":"details","arguments":{"bookID":\#($0.1)}}]}"#
            } ?? ""
        return #"{"instances":[{"flow":"root","arguments":{},"routes":[],"selectedTab":"mine"\#(kept)},"#
            + #"{"child":"mine","flow":"list","arguments":{"owner":\#(mine)},"routes":[{"screen":"items","arguments":{"owner":\#(items)}}]}\#(bookEntry)]}"#
    }

    @Test func aKeyGivenTwiceIsRefusedWhereItIs() throws {
        let valid = snapshot()
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at the top level: key 'instances' is given twice; each key is written once")
        ) {
            try FlowSnapshot(json: String(valid.dropLast()) + #","instances":[]}"#)
        }
        // An escape spelling the same key is the same key.
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at the top level: key 'instances' is given twice; each key is written once")
        ) {
            try FlowSnapshot(json: #"{"inst\u0061nces":[],"instances":[]}"#)
        }
        let twice = valid.replacingOccurrences(
            of: #""arguments":{"owner":1}"#, with: #""arguments":{"owner":1,"owner":2}"#)
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].arguments: key 'owner' is given twice; each key is written once")
        ) {
            try FlowSnapshot(json: twice)
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[0].pendingLink: key 'url' is given twice; each key is written once")
        ) {
            try FlowSnapshot(
                json:
                    #"{"instances":[{"flow":"root","routes":[],"pendingLink":{"url":"/a","url":"/b","continueOn":"x"}}]}"#
            )
        }
        #expect(try FlowSnapshot(json: valid).instances.count == 2)
    }

    @Test func anUnknownKeyIsRefusedNamingTheKnownOnes() throws {
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at the top level: unknown key 'version'; a snapshot has bundleHash, instances")
        ) {
            try FlowSnapshot(json: #"{"instances":[],"version":2}"#)
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].routes[0]: unknown key 'argumnets'; a route has screen, arguments")
        ) {
            try FlowSnapshot(
                json: snapshot().replacingOccurrences(
                    of: #""screen":"items","arguments""#, with: #""screen":"items","argumnets""#))
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[0]: unknown key 'selected'; an instance has child, flow, arguments, routes, selectedTab, otherTabs, queuedLinks, pendingLink"
            )
        ) {
            try FlowSnapshot(json: snapshot().replacingOccurrences(of: "selectedTab", with: "selected"))
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[0].otherTabs.theirs[0].routes[0]: unknown key 'x'; a route has screen, arguments")
        ) {
            try FlowSnapshot(
                json: snapshot(theirs: 0).replacingOccurrences(of: #""owner":0}}"#, with: #""owner":0},"x":1}"#))
        }
        // Argument names are the flows' own: any key is read there (and bound to the parameters later).
        #expect(
            try FlowSnapshot(json: snapshot().replacingOccurrences(of: #""owner":1}"#, with: #""owner":1,"other":1}"#))
                .instances.count == 2)
        // A kept tab named like a key of another object ('routes') still holds instances.
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[0].otherTabs.routes[0]: unknown key 'rotues'; an instance has child, flow, arguments, routes, selectedTab, otherTabs, queuedLinks, pendingLink"
            )
        ) {
            try FlowSnapshot(
                json: #"{"instances":[{"flow":"root","routes":[],"otherTabs":{"routes":[{"flow":"x","rotues":[]}]}}]}"#)
        }
        // Both readings refuse with the one list of keys, the snapshot types' CodingKeys.
        #expect(SnapshotKeys.names(FlowSnapshot.RouteEntry.CodingKeys.self) == ["screen", "arguments"])
        // A value of the wrong kind is left to the decoder, which names the kind it expected.
        #expect(throws: FlowRuntimeError.invalidSnapshot("at instances: expected a list, found an object")) {
            try FlowSnapshot(json: #"{"instances":{"a":{"foo":1}}}"#)
        }
    }

    /// A host decoding with `JSONDecoder` itself gets unknown keys refused too, located by the coding path.
    @Test func codableDecodingRefusesUnknownKeys() throws {
        let json = snapshot().replacingOccurrences(
            of: #""screen":"items","arguments""#, with: #""screen":"items","argumnets""#)
        do {
            _ = try JSONDecoder().decode(FlowSnapshot.self, from: Data(json.utf8))
            Issue.record("decoded a snapshot with an unknown key")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(
                context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == [
                    "instances", "1", "routes", "0",
                ])
            #expect(context.debugDescription == "unknown key 'argumnets'; a route has screen, arguments")
        }
        let pending =
            #"{"instances":[{"flow":"root","routes":[],"pendingLink":{"url":"/a","continueOn":"x","after":1}}]}"#
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[0].pendingLink: unknown key 'after'; a pending link has url, continueOn")
        ) {
            try FlowSnapshot(json: pending)
        }
        // What the encoder writes decodes again.
        let decoded = try FlowSnapshot(json: snapshot(book: (5, 5), theirs: 0))
        let encoded = String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self)
        #expect(try FlowSnapshot(json: encoded) == decoded)
        #expect(try JSONDecoder().decode(FlowSnapshot.self, from: Data(encoded.utf8)) == decoded)
    }

    @Test func aWholeNumberTooLargeForIntIsOutOfRange() throws {
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].routes[0].arguments.owner: 99999999999999999999 is out of range for int (a double is written with a fraction or an exponent: 1e20)"
            )
        ) {
            try FlowSnapshot(
                json: snapshot().replacingOccurrences(
                    of: #""screen":"items","arguments":{"owner":1}"#,
                    with: #""screen":"items","arguments":{"owner":99999999999999999999}"#))
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].arguments.owner: -9223372036854775809 is out of range for int (a double is written with a fraction or an exponent: 1e20)"
            )
        ) {
            try FlowSnapshot(
                json: snapshot(mine: 1).replacingOccurrences(
                    of: #""list","arguments":{"owner":1}"#, with: #""list","arguments":{"owner":-9223372036854775809}"#)
            )
        }
        let largest = try FlowSnapshot(json: snapshot(items: 9_223_372_036_854_775_807))
        #expect(largest.instances[1].routes[0].arguments["owner"] == .int(Int.max))
        let double = try FlowSnapshot(
            json: snapshot(items: 1).replacingOccurrences(of: #"{"owner":1}}"#, with: #"{"owner":1e20}}"#))
        #expect(double.instances[1].routes[0].arguments["owner"] == .double(1e20))
    }

    /// Before: an argument written `007` or `1e400` was refused as "expected a string, found a number".
    @Test func aNumberJSONDoesNotAllowOrADoubleCannotHoldSaysSo() throws {
        func owner(_ text: String) -> String {
            snapshot(items: 1).replacingOccurrences(of: #"{"owner":1}}"#, with: #"{"owner":\#(text)}}"#)
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].routes[0].arguments.owner: 007 is not a JSON number; write it without leading zeros")
        ) {
            try FlowSnapshot(json: owner("007"))
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].routes[0].arguments.owner: -01.5 is not a JSON number; write it without leading zeros")
        ) {
            try FlowSnapshot(json: owner("-01.5"))
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].routes[0].arguments.owner: 1e400 is out of range for double")
        ) {
            try FlowSnapshot(json: owner("1e400"))
        }
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at instances[1].routes[0].arguments.owner: -2.5E+999 is out of range for double")
        ) {
            try FlowSnapshot(json: owner("-2.5E+999"))
        }
        #expect(try FlowSnapshot(json: owner("0")).instances[1].routes[0].arguments["owner"] == .int(0))
        #expect(try FlowSnapshot(json: owner("-0.5")).instances[1].routes[0].arguments["owner"] == .double(-0.5))
        #expect(try FlowSnapshot(json: owner("1e308")).instances[1].routes[0].arguments["owner"] == .double(1e308))
    }

    /// Before: `7.0` for an `int` was restored as 7 (Foundation decodes it as an `Int`), though events and
    /// links refuse it. A number written with a fraction or an exponent is a `double`; a `double` parameter
    /// still takes it.
    @Test func aNumberWithAFractionIsADoubleWhichAnIntRefuses() throws {
        func restore(_ bookID: String) throws -> StepResult {
            let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
            _ = coordinator.start()
            return coordinator.restore(
                try FlowSnapshot(
                    json:
                        #"{"instances":[{"flow":"reading","arguments":{},"routes":[{"screen":"library","arguments":{}},{"screen":"details","arguments":{"bookID":\#(bookID)}}]}]}"#
                ))
        }
        let refused = "'bookID' of screen 'details' of flow 'reading' must be int, not double"
        #expect(try restore("7.0").reason?.description == refused)
        #expect(try restore("7e0").reason?.description == refused)
        #expect(try restore("-7.00E+1").reason?.description == refused)
        #expect(try restore("7").status == .applied)
        func owner(_ text: String) throws -> Value? {
            try FlowSnapshot(
                json: snapshot(items: 1).replacingOccurrences(of: #"{"owner":1}}"#, with: #"{"owner":\#(text)}}"#)
            )
            .instances[1].routes[0].arguments["owner"]
        }
        #expect(try owner("7.0") == .double(7))
        #expect(try owner("7") == .int(7))
        // An instance's own arguments too.
        #expect(
            try FlowSnapshot(json: #"{"instances":[{"flow":"f","arguments":{"n":7.0},"routes":[]}]}"#).instances[0]
                .arguments["n"] == .double(7))
    }

    /// Before: JSON nested past the limit was called "not JSON"; it says how deep it may nest.
    @Test func nestingPastTheLimitSaysSo() throws {
        // Four levels to `arguments`, then lists: the 513th opening bracket is the 509th list.
        func nested(_ lists: Int) -> String {
            #"{"instances":[{"flow":"f","arguments":{"a":"# + String(repeating: "[", count: lists)
                + String(repeating: "]", count: lists) + #"},"routes":[]}]}"#
        }
        let location = "instances[0].arguments.a" + String(repeating: "[0]", count: 508)
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at \(location): the snapshot nests objects and lists more than 512 levels deep")
        ) {
            try FlowSnapshot(json: nested(511))
        }
        // Exactly 512 levels is read (and then refused as a snapshot for what the list holds).
        #expect(
            throws: FlowRuntimeError.invalidSnapshot("at instances[0].arguments.a: expected a string, found a list")
        ) {
            try FlowSnapshot(json: nested(508))
        }
    }

    @Test func wholeNumbersTooLargeForIntAreOutOfRangeEverywhere() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading")
        let lines = runner.run(
            script: """
                start
                event selectBook bookID=99999999999999999999
                event selectBook bookID=-9223372036854775809
                event selectBook bookID=07
                """)
        let range = "takes a whole number from -9223372036854775808 to 9223372036854775807"
        #expect(
            lines.dropFirst().map(\.reason) == [
                "'99999999999999999999' is out of range for int: 'bookID' of event 'selectBook' of screen 'library' of flow 'reading' \(range)",
                "'-9223372036854775809' is out of range for int: 'bookID' of event 'selectBook' of screen 'library' of flow 'reading' \(range)",
                "'07' is not a valid int for 'bookID' of event 'selectBook' of screen 'library' of flow 'reading'",
            ])
        let coordinator = try FlowCoordinator(bundle: try Fixtures.shipped(), flow: "reading")
        #expect(
            coordinator.open("/books/99999999999999999999").reason?.description
                == "no deep link matches '/books/99999999999999999999': it fits '/books/{bookID:int}', but '99999999999999999999' is out of range for int ('bookID' \(range))"
        )
    }

    /// A snapshot's syntax is judged before its keys and values: text that breaks off (after a key, after a
    /// colon, inside a string, inside a nested object, after a comma) or goes on after its value is "not
    /// JSON", whatever it said before. Before, `{"a":` said `unknown key 'a'` (breaker round 14), as did a
    /// too-large number or a key given twice in a truncated text.
    @Test func truncatedTextIsNotJSONBeforeItsKeysAreJudged() throws {
        let cases: [(json: String, reason: String)] = [
            (#"{"a":"#, "it is not JSON (Unexpected end of file during JSON parse.)"),
            (#"{"a""#, "it is not JSON (Unexpected end of file during JSON parse.)"),
            (#"{"a":"x"#, "it is not JSON (Unexpected end of file during JSON parse.)"),
            (#"{"instances":[{"flwo":"x""#, "it is not JSON (Unexpected end of file during JSON parse.)"),
            (#"{"a":1,"#, "it is not JSON (Unexpected end of file during JSON parse.)"),
            (#"{"instances":[],"instances":[]"#, "it is not JSON (Unexpected end of file during JSON parse.)"),
            (
                #"{"instances":[{"flow":"list","arguments":{"owner":99999999999999999999}"#,
                "it is not JSON (Unexpected end of file during JSON parse.)"
            ),
            (#"{"a":1} x"#, "it is not JSON (Invalid value around character 8.)"),
        ]
        for (json, reason) in cases {
            #expect(throws: FlowRuntimeError.invalidSnapshot(reason), "\(json)") { try FlowSnapshot(json: json) }
        }
        // Complete, the same texts are judged by their keys, as before.
        #expect(
            throws: FlowRuntimeError.invalidSnapshot(
                "at the top level: unknown key 'a'; a snapshot has bundleHash, instances")
        ) { try FlowSnapshot(json: #"{"a":1}"#) }
        let runner = try runner()
        #expect(
            runner.run(line: #"restore {"a":"#)?.reason
                == "invalid snapshot: it is not JSON (Unexpected end of file during JSON parse.)")
        #expect(
            runner.run(line: #"restore {"bundleHash":"#)?.reason
                == "invalid snapshot: it is not JSON (Unexpected end of file during JSON parse.)")
    }

    @Test func theRunnerRefusesThemInARestoreLine() throws {
        let runner = try runner()
        let line = runner.run(line: "restore " + String(snapshot().dropLast()) + #","instances":[]}"#)
        #expect(line?.status == "rejected")
        #expect(
            line?.reason
                == "invalid snapshot: at the top level: key 'instances' is given twice; each key is written once")
        #expect(line?.path == [])
        #expect(runner.run(line: "restore " + snapshot())?.status == "applied")
    }

    @Test func aFirstRouteHasTheArgumentsItsStartGives() throws {
        let runner = try runner()
        let lines = runner.run(
            script: [
                "restore " + snapshot(book: (5, 8)),
                "restore " + snapshot(book: (5, 5)),
                "restore " + snapshot(book: (6, 6)),
            ].joined(separator: "\n"))
        #expect(
            lines.map(\.reason) == [
                "invalid snapshot: no step shows screen 'details' (bookID: 8) first in flow 'book' (bookID: 5); a first route's arguments come from the flow's start, a tab, a replaceRoot or a link",
                nil,
                "invalid snapshot: no step starts child 'book' (bookID: 6) on top of screen 'items' (owner: 1) of flow 'list'; a child's arguments come from the route it runs on",
            ])
        #expect(lines.map(\.status) == ["rejected", "applied", "rejected"])
    }

    @Test func aTabHasTheArgumentsItsEntryGives() throws {
        let runner = try runner()
        let lines = runner.run(
            script: [
                "restore " + snapshot(mine: 2, items: 2),
                "restore " + snapshot(theirs: 7),
                "restore " + snapshot(theirs: 0),
                // A replaceRoot of `items` passes the event's `n`: any owner may be shown first.
                "restore " + snapshot(items: 3),
            ].joined(separator: "\n"))
        #expect(
            lines.map(\.reason) == [
                "invalid snapshot: no step shows child 'mine' (owner: 2) first in flow 'root'; a first route's arguments come from the flow's start, a tab, a replaceRoot or a link",
                "invalid snapshot: no step shows child 'theirs' (owner: 7) first in flow 'root'; a first route's arguments come from the flow's start, a tab, a replaceRoot or a link",
                nil, nil,
            ])
        #expect(lines.map(\.status) == ["rejected", "rejected", "applied", "applied"])
    }
}
