/// How user-written text (names, keys, values) appears in diagnostic messages: in full up to
/// ``longestShown`` Unicode scalars, otherwise its first ``shownWhenCut`` scalars and `…`, so a
/// message stays short however long the text is. The diagnostic's source location still spans the
/// whole text.
public enum MessageText {
    /// The most Unicode scalars shown without a cut (60).
    public static let longestShown = 60
    /// The Unicode scalars kept when the text is cut (57, then `…`).
    public static let shownWhenCut = 57

    /// `text` itself when it has at most ``longestShown`` Unicode scalars, otherwise its first
    /// ``shownWhenCut`` scalars followed by `…`.
    public static func shortened(_ text: String) -> String {
        // A scalar takes at least one UTF-8 byte: a short byte count needs no scalar count.
        guard text.utf8.count > longestShown, text.unicodeScalars.count > longestShown else { return text }
        var shown = String.UnicodeScalarView(text.unicodeScalars.prefix(shownWhenCut))
        shown.append("…")
        return String(shown)
    }

    /// A count with its noun, singular for one (`1 state`, `2 states`): every count a summary prints. The
    /// plural adds `s`, as every noun counted so far takes it.
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A name in single quotes as messages write it (`'home'`), shortened as ``shortened(_:)`` does.
    public static func name(_ text: String) -> String {
        "'" + shortened(text) + "'"
    }
}
