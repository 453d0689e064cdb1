import Foundation

/// Why a bundle file could not be read.
public enum BundleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with the `flowc-bundle` header line: it is not a bundle.
    case notABundle
    /// The bundle was written in a format version this flowc does not read.
    case unsupportedVersion(found: Int, supported: Int)
    /// The file is truncated or damaged: the body is not a well-formed bundle.
    case corrupted(String)
    /// The body is well formed, but the hash stored in it does not match its content.
    case hashMismatch(stored: String, computed: String)

    public var description: String {
        switch self {
        case .notABundle:
            return "not a flowc bundle (the file does not start with '\(BundleCodec.magic) ')"
        case .unsupportedVersion(let found, let supported):
            return "bundle format version \(found) is not supported (this flowc reads version \(supported))"
        case .corrupted(let reason):
            return "bundle is truncated or corrupted: \(reason)"
        case .hashMismatch(let stored, let computed):
            return "bundle content hash mismatch: stored \(stored), computed \(computed) (the file was changed or damaged)"
        }
    }
}

/// Reads and writes bundle files. See docs/BUNDLE.md.
///
/// A bundle file is one header line, `flowc-bundle VERSION\n`, followed by the bundle as compact
/// JSON with sorted keys and a final newline. Encoding the same bundle always gives the same bytes.
public enum BundleCodec {
    /// The first word of every bundle file.
    public static let magic = "flowc-bundle"

    /// The bytes of the bundle file for `bundle`: deterministic for equal bundles.
    public static func encode(_ bundle: FlowBundle) -> [UInt8] {
        let header = Array("\(magic) \(bundle.formatVersion)\n".utf8)
        return header + canonicalJSON(bundle) + [UInt8(ascii: "\n")]
    }

    /// Whether `bytes` start with the bundle header (used to tell a bundle from YAML flow files).
    public static func looksLikeBundle<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.starts(with: Array("\(magic) ".utf8))
    }

    /// Reads a bundle file.
    ///
    /// - Throws: ``BundleError/notABundle`` without the header; ``BundleError/unsupportedVersion(found:supported:)``
    ///   for another format version; ``BundleError/corrupted(_:)`` for a truncated or malformed body or a
    ///   body whose version disagrees with the header, or a body the coordinator could not run
    ///   (``FlowBundle/integrityProblem()``: an index out of range, a start that starts itself forever);
    ///   ``BundleError/hashMismatch(stored:computed:)`` when the stored content hash does not match the flows.
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
        guard version == FlowBundle.currentFormatVersion else {
            throw .unsupportedVersion(found: version, supported: FlowBundle.currentFormatVersion)
        }
        let body = Data(data[(newline + 1)...])
        let bundle: FlowBundle
        do {
            bundle = try JSONDecoder().decode(FlowBundle.self, from: body)
        } catch {
            throw .corrupted(describe(error))
        }
        guard bundle.formatVersion == version else {
            throw .corrupted("the body says format version \(bundle.formatVersion), the header \(version)")
        }
        let computed = ContentHash.of(flows: bundle.flows)
        guard computed == bundle.contentHash else {
            throw .hashMismatch(stored: bundle.contentHash, computed: computed)
        }
        if let problem = bundle.integrityProblem() { throw .corrupted(problem) }
        return bundle
    }

    /// The canonical encoding of `flows`: compact JSON with sorted keys. The content hash is taken over it.
    public static func canonicalEncoding(of flows: [FlowGraph]) -> [UInt8] {
        canonicalJSON(flows)
    }

    private static func canonicalJSON<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Graph values hold only strings, integers, booleans and finite doubles, which always encode.
        guard let data = try? encoder.encode(value) else { return [] }
        return Array(data)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "malformed JSON" + path(context.codingPath)
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(key.stringValue)'" + path(context.codingPath)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value" + path(context.codingPath)
        default:
            return "unreadable body"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "" : " at " + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
