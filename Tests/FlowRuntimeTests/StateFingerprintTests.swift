import FlowModel
import FlowRuntime
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

    /// The fingerprint of `texts` mixed in order.
    func strings(_ texts: [String]) -> UInt64 {
        fingerprint { mixer in
            for text in texts { mixer.mix(text) }
        }
    }

    @Test func equalValuesMixAlike() {
        #expect(fingerprint { $0.mix(Value.double(0)) } == fingerprint { $0.mix(Value.double(-0.0)) })
        #expect(
            fingerprint { $0.mix("a long string of more than eight bytes") }
                == fingerprint { $0.mix("a long string of more than " + "eight bytes") })
        #expect(
            fingerprint { $0.mix([Value.int(7), .string("x")]) } == fingerprint { $0.mix([.int(7), .string("x")]) })
        // Strings equal under canonical equivalence, as `==` compares them.
        #expect("\u{E9}" == "e\u{301}" && "\u{212A}" == "K")
        #expect(fingerprint { $0.mix("caf\u{E9}") } == fingerprint { $0.mix("cafe\u{301}") })
        #expect(fingerprint { $0.mix(Value.string("\u{212A}")) } == fingerprint { $0.mix(Value.string("K")) })
    }

    /// Each group holds values of one type (what the traversal mixes at one place); within a group every
    /// fingerprint differs.
    @Test func valuesThatDifferMixApart() {
        let groups: [[UInt64]] = [
            [["ab", "c"], ["a", "bc"], ["abcdefgh1", ""], ["abcdefgh2", ""], ["abcdefgh", "1"], ["", ""]].map(strings),
            [fingerprint { $0.mix(nil as String?) }, fingerprint { $0.mix("" as String?) }],
            [
                fingerprint { $0.mix(nil as Int?) }, fingerprint { $0.mix(0 as Int?) },
                fingerprint { $0.mix(1 as Int?) },
            ],
            [Value.int(1), .double(1), .string("1"), .bool(true)].map { value in fingerprint { $0.mix(value) } },
            [[], [Value.int(1), .int(2)], [.int(2), .int(1)], [.int(1)]].map { values in
                fingerprint { $0.mix(values) }
            },
        ]
        for group in groups { #expect(Set(group).count == group.count) }
    }
}
