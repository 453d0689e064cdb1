import Foundation

/// Why a bundle file could not be read.
public enum BundleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the `flowc-bundle` header line: it is not a bundle.
    case notABundle
    /// The bundle was written in a format version this flowc does not read.
    case unsupportedVersion(found: Int, supported: Int)
    /// The file is truncated or damaged: the payload is not well-formed flows, or not flows a coordinator can run.
    case corrupted(String)
    /// The payload does not hash to the hash stored before it.
    case hashMismatch(stored: String, computed: String)

    public var description: String {
        switch self {
        case .notABundle:
            return "not a flowc bundle (the file does not start with '\(BundleCodec.magic) ')"
        case .unsupportedVersion(let found, let supported):
            return
                "bundle format version \(found) is not supported (this flowc reads versions \(FlowBundle.oldestReadableFormatVersion) to \(supported));"
                + " recompile the flows with 'flowc compile'"
        case .corrupted(let reason):
            return "bundle is truncated or corrupted: \(reason)"
        case .hashMismatch(let stored, let computed):
            return
                "bundle content hash mismatch: stored \(stored), computed \(computed) (the file was changed or damaged)"
        }
    }
}

/// Reads and writes bundle files. See docs/BUNDLE.md.
///
/// A bundle file is one header line, `flowc-bundle VERSION\n`, then the 64-bit content hash (8 bytes,
/// little endian) of the payload that follows: the flows in flowc's binary encoding
/// (``BinaryBundleEncoder``), one section per flow, encoded and decoded on all cores. Encoding the same
/// bundle always gives the same bytes; reading checks the hash over the stored bytes as they are,
/// without encoding anything again.
public enum BundleCodec {
    /// The first word of every bundle file.
    public static let magic = "flowc-bundle"

    /// The largest bundle file `flowc` reads: 256 MiB (docs/LIMITS.md). A bundle of 100,000 screens and
    /// 100,000 links is far smaller; a larger input is refused without being read past the limit.
    public static let maxFileBytes = 256 << 20

    /// The bytes of the bundle file for `bundle`: deterministic for equal bundles. The stored hash is
    /// `bundle.contentHash` as written (0 when it is not 16 hex digits), so an unchecked bundle with a
    /// wrong hash gives a file that ``decode(_:)`` refuses.
    public static func encode(_ bundle: FlowBundle) -> [UInt8] {
        file(
            version: bundle.formatVersion, hash: UInt64(bundle.contentHash, radix: 16) ?? 0,
            payload: BinaryBundleEncoder.payload(of: bundle.flows, version: bundle.formatVersion))
    }

    /// A bundle of `flows` (as ``FlowBundle/init(flows:)`` builds it) and the bytes of its file, encoding
    /// the payload once: the content hash is taken over the very payload that is written, where
    /// `encode(FlowBundle(flows:))` encodes it twice (once to hash, once to write).
    public static func bundleAndFile(of flows: [FlowGraph]) -> (bundle: FlowBundle, bytes: [UInt8]) {
        let payload = payload(of: flows)
        let hash = ContentHash.fnv1a64(payload)
        let bundle = FlowBundle(
            formatVersion: FlowBundle.currentFormatVersion, contentHash: ContentHash.hex(hash), flows: flows)
        return (bundle, file(version: bundle.formatVersion, hash: hash, payload: payload))
    }

    /// The header line, the hash (8 bytes, little endian), then the payload.
    private static func file(version: Int, hash: UInt64, payload: [UInt8]) -> [UInt8] {
        var bytes = Array("\(magic) \(version)\n".utf8)
        bytes.reserveCapacity(bytes.count + 8 + payload.count)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift))) }
        return bytes + payload
    }

    /// Whether `bytes` start with the bundle header (used to tell a bundle from YAML flow files).
    public static func looksLikeBundle<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.starts(with: Array("\(magic) ".utf8))
    }

    /// Reads a bundle file.
    ///
    /// - Throws: ``BundleError/notABundle`` without the header; ``BundleError/unsupportedVersion(found:supported:)``
    ///   for another format version (such as the JSON bundles of versions 1 and 2: recompile them);
    ///   ``BundleError/hashMismatch(stored:computed:)`` when the payload does not hash to the stored hash;
    ///   ``BundleError/corrupted(_:)`` for a truncated header or hash, a payload that is not flows in the
    ///   binary encoding, or flows the coordinator could not run (``FlowBundle/integrityProblem()``: an
    ///   index out of range, a start that starts itself forever).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) throws(BundleError) -> FlowBundle
    where Bytes.Element == UInt8 {
        let data = Array(bytes)
        guard looksLikeBundle(data) else { throw .notABundle }
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else {
            throw .corrupted("the header line is not terminated")
        }
        let headerText = String(decoding: data[magic.utf8.count + 1..<newline], as: UTF8.self)
        guard let version = Int(headerText), version >= 0 else {
            throw .corrupted("the header's format version '\(headerText)' is not a number")
        }
        guard (FlowBundle.oldestReadableFormatVersion...FlowBundle.currentFormatVersion).contains(version) else {
            throw .unsupportedVersion(found: version, supported: FlowBundle.currentFormatVersion)
        }
        let hashStart = newline + 1
        guard data.count - hashStart >= 8 else { throw .corrupted("the content hash is truncated") }
        var stored: UInt64 = 0
        for offset in 0..<8 { stored |= UInt64(data[hashStart + offset]) << UInt64(8 * offset) }
        let payloadStart = hashStart + 8
        let computed = data.withUnsafeBufferPointer {
            ContentHash.fnv1a64(UnsafeBufferPointer(rebasing: $0[payloadStart...]))
        }
        guard computed == stored else {
            throw .hashMismatch(stored: ContentHash.hex(stored), computed: ContentHash.hex(computed))
        }
        let flows: [FlowGraph]
        do {
            flows = try BinaryBundleDecoder.flows(in: data, payloadAt: payloadStart, version: version)
        } catch {
            throw .corrupted(error.reason)
        }
        let bundle = FlowBundle(formatVersion: version, contentHash: ContentHash.hex(stored), flows: flows)
        if let problem = bundle.integrityProblem() { throw .corrupted(problem) }
        return bundle
    }

    /// The canonical encoding of `flows`, the payload of a bundle file: the content hash is taken over it.
    public static func canonicalEncoding(of flows: [FlowGraph]) -> [UInt8] {
        payload(of: flows)
    }

    /// The bundle as pretty-printed JSON with sorted keys, for people (`flowc inspect`); not a bundle file.
    public static func readableJSON(_ bundle: FlowBundle) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Graph values hold only strings, integers, booleans and finite doubles, which always encode.
        guard let data = try? encoder.encode(bundle) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func payload(of flows: [FlowGraph]) -> [UInt8] {
        BinaryBundleEncoder.payload(of: flows)
    }
}
