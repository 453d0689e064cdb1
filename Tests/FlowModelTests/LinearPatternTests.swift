import FlowModel
import Testing

/// The `pattern` matcher: linear time, a documented subset, located refusals.
struct LinearPatternTests {
    /// (pattern, value, whole match expected)
    static let cases: [(String, String, Bool)] = [
        ("abc", "abc", true), ("abc", "abcd", false), ("abc", "ab", false), ("", "", true), ("", "a", false),
        ("a.c", "a€c", true), ("a.c", "a\nc", false),
        ("[0-9]{4}", "2024", true), ("[0-9]{4}", "202", false), ("[0-9]{4}", "20245", false),
        ("[^@ ]+@[^@ ]+", "ada@example.com", true), ("[^@ ]+@[^@ ]+", "ada at home", false),
        ("[^@ ]+@[^@ ]+", "a@b c", false),
        ("[a-cx-z]+", "abzx", true), ("[a-cx-z]+", "abd", false), ("[]a]+", "]a]", true), ("[a-]+", "a-a", true),
        ("\\d+", "0123", true), ("\\d+", "12a", false), ("\\D", "a", true), ("\\D", "7", false),
        ("\\w+", "snake_case9", true), ("\\w+", "a-b", false), ("\\W", "-", true),
        ("a\\sb", "a b", true), ("a\\sb", "a\tb", true), ("a\\Sb", "a b", false),
        ("[\\d.]+", "1.5", true), ("\\.", ".", true), ("\\.", "x", false), ("a\\+", "a+", true),
        ("cat|dog", "dog", true), ("cat|dog", "cow", false), ("(?:cat|dog)s?", "cats", true), ("c(a|o)t", "cot", true),
        ("(a|)b", "b", true), ("a|b|c", "c", true), ("x(a|b|c)*y", "xabcacy", true), ("x(a|b|c)*y", "xady", false),
        ("a{2,3}", "a", false), ("a{2,3}", "aa", true), ("a{2,3}", "aaa", true), ("a{2,3}", "aaaa", false),
        ("a{2,}", "aaaaaa", true), ("a{2,}", "a", false), ("a{0}", "", true), ("(ab){2}", "abab", true),
        ("(ab){2}", "ab", false),
        ("a*?b", "aab", true), ("a??", "", true), ("colou?r", "color", true), ("colou?r", "colour", true),
        ("^[a-z]+$", "abc", true), ("^[a-z]+$", "ab1", false),
        ("é+", "éé", true), ("[à-ÿ]+", "éü", true), ("[à-ÿ]+", "e", false), ("😀.", "😀x", true), ("[^😀]", "😀", false),
        ("\\w+", "straße", true), ("\\d", "٣", true),
        ("(a+)+b", String(repeating: "a", count: 20) + "b", true),
        ("(a+)+b", String(repeating: "a", count: 20) + "c", false),
        ("(a*)*", String(repeating: "a", count: 30), true), ("(a|a)*c", String(repeating: "a", count: 40), false),
    ]

    @Test func matcherTable() throws {
        for (source, value, expected) in Self.cases {
            let pattern = try LinearPattern(source)
            #expect(pattern.wholeMatch(value) == expected, "\(source) against \(value)")
        }
    }

    /// Each refusal names the construct, its position and what to write instead.
    @Test func unsupportedSyntaxIsRefused() {
        let refused: [(String, String)] = [
            (
                "(a)\\1",
                "backreferences such as '\\1' are not supported; repeat the group's pattern instead (at character 4 of the pattern)"
            ),
            (
                "a(?=b)",
                "lookaround such as '(?=' is not supported; describe the whole value with the pattern instead (at character 2 of the pattern)"
            ),
            (
                "(?<!x)a",
                "lookaround such as '(?<!' is not supported; describe the whole value with the pattern instead (at character 1 of the pattern)"
            ),
            (
                "a^b",
                "'^' is supported only first in the pattern (the whole value always has to match); write \\^ for a literal caret (at character 2 of the pattern)"
            ),
            (
                "a$|b",
                "'$' is supported only last in the pattern (the whole value always has to match); write \\$ for a literal dollar sign (at character 2 of the pattern)"
            ),
            (
                "\\bword",
                "anchors such as '\\b' are not supported; the pattern always matches the whole value (at character 1 of the pattern)"
            ),
            (
                "a*+",
                "possessive quantifiers such as '*+' are not supported; remove the '+' (at character 3 of the pattern)"
            ),
            (
                "a**",
                "a quantifier cannot follow another; group the repeated part with (?: ) first (at character 3 of the pattern)"
            ),
            (
                "(?<name>a)",
                "only '(?:' groups are supported after '(?'; write (?: ) or ( ) (at character 1 of the pattern)"
            ),
            ("[0-9", "'[' is not closed; add ']' or write \\[ for a literal bracket (at character 1 of the pattern)"),
            ("[z-a]", "the range is reversed; write its lower character first (at character 4 of the pattern)"),
            (
                "(ab",
                "'(' is not closed; add ')' or write \\( for a literal parenthesis (at character 1 of the pattern)"
            ),
            ("ab)", "')' closes no group; write \\) for a literal parenthesis (at character 3 of the pattern)"),
            ("*a", "'*' has nothing to repeat; write \\* for a literal '*' (at character 1 of the pattern)"),
            (
                "a{3,1}",
                "the bound {3,1} has its maximum below its minimum; write {1,3} (at character 2 of the pattern)"
            ),
            ("a{1001}", "a bound may count at most 1000 repetitions (at character 2 of the pattern)"),
            (
                "a{x}",
                "'{' must start a bound such as {2}, {2,} or {2,5}; write \\{ for a literal brace (at character 2 of the pattern)"
            ),
            (
                "\\q",
                "the escape '\\q' is not supported; use \\d, \\w, \\s, \\D, \\W, \\S, \\n, \\t, \\r or escape punctuation only (at character 1 of the pattern)"
            ),
            (
                "(a{1000}){1000}",
                "it compiles to more than 10000 steps; use smaller bounds such as {1,50} or fewer nested repetitions"
            ),
            (
                String(repeating: "(", count: 33) + String(repeating: ")", count: 33),
                "groups are nested more than 32 deep; flatten the pattern (at character 33 of the pattern)"
            ),
            (String(repeating: "a", count: 1001), "it is longer than 1000 characters"),
        ]
        for (source, message) in refused {
            #expect(LinearPattern.problem(with: source) == message, "\(source)")
        }
        #expect(
            LinearPattern.problem(with: String(repeating: "(", count: 32) + String(repeating: ")", count: 32)) == nil)
    }
}
