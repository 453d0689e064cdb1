import Testing

@testable import FlowLanguageServer

/// Definition and references across files: screens, child flows, flows, outcomes, parameters,
/// conditions, tabs and link placeholders.
@Suite struct NavigationTests {
    static func definition(_ client: TestClient, _ name: String, _ line: Int, _ character: Int) -> [String] {
        (client.request("textDocument/definition", client.at(name, line, character)).array ?? []).map(client.describe)
    }

    static func references(
        _ client: TestClient, _ name: String, _ line: Int, _ character: Int, declaration: Bool = true
    )
        -> [String]
    {
        var params = client.at(name, line, character)
        if case .object(var members) = params {
            members["context"] = ["includeDeclaration": .bool(declaration)]
            params = .object(members)
        }
        return (client.request("textDocument/references", params).array ?? []).map(client.describe)
    }

    @Test func definitionsInTheFileAndAcross() throws {
        let client = try ShopWorkspace.client()
        // `start: catalog` → the screen; `start: checkout` → the child; `flow: checkout` → checkout.yaml;
        // the child's name → its flow too; `paid:` handler → checkout.yaml's outcomes; `$itemID` → the
        // event's parameter; `if: isMember` → the condition; `replaceRoot: catalog` → the screen.
        #expect(Self.definition(client, "shop.yaml", 1, 9) == ["shop.yaml 5:2-5:9"])
        #expect(Self.definition(client, "shop.yaml", 17, 25) == ["shop.yaml 22:2-22:10"])
        #expect(Self.definition(client, "shop.yaml", 23, 12) == ["checkout.yaml 0:6-0:14"])
        #expect(Self.definition(client, "shop.yaml", 22, 4) == ["checkout.yaml 0:6-0:14"])
        #expect(Self.definition(client, "shop.yaml", 26, 8) == ["checkout.yaml 2:11-2:15"])
        #expect(Self.definition(client, "shop.yaml", 10, 26) == ["shop.yaml 8:18-8:24"])
        // The argument key names a parameter of the screen pushed, which is misspelled: nothing.
        #expect(Self.definition(client, "shop.yaml", 10, 18) == [])
        #expect(Self.definition(client, "shop.yaml", 16, 14) == ["shop.yaml 2:13-2:21"])
        #expect(Self.definition(client, "shop.yaml", 18, 30) == ["shop.yaml 5:2-5:9"])
        // Nothing there: blank text, a key.
        #expect(client.request("textDocument/definition", client.at("shop.yaml", 3, 0)) == nil)
    }

    @Test func referencesOfAnOutcomeAndAScreen() throws {
        let client = try ShopWorkspace.client()
        #expect(
            Self.references(client, "checkout.yaml", 2, 12)
                == ["checkout.yaml 2:11-2:15", "checkout.yaml 7:21-7:25", "shop.yaml 26:6-26:10"])
        #expect(
            Self.references(client, "checkout.yaml", 2, 12, declaration: false) == [
                "checkout.yaml 7:21-7:25", "shop.yaml 26:6-26:10",
            ])
        #expect(
            Self.references(client, "shop.yaml", 5, 4) == [
                "shop.yaml 5:2-5:9", "shop.yaml 1:7-1:14", "shop.yaml 18:29-18:36",
            ])
    }

    @Test func tabsLinksAndPlaceholders() throws {
        let files = [
            "tabs.yaml": """
            flow: tabs
            tabs: [home, more]
            start: home
            children:
              home: { flow: home }
              more: { flow: home }
            links:
              "/item/{itemID:int}": [home, { item: { itemID: $itemID } }]
            """,
            "home.yaml": """
            flow: home
            start: list
            screens:
              list:
                on:
                  other: { select: more }
              item:
                params: { itemID: int }
            """,
        ]
        let client = try TestClient(files: files)
        client.open("tabs.yaml", text: files["tabs.yaml"]!)
        client.open("home.yaml", text: files["home.yaml"]!)
        // `select: more` in home.yaml → the tab's child in tabs.yaml; a link route → the child flow's
        // screen; `$itemID` in a link → its placeholder; the argument key → the screen's parameter.
        #expect(Self.definition(client, "home.yaml", 5, 25) == ["tabs.yaml 5:2-5:6"])
        #expect(Self.definition(client, "tabs.yaml", 7, 34) == ["home.yaml 6:2-6:6"])
        #expect(Self.definition(client, "tabs.yaml", 7, 52) == ["tabs.yaml 7:10-7:16"])
        #expect(Self.definition(client, "tabs.yaml", 7, 43) == ["home.yaml 7:14-7:20"])
        #expect(
            Self.references(client, "tabs.yaml", 5, 3) == [
                "tabs.yaml 5:2-5:6", "home.yaml 5:23-5:27", "tabs.yaml 1:13-1:17",
            ])
    }
}
