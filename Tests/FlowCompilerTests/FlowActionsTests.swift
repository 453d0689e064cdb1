import FlowDefinitions
import Testing

@testable import FlowCompiler

/// The index's actions (``FlowActions``: positions in the flow, read on access) read back exactly the list
/// ``FlowDefinition/allActions`` builds: every action, conditional branches flattened, with its site.
struct FlowActionsTests {
    @Test func positionsReadBackEveryActionWithItsSite() throws {
        let result = FlowValidation.validate(sources: try TestPaths.shippedFlows())
        // Every shipped file is a flow that decodes (another helper may add some: no count is fixed here).
        #expect(result.flows.count == result.files.count)
        #expect(!result.hasErrors)
        var sites: Set<String> = []
        for flow in result.flows {
            let read = FlowActions(flow)
            let listed = flow.allActions
            #expect(read.count == listed.count, "\(flow.name.value)")
            for (index, (action, site)) in read.enumerated() where index < listed.count {
                #expect(action == listed[index].action, "\(flow.name.value) #\(index)")
                #expect(site == listed[index].site, "\(flow.name.value) #\(index)")
                switch site {
                case .start: sites.insert("start")
                case .event: sites.insert("event")
                case .handler: sites.insert("handler")
                }
            }
        }
        // Every kind of site is read: the start, screens' events, children's outcome handlers.
        #expect(sites == ["start", "event", "handler"])
        // The conditional start of `app` is flattened: the `if` itself, then each branch in order.
        let app = try #require(result.flows.first { $0.name.value == "app" })
        let starts = FlowActions(app).filter { $0.site == .start }.map(\.action)
        #expect(starts.count == app.start.alternatives.count)
        #expect(starts.count > 1)
    }

    /// A screen's event and a child's handler are named by their site exactly.
    @Test func sitesNameTheScreenAndEventOrTheChildAndOutcome() throws {
        let source = """
            flow: shelf
            start: list
            outcomes: [done]
            screens:
              list:
                on:
                  open: { push: details }
                  add: { start: editor }
              details: {}
            children:
              editor:
                flow: shelf
                on:
                  done: { finish: done }
            """
        let result = FlowValidation.validate(sources: [("shelf.yaml", Array(source.utf8))])
        let flow = try #require(result.flows.first)
        let sites = FlowActions(flow).map(\.site)
        #expect(
            sites == [
                .start, .event(screen: "list", event: "open"), .event(screen: "list", event: "add"),
                .handler(child: "editor", outcome: "done"),
            ])
    }
}
