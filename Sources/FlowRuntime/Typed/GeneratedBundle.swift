import FlowModel
import Foundation

/// What generated code calls to load the bundle it was generated from and to start coordinators on it.
public enum GeneratedBundle {
    /// Decodes a bundle file (`BundleCodec/decode(_:)`: header, content hash, binary flows, structure) and checks
    /// that it is the bundle the code was generated from.
    /// - Throws: ``GeneratedFlowError/bundle(_:)`` for a file that is not a readable bundle;
    ///   ``GeneratedFlowError/bundleMismatch(expected:found:)`` when its content hash is not `contentHash`.
    public static func decode<Bytes: Collection>(_ bytes: Bytes, expecting contentHash: String)
        throws(GeneratedFlowError) -> FlowBundle where Bytes.Element == UInt8
    {
        let bundle: FlowBundle
        do {
            bundle = try BundleCodec.decode(bytes)
        } catch {
            throw .bundle(error)
        }
        guard bundle.contentHash == contentHash else {
            throw .bundleMismatch(expected: contentHash, found: bundle.contentHash)
        }
        return bundle
    }

    /// Decodes a bundle file embedded in generated code as base64 (line breaks ignored). See
    /// ``decode(_:expecting:)``.
    public static func decode(base64 text: String, expecting contentHash: String) throws(GeneratedFlowError)
        -> FlowBundle
    {
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw .bundle(.corrupted("the embedded bundle is not base64"))
        }
        return try decode(data, expecting: contentHash)
    }

    /// A coordinator for the flow `flow` of `bundle`, not yet started.
    /// - Throws: ``GeneratedFlowError/coordinator(_:)`` with the coordinator's error.
    @MainActor
    public static func coordinator(bundle: FlowBundle, flow: String, arguments: [String: Value], host: FlowHost)
        throws(GeneratedFlowError) -> FlowCoordinator
    {
        do {
            return try FlowCoordinator(bundle: bundle, flow: flow, arguments: arguments, host: host)
        } catch {
            throw .coordinator(error)
        }
    }
}
