/// "Did you mean" suggestions for misspelled names: the compiler's diagnostics and `flowc run`'s refusals.
package enum NameSuggestion {
    /// How many candidates one lookup looks at, at most: keeps "did you mean" linear in the number
    /// of unknown names however many names a flow declares (a flow with more candidates than this
    /// gets suggestions from its first ones only).
    package static let candidateLimit = 256

    /// The candidate closest to `name` by edit distance, when that distance is small for the name's length
    /// (at most 1 for names up to 4 characters, 2 up to 8, 3 beyond); nil when none is close.
    /// Compares case-insensitively first, so `Details` suggests `details`. Looks at the first
    /// `candidateLimit` candidates only.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let limit = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3
        let scalars = Array(name.unicodeScalars)
        let length = scalars.count
        let lowercased = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates.prefix(candidateLimit) where candidate != name {
            if abs(candidate.unicodeScalars.count - length) > limit { continue }
            if candidate.lowercased() == lowercased { return candidate }
            let distance = editDistance(scalars, Array(candidate.unicodeScalars), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `; did you mean 'x'?` or the empty string.
    package static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { "; did you mean \(MessageText.name($0))?" } ?? ""
    }

    /// Damerau-Levenshtein distance (optimal string alignment) between two names split into scalars, or
    /// `limit + 1` when it is more than `limit`. Only the band of cells within `limit` of the diagonal is
    /// computed (a cell further off is more than `limit` anyway), so the cost is linear in the names'
    /// length — two 100,000-character names differing in one character cost 700,000 cells, not 10^10.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        let over = limit + 1
        if abs(a.count - b.count) > limit { return over }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: over, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: over, count: b.count + 1)
        for i in 1...a.count {
            let (low, high) = (max(1, i - limit), min(b.count, i + limit))
            current[0] = i
            // The cells just outside the band, which the next row reads, count as over the limit.
            current[low - 1] = low == 1 ? i : over
            if high < b.count { current[high + 1] = over }
            var rowMinimum = low == 1 ? i : over
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return over }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return min(previous[b.count], over)
    }
}
