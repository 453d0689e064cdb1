import FlowModel

/// A 64-bit fingerprint of a value, mixed word by word: what an explicit-state model checker (TLC, SPIN)
/// keeps of a visited state. Each word is folded in with one 64×64→128-bit multiply (the high and low
/// halves xored, as wyhash mixes), instead of a SipHash round per `Hasher.combine`: a state's copy is
/// mostly small integers (flow, screen and declaration indices, depths, counts), so the fingerprint costs
/// a few instructions a field. Two equal values have equal fingerprints; two different values share one
/// with probability about 2^-64. The start is seeded once per process from `Hasher` (so it follows
/// `SWIFT_DETERMINISTIC_HASHING`): nothing may depend on a fingerprint's bits beyond equality.
// Speed: PERFORMANCE.md, "Shapes kept for speed".
package struct StateFingerprint {
    private var state: UInt64

    /// The per-process start (a `Hasher` of nothing: random unless hashing is made deterministic).
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED as Int)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    /// An odd constant with bits spread over the word (2^64 divided by the golden ratio).
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    package init() { state = Self.seed }

    /// Folds one 64-bit word in.
    package mutating func mix(_ word: UInt64) {
        let product = (state ^ word).multipliedFullWidth(by: Self.multiplier)
        state = product.high ^ product.low ^ word
    }

    package mutating func mix(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }

    package mutating func mix(_ value: Bool) { mix(value ? 1 as UInt64 : 2) }

    /// An optional integer: nil and every value apart.
    package mutating func mix(_ value: Int?) {
        guard let value else { return mix(0 as UInt64) }
        mix(1 as UInt64)
        mix(value)
    }

    /// A string, as `String`'s `==` compares it: by canonical equivalence, so precomposed "é" (U+00E9) and
    /// "e" + U+0301 mix alike, and so do the Kelvin sign (U+212A) and "K". Its `Hasher` hash holds that;
    /// a string's raw UTF-8 bytes would not (`==` would call two copies equal whose fingerprints differ).
    /// Strings are rare in a state (string arguments, a prompt, queued URLs), so the SipHash round is paid
    /// rarely.
    package mutating func mix(_ text: String) { mix(hashing: text) }

    /// An optional string: nil and every string apart.
    package mutating func mix(_ text: String?) {
        guard let text else { return mix(0 as UInt64) }
        mix(1 as UInt64)
        mix(text)
    }

    /// An argument value, as `Value`'s equality compares it (its case, then its payload; `0.0` and `-0.0`
    /// alike).
    package mutating func mix(_ value: Value) {
        switch value {
        case .int(let number):
            mix(1 as UInt64)
            mix(number)
        case .string(let text):
            mix(2 as UInt64)
            mix(text)
        case .bool(let flag):
            mix(3 as UInt64)
            mix(flag)
        case .double(let number):
            mix(4 as UInt64)
            mix(number == 0 ? 0 : number.bitPattern)
        }
    }

    package mutating func mix(_ values: [Value]) {
        mix(values.count)
        for value in values { mix(value) }
    }

    /// A value the fingerprint reads rarely, by its `Hasher` hash (equal values hash alike in a process).
    package mutating func mix(hashing value: some Hashable) {
        var hasher = Hasher()
        hasher.combine(value)
        mix(hasher.finalize())
    }

    /// The fingerprint of what was mixed in (MurmurHash3's 64-bit finalizer over the state).
    package var value: UInt64 {
        var word = state
        word ^= word >> 33
        word &*= 0xFF51_AFD7_ED55_8CCD
        word ^= word >> 33
        word &*= 0xC4CE_B9FE_1A85_EC53
        word ^= word >> 33
        return word
    }
}
