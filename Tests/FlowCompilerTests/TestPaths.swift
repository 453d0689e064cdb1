import Foundation

/// Locations of the package's files, found from this source file so tests run from any directory.
enum TestPaths {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let fixtures = packageRoot + "/Tests/Fixtures"

    /// The `*.yaml` files at `relative` (a file, or a folder searched recursively) under `root`,
    /// with paths relative to `root`, in sorted order.
    static func sources(under relative: String, in root: String) throws -> [(path: String, bytes: [UInt8])] {
        let full = root + "/" + relative
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            return [(relative, [UInt8](try Data(contentsOf: URL(fileURLWithPath: full))))]
        }
        let names = (FileManager.default.subpaths(atPath: full) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map { name in
            (relative + "/" + name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: full + "/" + name))))
        }
    }

    /// The shipped flows, with paths like `Flows/reading.yaml`.
    static func shippedFlows() throws -> [(path: String, bytes: [UInt8])] {
        try sources(under: "Flows", in: packageRoot)
    }
}
