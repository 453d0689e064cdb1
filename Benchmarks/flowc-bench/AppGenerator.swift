/// The generated benchmark app, written as flow files (`flowc-bench generate`, and the inputs of
/// `flowc-bench e2e`, `scaling` and `oneline`):
///
/// - `screens` screens split over `files` flows (`part00`, `part01`, …, one per file, `part00` the root);
/// - every screen but the last pushes the next with a typed `itemID` argument (`next`), which every
///   screen after a file's first declares as a parameter;
/// - every 1,000th screen starts the `edit` child flow (`edit.yaml`, one screen, outcomes `saved` and
///   `discarded`) with that `itemID`;
/// - the last screen of each file starts the next file's flow as a child (`more`) and finishes `done`;
/// - two deep links per file: its first screen, and its second screen with an `itemID`.
///
/// Every file validates without diagnostics. A screen is about 130 bytes and 20 YAML nodes, so 41,000
/// screens make a 5.4 MB file, under the 8 MiB file limit and the 1,000,000-node limit (which binds at
/// about 50,000 screens per file).
enum AppGenerator {
    /// One generated file: a name relative to the output folder, and its bytes.
    struct File {
        var name: String
        var bytes: [UInt8]
    }

    /// The flow files of an app with `screens` screens in `files` files, plus `edit.yaml`.
    static func app(screens: Int, files: Int) -> [File] {
        let files = max(1, min(files, screens))
        var result: [File] = []
        var first = 0
        for part in 0..<files {
            let count = screens / files + (part < screens % files ? 1 : 0)
            result.append(
                File(
                    name: flowName(part) + ".yaml",
                    bytes: flow(part: part, screens: first..<first + count, hasNext: part + 1 < files)))
            first += count
        }
        result.append(File(name: "edit.yaml", bytes: Array(editFlow.utf8)))
        return result
    }

    /// The name of the flow in file `part`: `part00`, `part01`, … (sorted like the files).
    static func flowName(_ part: Int) -> String {
        let digits = String(part)
        return "part" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits
    }

    /// One flow of the app; screen names number on across files (`s0` … in the first file, and on).
    static func flow(part: Int, screens: Range<Int>, hasNext: Bool) -> [UInt8] {
        let name = flowName(part)
        let first = screens.lowerBound
        var text = """
            flow: \(name)
            start: s\(first)
            outcomes: [done]

            screens:

            """
        text.reserveCapacity(screens.count * 160 + 600)
        for index in screens {
            text += "  s\(index):\n"
            // The first screen's event declares the typed argument; every later screen receives it
            // as a parameter and passes it on.
            text += index == first ? "    on:\n" : "    params:\n      itemID: { type: int, min: 1 }\n    on:\n"
            if index + 1 < screens.upperBound {
                text +=
                    index == first
                    ? "      next:\n        params: { itemID: { type: int, min: 1 } }\n" : "      next:\n"
                text += "        push: s\(index + 1)\n        with: { itemID: $itemID }\n"
            } else {
                text += hasNext ? "      more: { start: next }\n" : ""
                text += "      close: { finish: done }\n"
            }
            if index % 1000 == 999, index != first {
                text += "      edit: { start: edit, with: { bookID: $itemID } }\n"
            }
        }
        text += "\nchildren:\n  edit:\n    flow: edit\n    on: { saved: stay, discarded: stay }\n"
        if hasNext {
            text += "  next:\n    flow: \(flowName(part + 1))\n    on: { done: stay }\n"
        }
        text += "\nlinks:\n  \"/\(name)\": [s\(first)]\n"
        if screens.count > 1 {
            text += "  \"/\(name)/items/{itemID:int}\": [s\(first), { s\(first + 1): { itemID: $itemID } }]\n"
        }
        return Array(text.utf8)
    }

    static let editFlow = """
        flow: edit
        params:
          bookID: { type: int, min: 1 }
        start:
          to: editor
          with: { bookID: $bookID }
        outcomes: [saved, discarded]

        screens:
          editor:
            params:
              bookID: { type: int, min: 1 }
            on:
              save: { finish: saved }
              cancel: { finish: discarded }

        """

    /// One flow on one line in flow style, as generated or JSON files are, where each of `screens`
    /// screens pushes a screen that does not exist (one FC203 per screen, each with a snippet of the line).
    static func oneLineWithErrors(screens: Int) -> [UInt8] {
        var text = "{flow: oneline, start: s0, screens: {"
        for index in 0..<screens {
            if index > 0 { text += ", " }
            text += "s\(index): {on: {next: {push: missing\(index)}}}"
        }
        text += "}}\n"
        return Array(text.utf8)
    }
}
