import FlowModel
import Testing

/// `LinearPattern.example`: a shortest text the pattern matches within length bounds, one script word.
struct PatternExampleTests {
    /// (pattern, minimum length, maximum length, the example expected)
    static let cases: [(String, Int, Int?, String?)] = [
        ("[^@ ]+@[^@ ]+", 0, nil, "a@a"), ("[^@ ]+@[^@ ]+", 5, nil, "aaa@a"), ("[^@ ]+@[^@ ]+", 0, 2, nil),
        ("[0-9]{6}", 0, nil, "000000"), ("abc", 0, nil, "abc"), ("abc", 4, nil, nil), ("", 0, nil, ""),
        ("cat|dog", 0, nil, "cat"), ("colou?r", 6, nil, "colour"), ("[A-Z][a-z]*", 3, nil, "Aaa"),
        ("[#\"]+x", 0, nil, nil), ("\\s", 0, nil, nil), ("[!-!]", 0, nil, "!"), ("a*", 300, nil, nil),
    ]

    @Test(arguments: cases)
    func theShortestMatchWithinTheBounds(pattern: String, minimum: Int, maximum: Int?, expected: String?) throws {
        let compiled = try LinearPattern(pattern)
        let example = compiled.example(minimumLength: minimum, maximumLength: maximum)
        #expect(example == expected)
        if let example { #expect(compiled.wholeMatch(example)) }
    }
}
