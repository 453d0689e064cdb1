import FlowCodegen
import FlowModel
import FlowRuntime
import Testing

/// Names Swift spells alike, text that must not escape its comment or literal, and values as literals.
@Suite struct GeneratorEdgeTests {
    @Test func screensWhoseEventTypesCollideAreRefusedAtTheSecondScreen() throws {
        let source = Generation.file(
            "a.yaml",
            """
            flow: a
            start: details
            screens:
              details:
                on: { next: { push: Details } }
              Details:
                on: { back: { pop: 1 } }
            """)
        let (bundle, flows) = try Generation.compile([source])
        let error = #expect(throws: SwiftGenerationError.self) {
            try SwiftGenerator.generate(bundle, definitions: flows)
        }
        #expect(
            error?.description
                == "a.yaml:6:3: error: screens 'details' and 'Details' of flow 'a' would both have the event type 'DetailsEvent'; rename one of them"
        )
    }

    @Test func aFlowNamedLikeTheNamespaceIsRefused() throws {
        let (bundle, flows) = try Generation.compile([
            Generation.file("a.yaml", "flow: app\nstart: home\nscreens: { home: }\n")
        ])
        let error = #expect(throws: SwiftGenerationError.self) {
            try SwiftGenerator.generate(
                bundle, definitions: flows, options: SwiftGenerationOptions(namespace: "AppFlow"))
        }
        #expect(
            error?.description
                == "a.yaml:1:7: error: flow 'app' would be the Swift type 'AppFlow', as the namespace 'AppFlow' is; rename one of them"
        )
        #expect(SwiftGenerationOptions.isValidNamespace("Reading_2"))
        #expect(!SwiftGenerationOptions.isValidNamespace("2Reading"))
        #expect(!SwiftGenerationOptions.isValidNamespace("class"))
        #expect(!SwiftGenerationOptions.isValidNamespace("Flow-s"))
        #expect(!SwiftGenerationOptions.isValidNamespace(""))
    }

    @Test func descriptionsCannotLeaveTheirCommentOrReorderTheSource() throws {
        // A line separator and CRLF end lines; a bidirectional override and a tab become spaces; each line
        // of the description stays behind `///`.
        let text = "First \u{2028}line\u{202E}*/ x\r\nSecond\tline"
        let source = Generation.file(
            "a.yaml",
            "description: \"\(text.unicodeScalars.map { "\\u\(String(format: "%04X", $0.value))" }.joined())\"\nflow: a\nstart: home\nscreens: { home: }\n"
        )
        let swift = try Generation.generate([source])
        #expect(
            swift.contains(
                "\n/// First\n/// line */ x\n/// Second line\n///\n/// Flow `a`: its routes, events and outcomes.\n"))
    }

    @Test func literalsSurviveQuotesHashesAndNonASCII() throws {
        let source = Generation.file(
            "a.yaml",
            """
            flow: a
            start: home
            screens:
              home:
                on:
                  go:
                    params:
                      text: { type: string, default: "\\"#\\\\#(x)é\\u2028" }
                      ratio: { type: double, default: 1e20 }
                      small: { type: double, default: -0.5 }
                      count: { type: int, default: -9223372036854775808 }
                      flag: { type: bool, default: true }
                    push: home
            """)
        let (bundle, flows) = try Generation.compile([source])
        let swift = try SwiftGenerator.generate(bundle, definitions: flows)
        #expect(
            swift.contains(
                ##"""
                        case go(
                            text: String = "\"#\\#(x)\u{E9}\u{2028}",
                            ratio: Double = 1e+20,
                            small: Double = -0.5,
                            count: Int = -9223372036854775808,
                            flag: Bool = true
                        )
                """##))
        let base64 = try #require(GoldenGenerationTests.embeddedBundle(in: swift))
        #expect(try GeneratedBundle.decode(base64: base64, expecting: bundle.contentHash) == bundle)
    }
}
