/// Misspellings at a chosen edit distance, and the distance itself, written from docs/FORMAT.md's
/// promise ("did you mean …?") rather than from the compiler's `NameSuggestion`, so a test can hold the
/// compiler to it: a name of at most 4 characters is suggested within 1 edit, of at most 8 within 2, a
/// longer one within 3 (the limit counts the misspelt name's characters).
public enum NameMisspelling {
    /// The most edits at which a misspelling of `length` characters is still suggested.
    public static func suggestionLimit(forLength length: Int) -> Int { length <= 4 ? 1 : length <= 8 ? 2 : 3 }

    /// The optimal-string-alignment distance (substitutions, insertions, deletions, adjacent swaps),
    /// computed in full (names here are short).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }

    /// `name` with `edits` of its letters replaced (distinct positions, each by a letter it does not have
    /// there), such that the result is exactly `edits` away from `name` and further than `avoiding`'s
    /// suggestion limit plus one from every name in `avoiding`; nil when no try of 64 found one.
    public static func misspell(
        _ name: String, edits: Int, avoiding others: [String], using random: inout SplitMix64
    ) -> String? {
        let letters = Array("qxzjvkwy")
        let original = Array(name)
        guard edits <= original.count else { return nil }
        for _ in 0..<64 {
            var positions = Set<Int>()
            while positions.count < edits { positions.insert(Int(random.next() % UInt64(original.count))) }
            var changed = original
            for position in positions {
                let choices = letters.filter { $0 != original[position] && (position > 0 || !$0.isNumber) }
                changed[position] = choices[Int(random.next() % UInt64(choices.count))]
            }
            let candidate = String(changed)
            let limit = suggestionLimit(forLength: candidate.count)
            guard distance(candidate, name) == edits,
                others.allSatisfy({ $0 != candidate && distance(candidate, $0) > limit + 1 })
            else { continue }
            return candidate
        }
        return nil
    }
}
