import FlowModel
import FlowTestSupport
import Testing

@testable import FlowRuntime

/// A coordinator keeps each URL it opened read and matched (``MatchedLinks``): opening it again gives what
/// reading it again would, refusals included, and the URLs kept stay bounded whatever a host opens.
@MainActor
struct MatchedLinksTests {
    func coordinator() throws -> FlowCoordinator {
        try FlowCoordinator(bundle: try Fixtures.bundle([LinkURLTests.app]), flow: "app", host: TestHost().host)
    }

    @Test func aURLOpenedAgainGivesWhatAFreshCoordinatorGives() throws {
        let urls = [
            "/search/caf%C3%A9", "/search/%FF%FE", "//search/x", "/nowhere", "/search/a%2Fb+c",
            "app://host/search/q?x=1",
        ]
        let again = try coordinator()
        for url in urls {
            let fresh = try coordinator()
            let first = fresh.open(url)
            #expect(again.open(url) == first)
            #expect(again.open(url) == first)
            // A refused link leaves the path as it was: compared after the links that applied.
            guard first.status == .applied else { continue }
            #expect(again.path.map(\.screen) == fresh.path.map(\.screen))
            #expect(again.path.map(\.values) == fresh.path.map(\.values))
        }
        #expect(again.open("/nowhere") == StepResult(.rejected, .noMatchingLink("/nowhere")))
        #expect(again.matchedLinks.count == urls.count)
    }

    @Test func theURLsKeptAreBounded() throws {
        let coordinator = try coordinator()
        #expect(MatchedLinks.capacity == 64)
        for index in 1...200 { #expect(coordinator.open("/search/q\(index)") == .applied) }
        // Full at 64, 128 and 192: dropped each time before the next URL is kept.
        #expect(coordinator.matchedLinks.count == 8)
        #expect(coordinator.open("/search/q1") == .applied)
        #expect(coordinator.path.map(\.screen) == ["home", "results"])
        #expect(coordinator.path.last?.values == [.string("q1")])
        #expect(coordinator.matchedLinks.count == 9)
    }
}
