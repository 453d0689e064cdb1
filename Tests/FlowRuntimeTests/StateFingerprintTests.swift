import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// ``StateFingerprint``, the 64-bit hash the explorer keeps a visited state as: equal values mix alike,
/// values that differ in any field (a string's split, a value's case, an absent field) mix apart.
@MainActor
struct StateFingerprintTests {
    func fingerprint(_ mix: (inout StateFingerprint) -> Void) -> UInt64 {
        var mixer = StateFingerprint()
        mix(&mixer)
        return mixer.value
    }

    @Test func equalValuesMixAlike() {
        #expect(fingerprint { $0.mix(Value.double(0)) } == fingerprint { $0.mix(Value.double(-0.0)) })
        #expect(fingerprint { $0.mix("a long string of more than eight bytes") }
            == fingerprint { $0.mix("a long string of more than " + "eight bytes") })
        #expect(fingerprint { $0.mix([Value.int(7), .string("x")]) } == fingerprint { $0.mix([.int(7), .string("x")]) })
    }

    /// Each group holds values of one type (what the traversal mixes at one place); within a group every
    /// fingerprint differs.
    @Test func valuesThatDifferMixApart() {
        let groups: [[UInt64]] = [
            [
                fingerprint { $0.mix("ab"); $0.mix("c") }, fingerprint { $0.mix("a"); $0.mix("bc") },
                fingerprint { $0.mix("abcdefgh1"); $0.mix("") }, fingerprint { $0.mix("abcdefgh2"); $0.mix("") },
                fingerprint { $0.mix("abcdefgh"); $0.mix("1") }, fingerprint { $0.mix(""); $0.mix("") },
            ],
            [fingerprint { $0.mix(nil as String?) }, fingerprint { $0.mix("" as String?) }],
            [fingerprint { $0.mix(nil as Int?) }, fingerprint { $0.mix(0 as Int?) }, fingerprint { $0.mix(1 as Int?) }],
            [
                fingerprint { $0.mix(Value.int(1)) }, fingerprint { $0.mix(Value.double(1)) },
                fingerprint { $0.mix(Value.string("1")) }, fingerprint { $0.mix(Value.bool(true)) },
            ],
            [
                fingerprint { $0.mix([Value]()) }, fingerprint { $0.mix([Value.int(1), .int(2)]) },
                fingerprint { $0.mix([Value.int(2), .int(1)]) }, fingerprint { $0.mix([Value.int(1)]); $0.mix(2) },
            ],
        ]
        for group in groups { #expect(Set(group).count == group.count) }
    }

    /// Copies equal up to tokens and ids (``StateCopyTests``) have one fingerprint; the copy of another
    /// state has another.
    @Test func equalCopiesHaveOneFingerprint() throws {
        let bundle = try Fixtures.shipped()
        let once = try FlowCoordinator(bundle: bundle, flow: "reading")
        _ = once.start()
        _ = once.send("selectBook", textArguments: ["bookID": "7"])
        let twice = try FlowCoordinator(bundle: bundle, flow: "reading")
        _ = twice.start()
        _ = twice.send("selectBook", textArguments: ["bookID": "7"])
        _ = twice.back()
        _ = twice.send("selectBook", textArguments: ["bookID": "7"])
        #expect(fingerprint { once.copyState().fingerprint(into: &$0) } == fingerprint { twice.copyState().fingerprint(into: &$0) })
        _ = twice.back()
        _ = twice.send("selectBook", textArguments: ["bookID": "8"])
        #expect(fingerprint { once.copyState().fingerprint(into: &$0) } != fingerprint { twice.copyState().fingerprint(into: &$0) })
    }
}
