import FlowDefinitions
import Testing

@testable import FlowCompiler

/// A tab written out in full (since format 1.2): `{ tab: NAME, title:, icon:, with: }` decodes its label
/// and arguments, its mistakes are reported where they are, and the format 1.1 forms keep their meaning.
@Suite struct TabLabelTests {
    static let children = """
        start: feed
        children:
          feed: { flow: feed }
          search: { flow: search }
          tab: { flow: search }
        ---- feed.yaml ----
        flow: feed
        start: timeline
        screens:
          timeline: {}
        ---- search.yaml ----
        flow: search
        params:
          scope: { type: string, default: all }
        start: query
        screens:
          query: {}
        """

    func validate(_ tabs: String) -> (tabs: [TabDefinition], diagnostics: [String]) {
        let result = RuleExample("---- bar.yaml ----\nflow: bar\n" + tabs + "\n" + Self.children).validate()
        return (
            result.flows.first { $0.name.value == "bar" }?.tabs ?? [],
            result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
        )
    }

    @Test func aFullTabCarriesItsTitleIconAndArguments() {
        let (tabs, diagnostics) = validate(
            """
            tabs:
              - { tab: feed, title: Feed, icon: house }
              - { tab: search, title: "Search \\"all\\"", with: { scope: posts } }
              - tab
            """)
        #expect(diagnostics == [])
        #expect(tabs.map(\.name.value) == ["feed", "search", "tab"])
        #expect(tabs.map { $0.title?.value } == ["Feed", "Search \"all\"", nil])
        #expect(tabs.map { $0.icon?.value } == ["house", nil, nil])
        #expect(tabs[0].title.map { "\($0.location.line):\($0.location.column)" } == "3:25")
        #expect(tabs[1].arguments.map(\.name.value) == ["scope"])
    }

    @Test func itsMistakesAreReportedWhereTheyAre() {
        #expect(
            validate("tabs:\n  - { tab: feed, titel: Feed }\n  - search\n  - tab").diagnostics == [
                "3:18 FC101 unknown key 'titel' in a tab; did you mean 'title'?"
            ])
        #expect(
            validate("tabs:\n  - { tab: feed, title: \"\" }\n  - search\n  - tab").diagnostics == [
                "3:25 FC104 a tab's title is empty; write the text, or remove the key"
            ])
        // Without `tab`, a mapping of several entries is several tabs written as one, as in format 1.1.
        #expect(
            validate("tabs:\n  - { title: Feed, icon: house, with: {} }\n  - search\n  - tab").diagnostics.first
                == "3:5 FC104 a tab is a child name, or a mapping with one entry, CHILD: { ARGUMENTS }; write each tab as an entry of its own"
        )
    }

    @Test func theFormat11FormsKeepTheirMeaning() {
        // `{ tab: { … } }` is the child named `tab` with arguments, as in format 1.1.
        let (tabs, diagnostics) = validate("tabs: [feed, { search: { scope: posts } }, { tab: { scope: all } }]")
        #expect(diagnostics == [])
        #expect(tabs.map(\.name.value) == ["feed", "search", "tab"])
        #expect(tabs.map(\.arguments.count) == [0, 1, 1])
        #expect(tabs.allSatisfy { $0.title == nil && $0.icon == nil })
    }
}
