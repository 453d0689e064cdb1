/// The explorer's index of visited states: each state's 64-bit key fingerprint to its index in
/// ``ExplorationReport/reached``. An open-addressing table (linear probing) over the fingerprints' own bits,
/// not a `Dictionary`: a fingerprint is already a hash (``FlowRuntime/StateFingerprint``), so a lookup is a
/// multiply and a probe or two instead of a SipHash round (`Hasher`) per lookup, several a step.
/// Speed: PERFORMANCE.md, "Round 17, exmemo".
///
/// It grows as a `Dictionary` does (buckets a power of two, at most three quarters used, doubled when full),
/// so ``capacity`` is the one a `[UInt64: Int32]` would report for the same insertions. Entries are never
/// removed.
struct FingerprintTable {
    /// The fingerprints, by bucket; a bucket is empty when its value is negative.
    private var keys: [UInt64] = []
    /// The values, by bucket: a state's index (never negative), or -1 for an empty bucket.
    private var values: [Int32] = []
    /// The bits of a bucket number: `keys.count - 1`.
    private var mask = 0
    /// The shift that takes a bucket number from a multiplied fingerprint's high bits.
    private var shift = 64
    private(set) var count = 0

    /// The entries it holds before it grows, as `Dictionary.capacity` counts them.
    var capacity: Int { keys.count * 3 / 4 }

    /// The bytes its buckets take: a fingerprint (8 bytes) and a state's index (4) for each bucket, used or not.
    var bytes: Int { keys.count * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride) }

    /// The bucket a fingerprint starts its probe at: the high bits of its product with 2^64 over the golden
    /// ratio (Fibonacci hashing), so fingerprints that agree in their low bits spread too.
    private func start(of key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// The value kept for `key`, if any.
    subscript(key: UInt64) -> Int32? {
        guard count > 0 else { return nil }
        var bucket = start(of: key)
        while true {
            let value = values[bucket]
            if value < 0 { return nil }
            if keys[bucket] == key { return value }
            bucket = (bucket + 1) & mask
        }
    }

    /// Keeps `value` (not negative) for `key`, which it does not hold yet.
    mutating func insert(_ key: UInt64, _ value: Int32) {
        precondition(value >= 0, "a state's index is never negative")
        if count + 1 > capacity { grow() }
        place(key, value)
        count += 1
    }

    private mutating func place(_ key: UInt64, _ value: Int32) {
        var bucket = start(of: key)
        while values[bucket] >= 0 {
            assert(keys[bucket] != key, "a fingerprint kept twice")
            bucket = (bucket + 1) & mask
        }
        keys[bucket] = key
        values[bucket] = value
    }

    /// Doubles the buckets (two at first) and places every entry again.
    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        let buckets = max(2, keys.count * 2)
        keys = [UInt64](repeating: 0, count: buckets)
        values = [Int32](repeating: -1, count: buckets)
        mask = buckets - 1
        shift = 64 - buckets.trailingZeroBitCount
        for bucket in oldValues.indices where oldValues[bucket] >= 0 { place(oldKeys[bucket], oldValues[bucket]) }
    }
}
