import Foundation

/// The 64-bit FNV-1a hash flowc stores in a bundle to detect corrupted or edited files.
///
/// FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3) over bytes, printed as 16
/// lowercase hex digits. It catches accidental damage; it is **not** a security hash and does
/// not protect against deliberate tampering.
public enum ContentHash {
    /// The FNV-1a 64-bit hash of `bytes`.
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `hash` as 16 lowercase hex digits.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of the canonical encoding of `flows` (``BundleCodec/canonicalEncoding(of:)``), in hex.
    public static func of(flows: [FlowGraph]) -> String {
        hex(fnv1a64(BundleCodec.canonicalEncoding(of: flows)))
    }
}
