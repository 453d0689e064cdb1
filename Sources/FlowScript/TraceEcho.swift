/// Bounds the text a trace line repeats from its script line (`command`, and a script word a `reason`
/// quotes), so a huge script line is not echoed whole on every trace line. A `reason` itself is never
/// cut: its end holds the cause.
enum TraceEcho {
    /// The most Unicode scalars of a `command` or `reason` a trace line repeats.
    static let maximumScalars = 200

    /// `text` when it has at most `maximumScalars` scalars; else its first `maximumScalars` followed by
    /// the marker `… [cut: N more characters]`.
    static func bounded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: maximumScalars, limitedBy: scalars.endIndex),
            cut != scalars.endIndex
        else { return text }
        let rest = scalars.distance(from: cut, to: scalars.endIndex)
        return String(scalars[..<cut]) + "… [cut: \(rest) more characters]"
    }
}
