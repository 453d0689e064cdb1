import FlowModel
import Testing

@testable import FlowCompiler

/// Every user-written name a rule message quotes goes through `MessageText`: a name longer than 60
/// Unicode scalars is shown as its first 57 and `…`, so a 100,000-character screen name no longer
/// gives a 100 KB message. The diagnostic's location still points at the whole name.
@Suite struct LongNameMessageTests {
    private func messages(_ yaml: String, codes: Set<String>) -> [String] {
        FlowValidation.validate(sources: [("a.yaml", Array(yaml.utf8))]).diagnostics
            .filter { codes.contains($0.code) }
            .map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
    }

    private static let long = String(repeating: "s", count: 100_000)
    private static let cut = String(repeating: "s", count: 57) + "…"

    /// FC301 (unreachable) and FC601 (a link's route) quote the long screen name cut.
    @Test func reachabilityAndLinkMessagesCutLongNames() {
        let yaml = """
            flow: f
            start: home
            screens:
              home: {}
              ? \(Self.long)
              : {}
            links:
              "/x": [home, \(Self.long)]

            """
        #expect(
            messages(yaml, codes: ["FC301", "FC601"]) == [
                "5:5 FC301 screen '\(Self.cut)' is unreachable from the start of flow 'f'; push it from a reachable screen or remove it",
                "8:16 FC601 in link '/x', '\(Self.cut)' is not reached from 'home' by one action; list every route of the back stack, or add 'push' or 'start' of '\(Self.cut)' to an event of 'home'",
            ])
    }

    /// A tab rule (FC270) and a suggestion ("did you mean …?") cut the long names they quote; the
    /// suggestion between two 20,000-character names is found in time linear in their length (the
    /// edit distance is computed in a band around the diagonal).
    @Test func tabRulesAndSuggestionsCutLongNames() {
        let name = String(repeating: "t", count: 20_000)
        let typo = String(repeating: "t", count: 19_999) + "x"
        let cutName = String(repeating: "t", count: 57) + "…"
        let tabs = """
            flow: f
            tabs: [\(typo)]
            start: \(name)
            children:
              ? \(name)
              : { flow: f }

            """
        #expect(
            messages(tabs, codes: ["FC270"]) == [
                "2:8 FC270 tab '\(String(repeating: "t", count: 57))…' of flow 'f' names no child declaration; did you mean '\(cutName)'?"
            ])
    }

    /// The edit distance behind suggestions is exact within its limit and says "over" beyond it.
    @Test func bandedEditDistance() {
        func distance(_ a: String, _ b: String, limit: Int = 3) -> Int {
            NameSuggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
        }
        #expect(distance("details", "detials") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("kitten", "sitting", limit: 2) == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("abcdefgh", "hgfedcba") == 4)
        let long = String(repeating: "ab", count: 50_000)
        #expect(distance(long, long.dropLast() + "x") == 1)
        #expect(distance(long, "x" + long.dropFirst(2) + "y") == 3)
    }
}
