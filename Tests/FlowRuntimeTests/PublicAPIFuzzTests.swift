import FlowModel
import FlowTestSupport
import Foundation
import Testing

/// Fuzz target (d), `api` (``PublicAPIFuzzHarness``): the coordinator's host calls with ids from the state and
/// made up apply or refuse with a reason, never trap. Replays Tests/Fixtures/fuzz/api (a tab bar presented as a
/// sheet, tab sets inside tabs, a cover over a sheet) and drives the shipped bundle and the nested fixtures
/// with long pseudo-random call sequences.
@MainActor
@Suite struct PublicAPIFuzzTests {
    nonisolated static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<1 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("../Fixtures/fuzz/api").standardized.path
    }()

    nonisolated static let inputs: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []

    @Test func theKeptInputsAreThere() {
        #expect(Self.inputs.count >= 9)
    }

    @Test(arguments: inputs)
    func inputKeepsTheChecks(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
        #expect(PublicAPIFuzzHarness.problem(bytes) == nil)
    }

    /// Every root flow of each bundle, driven by a long pseudo-random sequence of host calls.
    @Test func shippedAndNestedBundlesKeepTheChecks() throws {
        let nested = NestedContainerTests.self
        let bundles = [
            try Fixtures.shipped(),
            try Fixtures.bundle([nested.shop, nested.accountTabs, nested.sheetPage]),
            try Fixtures.bundle([nested.cartStore, nested.cart, nested.checkout]),
            try Fixtures.bundle([
                nested.nestedApp, nested.markets, nested.settingsTabs("backAtTabRoot: selectFirstTab"), nested.page,
            ]),
        ]
        var random = SplitMix64(seed: 32)
        for bundle in bundles {
            let payload = BundleCodec.canonicalEncoding(of: bundle.flows)
            for root in 0..<UInt8(bundle.flows.count) {
                let commands = [root] + (0..<1_200).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let input = RuntimeFuzzHarness.input(payload: payload, commands: commands)
                let problem = PublicAPIFuzzHarness.problem(input)
                #expect(problem == nil, "root \(bundle.flows[Int(root)].name)")
            }
        }
    }
}
