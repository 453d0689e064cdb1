import FlowModel
import FlowRuntime
import Testing

/// The `pattern` matcher (issue 9 follow-up): linear time, a documented subset, located refusals.
struct LinearPatternTests {
    /// (pattern, value, whole match expected)
    static let cases: [(String, String, Bool)] = [
        ("abc", "abc", true), ("abc", "abcd", false), ("abc", "ab", false), ("", "", true), ("", "a", false),
        ("a.c", "a€c", true), ("a.c", "a\nc", false),
        ("[0-9]{4}", "2024", true), ("[0-9]{4}", "202", false), ("[0-9]{4}", "20245", false),
        ("[^@ ]+@[^@ ]+", "ada@example.com", true), ("[^@ ]+@[^@ ]+", "ada at home", false), ("[^@ ]+@[^@ ]+", "a@b c", false),
        ("[a-cx-z]+", "abzx", true), ("[a-cx-z]+", "abd", false), ("[]a]+", "]a]", true), ("[a-]+", "a-a", true),
        ("\\d+", "0123", true), ("\\d+", "12a", false), ("\\D", "a", true), ("\\D", "7", false),
        ("\\w+", "snake_case9", true), ("\\w+", "a-b", false), ("\\W", "-", true),
        ("a\\sb", "a b", true), ("a\\sb", "a\tb", true), ("a\\Sb", "a b", false),
        ("[\\d.]+", "1.5", true), ("\\.", ".", true), ("\\.", "x", false), ("a\\+", "a+", true),
        ("cat|dog", "dog", true), ("cat|dog", "cow", false), ("(?:cat|dog)s?", "cats", true), ("c(a|o)t", "cot", true),
        ("(a|)b", "b", true), ("a|b|c", "c", true), ("x(a|b|c)*y", "xabcacy", true), ("x(a|b|c)*y", "xady", false),
        ("a{2,3}", "a", false), ("a{2,3}", "aa", true), ("a{2,3}", "aaa", true), ("a{2,3}", "aaaa", false),
        ("a{2,}", "aaaaaa", true), ("a{2,}", "a", false), ("a{0}", "", true), ("(ab){2}", "abab", true), ("(ab){2}", "ab", false),
        ("a*?b", "aab", true), ("a??", "", true), ("colou?r", "color", true), ("colou?r", "colour", true),
        ("^[a-z]+$", "abc", true), ("^[a-z]+$", "ab1", false),
        ("é+", "éé", true), ("[à-ÿ]+", "éü", true), ("[à-ÿ]+", "e", false), ("😀.", "😀x", true), ("[^😀]", "😀", false),
        ("\\w+", "straße", true), ("\\d", "٣", true),
        ("(a+)+b", String(repeating: "a", count: 20) + "b", true), ("(a+)+b", String(repeating: "a", count: 20) + "c", false),
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
            ("(a)\\1", "backreferences such as '\\1' are not supported; repeat the group's pattern instead (at character 4 of the pattern)"),
            ("a(?=b)", "lookaround such as '(?=' is not supported; describe the whole value with the pattern instead (at character 2 of the pattern)"),
            ("(?<!x)a", "lookaround such as '(?<!' is not supported; describe the whole value with the pattern instead (at character 1 of the pattern)"),
            ("a^b", "'^' is supported only first in the pattern (the whole value always has to match); write \\^ for a literal caret (at character 2 of the pattern)"),
            ("a$|b", "'$' is supported only last in the pattern (the whole value always has to match); write \\$ for a literal dollar sign (at character 2 of the pattern)"),
            ("\\bword", "anchors such as '\\b' are not supported; the pattern always matches the whole value (at character 1 of the pattern)"),
            ("a*+", "possessive quantifiers such as '*+' are not supported; remove the '+' (at character 3 of the pattern)"),
            ("a**", "a quantifier cannot follow another; group the repeated part with (?: ) first (at character 3 of the pattern)"),
            ("(?<name>a)", "only '(?:' groups are supported after '(?'; write (?: ) or ( ) (at character 1 of the pattern)"),
            ("[0-9", "'[' is not closed; add ']' or write \\[ for a literal bracket (at character 1 of the pattern)"),
            ("[z-a]", "the range is reversed; write its lower character first (at character 4 of the pattern)"),
            ("(ab", "'(' is not closed; add ')' or write \\( for a literal parenthesis (at character 1 of the pattern)"),
            ("ab)", "')' closes no group; write \\) for a literal parenthesis (at character 3 of the pattern)"),
            ("*a", "'*' has nothing to repeat; write \\* for a literal '*' (at character 1 of the pattern)"),
            ("a{3,1}", "the bound {3,1} has its maximum below its minimum; write {1,3} (at character 2 of the pattern)"),
            ("a{1001}", "a bound may count at most 1000 repetitions (at character 2 of the pattern)"),
            ("a{x}", "'{' must start a bound such as {2}, {2,} or {2,5}; write \\{ for a literal brace (at character 2 of the pattern)"),
            ("\\q", "the escape '\\q' is not supported; use \\d, \\w, \\s, \\D, \\W, \\S, \\n, \\t, \\r or escape punctuation only (at character 1 of the pattern)"),
            ("(a{1000}){1000}", "it compiles to more than 10000 steps; use smaller bounds such as {1,50} or fewer nested repetitions"),
            (String(repeating: "(", count: 33) + String(repeating: ")", count: 33),
             "groups are nested more than 32 deep; flatten the pattern (at character 33 of the pattern)"),
            (String(repeating: "a", count: 1001), "it is longer than 1000 characters"),
        ]
        for (source, message) in refused {
            #expect(LinearPattern.problem(with: source) == message, "\(source)")
        }
        #expect(LinearPattern.problem(with: String(repeating: "(", count: 32) + String(repeating: ")", count: 32)) == nil)
    }

    static let hostile = """
        flow: hostile
        start: home
        screens:
          home:
            on:
              submit:
                params: { s: { type: string, pattern: "(a+)+b" } }
                push: item
                with: { s: $s }
          item:
            params: { s: { type: string, pattern: "(a+)+b" } }
        links:
          /x/{s}: [home, { item: { s: $s } }]
        """

    /// Before: 20 'a's then 'c' against `(a+)+b` froze the main actor in the backtracking matcher.
    @MainActor @Test func hostileValuesAnswerAtRunTime() throws {
        let bad = String(repeating: "a", count: 20) + "c"
        let message = "\"\(bad)\" does not match the pattern \"(a+)+b\""
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([Self.hostile]), flow: "hostile", host: TestHost().host)
        coordinator.start()
        #expect(coordinator.send("submit", textArguments: ["s": bad]) == StepResult(.rejected, .constraintViolated(
            receiver: "event 'submit' of screen 'home' of flow 'hostile'", name: "s", message: message)))
        let long = String(repeating: "a", count: 5_000) + "c"
        #expect(coordinator.send("submit", textArguments: ["s": long]).status == .rejected)
        #expect(coordinator.open("/x/\(bad)") == StepResult(.rejected, .constraintViolated(
            receiver: "screen 'item' of flow 'hostile'", name: "s", message: message)))
        #expect(coordinator.screens == ["hostile.home"])
        #expect(coordinator.open("/x/aaab") == .applied)
        #expect(coordinator.screens == ["hostile.home", "hostile.item(s: aaab)"])
    }

    /// review-3, "pattern matching cost from a URL": `(a*b?){1000}x` keeps about 4,000 states alive per
    /// character, so a long value took seconds. A match stops after `LinearPattern.maximumMatchSteps` steps
    /// and the value is refused with a reason naming `maxLength`; a `maxLength` beside the pattern is checked first.
    @MainActor @Test func costlyMatchesStopAndAreRefusedWithAReason() throws {
        let pattern = try LinearPattern("(a*b?){1000}x")
        let hundred = String(repeating: "a", count: 100)
        #expect(pattern.match(hundred) == .doesNotMatch)
        #expect(pattern.match(hundred + "x") == .matches)
        let long = String(repeating: "a", count: 500)
        #expect(pattern.match(long) == .tooCostly)
        #expect(pattern.match("aax", stepLimit: 10) == .tooCostly)
        #expect(try LinearPattern("[a-z]+").match(String(repeating: "a", count: 100_000)) == .matches)

        let flows = """
            flow: costly
            start: home
            screens:
              home:
                on:
                  submit:
                    params: { s: { type: string, pattern: "(a*b?){1000}x" } }
                    push: item
                    with: { s: $s }
                  bound: { params: { s: { type: string, maxLength: 100 } }, push: bounded, with: { s: $s } }
              item:
                params: { s: { type: string, pattern: "(a*b?){1000}x" } }
              bounded:
                params: { s: { type: string, maxLength: 100, pattern: "(a*b?){1000}x" } }
            links:
              /s/{s}: [home, { item: { s: $s } }]
              /b/{s}: [home, { bounded: { s: $s } }]
            """
        let coordinator = try FlowCoordinator(bundle: try Fixtures.bundle([flows]), flow: "costly", host: TestHost().host)
        coordinator.start()
        let shown = "\"" + String(repeating: "a", count: 57) + "…\""
        #expect(coordinator.open("/s/\(long)") == StepResult(.rejected, .constraintViolated(
            receiver: "screen 'item' of flow 'costly'", name: "s",
            message: "\(shown) (500 characters) is too long to check against the pattern \"(a*b?){1000}x\": it would take more than 1000000 matching steps; give the parameter a 'maxLength'")))
        #expect(coordinator.send("submit", textArguments: ["s": long]) == StepResult(.rejected, .constraintViolated(
            receiver: "event 'submit' of screen 'home' of flow 'costly'", name: "s",
            message: "\(shown) (500 characters) is too long to check against the pattern \"(a*b?){1000}x\": it would take more than 1000000 matching steps; give the parameter a 'maxLength'")))
        #expect(coordinator.open("/b/\(long)") == StepResult(.rejected, .constraintViolated(
            receiver: "screen 'bounded' of flow 'costly'", name: "s",
            message: "\(shown) is longer than the maximum length 100 (it has 500 characters)")))
        #expect(coordinator.open("/s/\(hundred)x") == .applied)
        #expect(coordinator.screens == ["costly.home", "costly.item(s: \(hundred)x)"])
    }
}
