/// The editor the page's `file:line` links open (`flowc view --editor`, or `FLOWC_EDITOR`): each link's
/// URL names the absolute file, line and column in the editor's own URL scheme.
public enum ViewEditor: String, CaseIterable, Sendable {
    /// `vscode://file/ABSOLUTE:LINE:COLUMN` (Visual Studio Code; the default).
    case vscode
    /// `idea://open?file=ABSOLUTE&line=LINE&column=COLUMN` (IntelliJ IDEA and the other JetBrains IDEs).
    case idea
    /// No editor: `file:line` is shown as text, not as a link.
    case none

    /// The URL that opens `absolute` (a path from `/`) at `line` and `column`; empty for ``none``.
    func url(_ absolute: String, line: Int, column: Int) -> String {
        switch self {
        case .vscode: "vscode://file" + absolute.addingPercentEncodingForURLPath + ":\(line):\(column)"
        case .idea:
            "idea://open?file=" + absolute.addingPercentEncodingForURLPath + "&line=\(line)&column=\(column)"
        case .none: ""
        }
    }
}
