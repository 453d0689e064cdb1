import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// A bundle read back from its file runs a script exactly as the bundle lowered from YAML does.
@MainActor
struct BundleScriptTests {
    @Test func scenariosRunTheSameFromTheBundle() throws {
        let loaded = try BundleCodec.decode(BundleCodec.encode(try Fixtures.shipped()))
        let script = """
            start
            event selectBook bookID=7
            event edit
            back
            confirm
            open /books/3/edit
            event save
            """
        let fromYAML = try FlowScriptRunner(bundle: try Fixtures.shipped(), flow: "reading").run(script: script)
        let fromBundle = try FlowScriptRunner(bundle: loaded, flow: "reading").run(script: script)
        #expect(fromYAML == fromBundle)
        #expect(
            fromBundle.map(\.status) == ["applied", "applied", "applied", "pending", "applied", "applied", "applied"])
        #expect(fromBundle.last?.path.map(\.screen) == ["library", "details"])
    }
}
