import FlowCompiler
import Testing

/// Inline suppressions: what they cover, and the warnings for unused and malformed ones.
@Suite struct SuppressionTests {
    static func findings(_ text: String) -> [String] {
        FlowValidation.validate(sources: [("s.yaml", Array(text.utf8))]).diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
    }

    @Test func ownLineCommentCoversTheWholeDeclarationBelow() {
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: {}
                  # flowc:disable FC301 -- kept for the archive feature
                  archive:
                    on:
                      next: { push: nowhere }
                """) == ["8:21 FC203 unknown screen 'nowhere' in flow 'sample'"])
    }

    /// Only real YAML comments suppress: `# flowc:disable` inside a block scalar's text or a quoted
    /// string is part of the value (it used to disable the rule). A comment after a quoted string
    /// holding the marker, or after a block scalar's indicator, is a real comment.
    @Test func markersInsideScalarsAreText() {
        let unreachable =
            "FC301 screen 'old' is unreachable from the start of flow 'sample'; push it from a reachable screen or remove it"
        for indicator in ["|", ">", "|-"] {
            #expect(
                Self.findings(
                    """
                    flow: sample
                    start: home
                    screens:
                      home:
                        params:
                          note:
                            type: string
                            default: \(indicator)
                              Shows the list.
                              # flowc:disable FC301 -- not a comment
                      old: {}
                    """) == ["11:3 \(unreachable)"])
        }
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: { params: { note: { type: string, default: "a # flowc:disable FC301 -- quoted" } } }
                  old: {}  # flowc:disable FC301 -- after no string
                """) == [])
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: {}
                  old: { params: { note: { type: string, default: "see # flowc:disable FC301 -- quoted" } } }
                """) == ["5:3 \(unreachable)"])
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: {}
                  old: { params: { note: { type: string, default: 'x # flowc:disable FC301 -- y' } } }  # flowc:disable FC301 -- real
                """) == [])
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home:
                    params:
                      note:
                        type: string
                        default: |  # flowc:disable NOPE -- a real comment on the indicator line
                          text
                """) == ["8:23 FC091 unknown rule 'NOPE' in suppression; 'flowc rules' lists the codes"])
    }

    @Test func trailingCommentCoversItsLineOnly() {
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: {}
                  old: {}   # flowc:disable unreachable -- removed next release
                  gone: {}
                """) == [
                    "6:3 FC301 screen 'gone' is unreachable from the start of flow 'sample'; push it from a reachable screen or remove it"
                ])
    }

    @Test func severalCodesAndUnusedOnes() {
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: {}
                  # flowc:disable FC301, FC203 -- both
                  old:
                    on: { go: { push: nowhere } }
                """) == [])
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  # flowc:disable FC301, FC203 -- only FC203 is there
                  home:
                    on: { go: { push: nowhere } }
                """) == [
                    "4:5 FC090 suppression of FC301 suppresses nothing on lines 5–6; remove it"
                ])
    }

    @Test func malformedSuppressions() {
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                screens:
                  home: {}
                  # flowc:disable FC301
                  a: {}
                  # flowc:disable FC002 -- reading rules stay
                  b: {}
                  # flowc:disable nope -- typo
                  c: {}
                  # flowc:disable -- no rule
                  d: {}
                # flowc:disable FC301 -- at the end
                """) == [
                    "5:5 FC091 suppression has no reason; add one after '--', as in '# flowc:disable FC301 -- REASON'",
                    "7:5 FC091 FC002 (duplicate-key) cannot be suppressed: files that cannot be read, and suppressions themselves, are always reported",
                    "8:3 FC301 screen 'b' is unreachable from the start of flow 'sample'; push it from a reachable screen or remove it",
                    "9:5 FC091 unknown rule 'nope' in suppression; 'flowc rules' lists the codes",
                    "10:3 FC301 screen 'c' is unreachable from the start of flow 'sample'; push it from a reachable screen or remove it",
                    "11:5 FC091 suppression names no rule; write '# flowc:disable FC301 -- REASON'",
                    "12:3 FC301 screen 'd' is unreachable from the start of flow 'sample'; push it from a reachable screen or remove it",
                    "13:3 FC091 suppression covers nothing: no line follows it; put it above the line or declaration it is for",
                ])
    }

    @Test func textInsideAValueIsNotASuppression() {
        #expect(
            Self.findings(
                """
                flow: sample
                start: home
                description: "see#flowc:disable FC301"
                screens:
                  home: {}
                  old: {}
                """
            ).map { String($0.prefix(9)) } == ["6:3 FC301"])
    }
}
