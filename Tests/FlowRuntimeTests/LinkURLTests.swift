import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// URL hygiene: a deep link matches exactly the path that was written; a URL that cannot be read without
/// guessing is refused with why (docs/RUNNING.md, "Deep links").
@MainActor
struct LinkURLTests {
    static let app = """
        flow: app
        start: home
        screens:
          home: { on: { search: { params: { query: string }, push: results, with: { query: $query } } } }
          results: { params: { query: string } }
        links:
          "/": [home]
          "/search/{query}": [home, { results: { query: $query } }]
        """

    func coordinator() throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.bundle([Self.app]), flow: "app", host: TestHost().host)
    }

    func refused(_ url: String, _ because: String) -> StepResult {
        StepResult(.rejected, .linkURLInvalid(url: url, because: because))
    }

    @Test func escapesThatAreNotUTF8AreRefused() throws {
        let coordinator = try coordinator()
        #expect(
            coordinator.open("/search/%FF%FE")
                == refused(
                    "/search/%FF%FE", "segment 2's percent escapes do not decode as UTF-8 ('%FF%FE')"))
        // A lone continuation byte, and an encoded surrogate half (CESU-8).
        #expect(
            coordinator.open("/search/a%80")
                == refused("/search/a%80", "segment 2's percent escapes do not decode as UTF-8 ('a%80')"))
        #expect(
            coordinator.open("/search/%ED%A0%80")
                == refused(
                    "/search/%ED%A0%80", "segment 2's percent escapes do not decode as UTF-8 ('%ED%A0%80')"))
        #expect(coordinator.path.isEmpty)
        // Valid escapes decode: UTF-8, an encoded '/' stays inside its segment, '+' is a plus.
        #expect(coordinator.open("/search/caf%C3%A9") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: café)"])
        #expect(coordinator.open("/search/a%2Fb+c") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: a/b+c)"])
    }

    @Test func malformedEscapesAreRefused() throws {
        let coordinator = try coordinator()
        let advice = "which is not a percent escape ('%' and two hexadecimal digits; write '%25' for '%')"
        #expect(coordinator.open("/search/100%") == refused("/search/100%", "segment 2 holds '%', \(advice)"))
        #expect(coordinator.open("/search/%4") == refused("/search/%4", "segment 2 holds '%4', \(advice)"))
        #expect(coordinator.open("/search/%G1") == refused("/search/%G1", "segment 2 holds '%G1', \(advice)"))
        #expect(coordinator.open("/search/100%25") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: 100%)"])
    }

    @Test func controlCharactersAreRefused() throws {
        let coordinator = try coordinator()
        #expect(
            coordinator.open("/search/a%00b")
                == refused("/search/a%00b", "segment 2 holds the control character U+0000"))
        #expect(
            coordinator.open("/search/%0A") == refused("/search/%0A", "segment 2 holds the control character U+000A"))
        #expect(
            coordinator.open("/search/%7F") == refused("/search/%7F", "segment 2 holds the control character U+007F"))
        #expect(coordinator.path.isEmpty)
    }

    @Test func emptySegmentsAreRefused() throws {
        let coordinator = try coordinator()
        let empty = "is empty ('//' or a '/' at the end); a link matches the path as written, so remove the extra '/'"
        #expect(coordinator.open("//search/x") == refused("//search/x", "segment 1 \(empty)"))
        #expect(coordinator.open("/search//x") == refused("/search//x", "segment 2 \(empty)"))
        #expect(coordinator.open("/search/x/") == refused("/search/x/", "segment 3 \(empty)"))
        #expect(coordinator.open("app://host//search/x") == refused("app://host//search/x", "segment 1 \(empty)"))
        #expect(coordinator.path.isEmpty)
        // The root is '/' (or a full URL's empty path).
        #expect(coordinator.open("/") == .applied)
        #expect(coordinator.open("app://host") == .applied)
        #expect(coordinator.open("app://host/?tab=1") == .applied)
        #expect(coordinator.screens == ["app.home"])
    }

    @Test func dotSegmentsAreRefused() throws {
        let coordinator = try coordinator()
        let dots = "dot segments are not resolved, write the path without them"
        #expect(coordinator.open("/search/..") == refused("/search/..", "segment 2 is '..'; \(dots)"))
        #expect(coordinator.open("/search/%2E%2E") == refused("/search/%2E%2E", "segment 2 is '..'; \(dots)"))
        #expect(coordinator.open("/./search/x") == refused("/./search/x", "segment 1 is '.'; \(dots)"))
        #expect(coordinator.open("/x/../search/y") == refused("/x/../search/y", "segment 2 is '..'; \(dots)"))
        #expect(coordinator.open("/search/...") == .applied)
    }

    @Test func pathsMustBeAbsolute() throws {
        let coordinator = try coordinator()
        #expect(coordinator.open("") == refused("", "it is empty; write '/' for the root"))
        #expect(coordinator.open("?x=1") == refused("?x=1", "its path is empty; write '/' for the root"))
        #expect(coordinator.open("#top") == refused("#top", "its path is empty; write '/' for the root"))
        #expect(coordinator.open("search/x") == refused("search/x", "its path does not start with '/'"))
        #expect(coordinator.open("app:search/x") == refused("app:search/x", "its path does not start with '/'"))
        // A ':' or '://' inside the path is not a scheme (the path was once cut after it).
        #expect(coordinator.open("/search/a:b") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: a:b)"])
        #expect(
            coordinator.open("/search/a://b")
                == refused(
                    "/search/a://b",
                    "segment 3 is empty ('//' or a '/' at the end); a link matches the path as written, so remove the extra '/'"
                ))
    }

    @Test func queryAndFragmentAreIgnored() throws {
        let coordinator = try coordinator()
        #expect(coordinator.open("/search/x?q=1#top") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: x)"])
        #expect(coordinator.open("app://host/search/y#frag?not=query") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: y)"])
        // An encoded '?' is part of the segment.
        #expect(coordinator.open("/search/why%3F") == .applied)
        #expect(coordinator.screens == ["app.home", "app.results(query: why?)"])
    }
}
