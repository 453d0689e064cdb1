import FlowDefinitions
import FlowModel
import FlowYAML
import Foundation
import Testing

@testable import FlowCompiler

/// A flow's screens are decoded in batches as the YAML is read (``StreamedScreens``); whatever the batch
/// size, the file reads as when one decoder reads the whole document: the same flow, diagnostics (as printed:
/// sorted), damaged ranges and unreadable parameters.
struct StreamedScreensTests {
    /// Screens with a problem of every kind a screen can have (``ChunkedScreensTests/screen(_:)``), so that
    /// batch boundaries fall between a screen and the key that slipped out of it; `anchorAt` puts an anchor
    /// on that screen and aliases it ten screens later (batches stop at the anchor).
    static func flow(anchorAt: Int? = nil) -> String {
        var lines = ["flow: big", "start: s0", "screens:"]
        for index in 0..<60 {
            if index == anchorAt {
                lines += ["  s\(index): &shared", "    params: { itemID: int }"]
                continue
            }
            if let anchorAt, index == anchorAt + 10 {
                lines += ["  s\(index): *shared"]
                continue
            }
            lines += ChunkedScreensTests.screen(index)
        }
        lines += ["  s60: {}", "children:", "  c: { flow: other }"]
        return lines.joined(separator: "\n") + "\n"
    }

    struct Read: Equatable {
        var flow: FlowDefinition?
        var diagnostics: [Diagnostic]
        /// As a set: the whole mapping's damage is recorded once per slipped key without batches, once with.
        var damaged: Set<Range<Int>>
    }

    static func read(_ text: String, path: String = "big.yaml", screensPerBatch: Int) -> Read {
        read(Array(text.utf8), path: path, screensPerBatch: screensPerBatch)
    }

    static func read(_ bytes: [UInt8], path: String, screensPerBatch: Int) -> Read {
        let file = FlowFileReader.read(path: path, bytes: bytes, screensPerBatch: screensPerBatch)
        return Read(flow: file.flow, diagnostics: file.diagnostics.sortedForOutput(), damaged: Set(file.damaged))
    }

    @Test func batchesGiveTheResultOfOneDecoder() {
        let text = Self.flow()
        let whole = Self.read(text, screensPerBatch: .max)
        #expect(whole.diagnostics.count == 27)
        #expect(Set(whole.diagnostics.map(\.code)) == ["FC101", "FC104", "FC105", "FC106", "FC108"])
        #expect(whole.diagnostics.filter { $0.code == "FC108" }.map(\.location.line) == [7, 41, 75])
        // s0…s60 but the six names that are not identifiers and the three keys that slipped out.
        #expect(whole.flow?.screens.count == 52)
        #expect(whole.flow?.children.map(\.name.value) == ["c"])
        #expect(whole.damaged.count == 19)
        #expect(whole.flow?.unreadableParameters.count == 6)
        for size in [1, 2, 3, 7, 10, 30, 60, 61] {
            #expect(Self.read(text, screensPerBatch: size) == whole, "batches of \(size)")
        }
    }

    @Test func batchesStopAtTheFirstAnchorAndTheRestIsReadFromTheDocument() {
        let text = Self.flow(anchorAt: 25)
        let whole = Self.read(text, screensPerBatch: .max)
        #expect(whole.flow?.screens.first { $0.name.value == "s35" }?.parameters.map(\.name.value) == ["itemID"])
        for size in [1, 2, 3, 7, 10, 30] {
            #expect(Self.read(text, screensPerBatch: size) == whole, "batches of \(size)")
        }
    }

    /// Every fixture, example and shipped flow reads the same in batches of one screen as in one document.
    @Test func everyFixtureReadsTheSameInBatchesOfOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for folder in ["Tests/Fixtures", "Flows", "docs/examples"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                let path = base.appendingPathComponent(relative).path
                let text = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let whole = Self.read(text, path: path, screensPerBatch: .max)
                #expect(Self.read(text, path: path, screensPerBatch: 1) == whole, "\(folder)/\(relative)")
                checked += 1
            }
        }
        #expect(checked > 150)
    }
}
