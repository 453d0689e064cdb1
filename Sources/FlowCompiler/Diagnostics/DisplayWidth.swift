/// How many terminal cells a Unicode scalar takes, as terminals draw it (the rule of `wcwidth`): East
/// Asian wide and fullwidth characters and emoji shown as emoji take 2, combining marks, variation
/// selectors and other format characters (the zero-width joiner) take 0, everything else 1.
///
/// Diagnostics keep columns in Unicode scalars (docs/FORMAT.md); only the caret line under a source
/// snippet is drawn in cells, so that it sits under the token on a line like `"学术界🔥"`.
enum DisplayWidth {
    /// The cells `scalar` takes.
    static func cells(of scalar: Unicode.Scalar) -> Int {
        // ASCII holds no mark, format, emoji-presentation or wide character: one cell, without a property lookup.
        if scalar.isASCII { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// The cells a run of scalars takes.
    static func cells<Scalars: Sequence<Unicode.Scalar>>(of scalars: Scalars) -> Int {
        scalars.reduce(0) { $0 + cells(of: $1) }
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks (Unicode's EastAsianWidth.txt, grouped as wcwidth does).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
