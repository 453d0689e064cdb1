import Foundation
import Testing

/// `flowc links`: per deep link, the conditions it depends on.
@Suite struct LinksCommandTests {
    @Test func shippedLinksWithTheirConditions() throws {
        let output = try FlowcProcess.run(["links", "Flows"])
        #expect(output.status == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput.hasPrefix(
                """
                Flows/market.yaml:18:3: link '/listings/{listingID:int}' of flow 'market'
                  routes: no conditions
                Flows/market.yaml:19:3: link '/sell' of flow 'market'
                  routes: no conditions
                Flows/notesApp.yaml:22:3: link '/notes/{noteID:int}' of flow 'notesApp'
                  when: isSignedIn (all must hold)
                  routes: isSignedIn is true (start of flow 'notesApp')
                  otherwise: isSignedIn is false (start of flow 'notesApp'); continues when flow 'login' finishes with 'signedIn'

                """))
        #expect(
            output.standardOutput.contains(
                """
                Flows/notesApp.yaml:30:3: link '/login' of flow 'notesApp'
                  routes: isSignedIn is false (start of flow 'notesApp')
                Flows/podcasts.yaml:17:3: link '/episodes/{episodeID:int}' of flow 'podcasts'
                  routes: hasOnboarded is true (start of flow 'podcasts')

                """))
        #expect(
            output.standardOutput.contains(
                """
                  routes: isSignedIn is true (event 'compose' of screen 'timeline')
                  otherwise: isSignedIn is false (event 'compose' of screen 'timeline'); continues when flow 'signIn' finishes with 'signedIn'

                """))
    }

    @Test func flowsWithErrorsAndNoPaths() throws {
        let invalid = try FlowcProcess.run(["links", "Tests/Fixtures/invalid/guarded-links"])
        #expect(invalid.status == 1)
        #expect(invalid.standardOutput == "")
        #expect(invalid.standardError.hasSuffix("flowc: error: the flows have errors; fix them first\n"))
        let none = try FlowcProcess.run(["links"])
        #expect(none.status == 2)
    }
}
