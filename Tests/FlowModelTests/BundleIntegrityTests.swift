import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// A bundle edited by hand with a matching hash (FNV-1a is no protection against that) must be refused
/// when it is read, never crash or loop the coordinator that runs it.
@MainActor
struct BundleIntegrityTests {
    /// `bundle` with one flow changed, re-encoded with a matching content hash.
    func edited(_ change: (inout [FlowGraph]) -> Void) throws -> [UInt8] {
        var flows = try Fixtures.shipped().flows
        change(&flows)
        return BundleCodec.encode(FlowBundle(flows: flows))
    }

    func reading(_ flows: [FlowGraph]) -> Int { flows.firstIndex { $0.name == "reading" }! }

    func expectCorrupted(_ bytes: [UInt8], _ reason: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        #expect(throws: BundleError.corrupted(reason), sourceLocation: sourceLocation) { try BundleCodec.decode(bytes) }
    }

    @Test func theShippedBundleIsIntact() throws {
        #expect(try Fixtures.shipped().integrityProblem() == nil)
        #expect(try Fixtures.bundle(Fixtures.linkPolicyFlows).integrityProblem() == nil)
    }

    /// `continueOn` names an outcome of the flow of the otherwise routes' last child, however deep the routes go.
    @Test func continueOnIsAnOutcomeOfTheLastChildOfTheOtherwiseRoutes() throws {
        func podcastsLink(_ flows: [FlowGraph]) -> (flow: Int, link: Int) {
            let flow = flows.firstIndex { $0.name == "podcasts" }!
            return (flow, flows[flow].links.firstIndex { $0.otherwise?.continueOn != nil }!)
        }
        let shipped = try Fixtures.shipped().flows
        let (flow, link) = podcastsLink(shipped)
        let pattern = shipped[flow].links[link].pattern
        // Three routes deep (tabs, account, signIn): signIn has two outcomes, so index 1 is in range and 2 is not.
        #expect(shipped[flow].links[link].otherwise?.routes.count == 3)
        #expect(
            try BundleCodec.decode(try edited { $0[flow].links[link].otherwise?.continueOn = 1 }).flows.count
                == shipped.count)
        expectCorrupted(
            try edited { $0[flow].links[link].otherwise?.continueOn = 2 },
            "flow 'podcasts': link '\(pattern)': continueOn outcome 2 is not an outcome of a child of 'otherwise'")
        // Cut to its first route, the tab bar: the outcome is looked up in the tab bar's flow, not in signIn's.
        let first = try #require(shipped[flow].links[link].otherwise?.routes.first)
        guard case .child(let tabs) = first.target else {
            Issue.record("the first route is not a child")
            return
        }
        let tabOutcomes = shipped[shipped[flow].children[tabs].flow].outcomes.count
        expectCorrupted(
            try edited {
                $0[flow].links[link].otherwise?.routes = [first]
                $0[flow].links[link].otherwise?.continueOn = tabOutcomes
            },
            "flow 'podcasts': link '\(pattern)': continueOn outcome \(tabOutcomes) is not an outcome of a child of 'otherwise'"
        )
    }

    @Test func indicesOutOfRangeAreCorrupted() throws {
        // Before: each of these decoded, then crashed the coordinator on an index out of range.
        expectCorrupted(
            try edited { flows in
                let index = reading(flows)
                flows[index].screens[0].events[0].action = .push(screen: 9, arguments: [])
            }, "flow 'reading': screen 'library', event 'selectBook': screen index 9 is out of range")
        expectCorrupted(
            try edited { flows in
                flows[reading(flows)].children[0].handlers = []
            }, "flow 'reading': child 'edit': 0 handlers for 2 outcomes")
        expectCorrupted(
            try edited { flows in
                flows[reading(flows)].children[0].flow = 60
            }, "flow 'reading': screen 'details', event 'edit': child 'edit': flow index 60 is out of range")
        expectCorrupted(
            try edited { flows in
                flows[reading(flows)].links[0].routes[1].target = .child(4)
            }, "flow 'reading': link '/books/{bookID:int}': child index 4 is out of range")
        expectCorrupted(
            try edited { flows in
                flows[reading(flows)].linkFallback = 5
            }, "flow 'reading': linkFallback: screen index 5 is out of range")
        expectCorrupted(
            try edited { flows in
                let edit = flows.firstIndex { $0.name == "edit" }!
                flows[edit].screens[0].confirmOutcome = 2
            }, "flow 'edit': screen 'editor': outcome index 2 is out of range")
        expectCorrupted(
            try edited { flows in
                let app = flows.firstIndex { $0.name == "app" }!
                flows[app].start = .conditional(condition: 7, then: .stay, else: .stay)
            }, "flow 'app': start: condition index 7 is out of range")
    }

    @Test func aStartThatIsNotAShowIsCorrupted() throws {
        expectCorrupted(
            try edited { flows in
                let edit = flows.firstIndex { $0.name == "edit" }!
                flows[edit].start = .finish(outcome: 0)
            }, "flow 'edit': start: only show and conditional may start a flow")
    }

    @Test func aStartThatStartsItselfForeverIsCorrupted() throws {
        // reading's start shows its child edit, and edit's start shows a child running reading: starting
        // either would recurse until the stack overflows.
        expectCorrupted(
            try edited { flows in
                let reading = reading(flows)
                let edit = flows.firstIndex { $0.name == "edit" }!
                flows[reading].start = .show(target: .child(0), arguments: [])
                flows[edit].children = [ChildNode(name: "again", flow: reading, handlers: [])]
                flows[edit].start = .show(target: .child(0), arguments: [])
            }, "flow 'edit' starts itself again through the starts of its children")
    }

    @Test func unsortedOrDuplicateFlowNamesAreCorrupted() throws {
        expectCorrupted(
            try edited { flows in flows.swapAt(0, 1) },
            "flows are not sorted by name with unique names ('app' before 'account')")
    }

    /// A pattern the validator would refuse (FC104) cannot come back through a hand-edited bundle: the
    /// runtime would otherwise refuse every value of the parameter, far from the cause.
    @Test func aPatternThatDoesNotCompileIsCorrupted() throws {
        expectCorrupted(
            try edited { flows in
                let reading = reading(flows)
                let details = flows[reading].screens.firstIndex { $0.name == "details" }!
                flows[reading].screens[details].parameters[0].constraints.pattern = "a(b"
            },
            #"flow 'reading': screen 'details': parameter 'bookID': pattern "a(b" does not compile: '(' is not closed; add ')' or write \( for a literal parenthesis (at character 2 of the pattern)"#
        )
        expectCorrupted(
            try edited { flows in
                let edit = flows.firstIndex { $0.name == "edit" }!
                flows[edit].parameters[0].constraints.pattern = #"(a)\1"#
            },
            #"flow 'edit': parameter 'bookID': pattern "(a)\\1" does not compile: backreferences such as '\1' are not supported; repeat the group's pattern instead (at character 4 of the pattern)"#
        )
        expectCorrupted(
            try edited { flows in
                let edit = flows.firstIndex { $0.name == "edit" }!
                flows[edit].parameters[0].constraints.minimumLength = -1
            }, "flow 'edit': parameter 'bookID': minLength -1 is negative")
    }
}
