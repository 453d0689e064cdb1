import FlowCompiler
import FlowDefinitions
import FlowModel
import Foundation

/// Turns command-line paths into a bundle: YAML files and folders (validated, then lowered) or one bundle file.
package enum FlowSources {
    package struct Failure: Error {
        /// What to print on standard error (ends with a newline).
        package var message: String
        package var exitCode: Int32
    }

    /// Validates and lowers YAML flow files; refuses when any diagnostic is an error, and prints
    /// warnings on standard error when there are only warnings.
    /// - Parameter output: a file about to be written, refused when it is one of the flow files read.
    /// - Parameter alreadyRead: inputs read already (not read again; see `FlowValidation.validate`).
    package static func compile(
        paths: [String], configuration: LoadedConfiguration? = nil, refusingToOverwrite output: String? = nil,
        alreadyRead: [String: FlowFileContents] = [:]
    ) -> Result<FlowBundle, Failure> {
        compileGraphs(paths: paths, configuration: configuration, refusingToOverwrite: output, alreadyRead: alreadyRead)
            .map { FlowBundle(flows: $0.graphs) }
    }

    /// ``compile(paths:configuration:refusingToOverwrite:)``, with the validation the bundle was lowered from
    /// (its definitions, and the suppressions later findings are settled with).
    package static func compileDefinitions(
        paths: [String], configuration: LoadedConfiguration? = nil, refusingToOverwrite output: String? = nil,
        alreadyRead: [String: FlowFileContents] = [:]
    ) -> Result<(bundle: FlowBundle, result: ValidationResult), Failure> {
        compileGraphs(paths: paths, configuration: configuration, refusingToOverwrite: output, alreadyRead: alreadyRead)
            .map { (FlowBundle(flows: $0.graphs), $0.result) }
    }

    /// ``compileDefinitions(paths:configuration:refusingToOverwrite:)`` before the bundle is built: the
    /// lowered graphs, so `flowc compile` hashes and writes one encoding of them (`BundleCodec.bundleAndFile(of:)`).
    package static func compileGraphs(
        paths: [String], configuration: LoadedConfiguration? = nil, refusingToOverwrite output: String? = nil,
        alreadyRead: [String: FlowFileContents] = [:]
    ) -> Result<(graphs: [FlowGraph], result: ValidationResult), Failure> {
        let result: ValidationResult
        do {
            // Only the validation's diagnostics are shown: the other files' bytes are dropped once decoded.
            result = try FlowValidation.validate(
                paths: paths, configuration: configuration, alreadyRead: alreadyRead, keeping: .diagnosed)
        } catch {
            return .failure(Failure(message: "flowc: error: \(error)\n", exitCode: ExitCode.usage))
        }
        if let output, result.files.contains(where: { FlowSourceFiles.isSameFile($0.path, output) }) {
            return .failure(
                Failure(
                    message:
                        "flowc: error: the output '\(output)' is one of the flow files read; choose another file for the bundle\n",
                    exitCode: ExitCode.usage))
        }
        let renderer = TextDiagnosticRenderer(colored: Console.shouldColorStandardError())
        let rendered = renderer.render(result.diagnostics, sources: result.sourcesByPath)
        if result.hasErrors {
            return .failure(
                Failure(
                    message: rendered + "flowc: error: the flows have errors; fix them first\n",
                    exitCode: ExitCode.findings))
        }
        // Warnings do not stop compiling, but are never dropped silently.
        Console.error(rendered, terminator: "")
        do {
            return .success((try GraphLowering.graphs(result.flows), result))
        } catch {
            return .failure(Failure(message: "\(error)\n", exitCode: ExitCode.findings))
        }
    }

    /// One bundle file (detected by its header) or YAML files and folders.
    ///
    /// A single path that is not a folder is read once (``InputFile``): a bundle from a pipe, a FIFO,
    /// `/dev/stdin` or `-` is decoded from the bytes read, and YAML read that way is validated from
    /// them, never read again. A bundle may be up to `BundleCodec.maxFileBytes`, a flow file up to
    /// `InputFile.flowFileLimit`.
    package static func load(paths: [String], configuration: LoadedConfiguration? = nil) -> Result<FlowBundle, Failure>
    {
        if paths.count > 1, let bundle = paths.first(where: isBundleFile) {
            return .failure(
                Failure(
                    message: "flowc: error: '\(bundle)' is a compiled bundle; a bundle must be the only PATH\n",
                    exitCode: ExitCode.usage))
        }
        guard paths.count == 1, !isFolder(paths[0]) else { return compile(paths: paths, configuration: configuration) }
        let path = paths[0]
        let contents: FlowFileContents
        do {
            contents = try InputFile.read(
                path, limit: InputFile.flowFileLimit, raisedTo: BundleCodec.maxFileBytes,
                when: BundleCodec.looksLikeBundle)
        } catch {
            return .failure(Failure(message: "flowc: error: \(error)\n", exitCode: ExitCode.usage))
        }
        switch contents {
        case .bytes(let bytes) where BundleCodec.looksLikeBundle(bytes):
            do {
                return .success(try BundleCodec.decode(bytes))
            } catch {
                let shown = path == InputFile.standardInputPath ? FlowValidation.standardInputName : path
                return .failure(Failure(message: "flowc: error: \(shown): \(error)\n", exitCode: ExitCode.findings))
            }
        case .tooLarge(let size, let limit) where limit == BundleCodec.maxFileBytes:
            let error = InputFile.tooLarge(
                path, size: size, limit: limit, kind: "the bundle", advice: "check that this is a bundle flowc wrote")
            return .failure(Failure(message: "flowc: error: \(error)\n", exitCode: ExitCode.usage))
        default:
            return compile(paths: paths, configuration: configuration, alreadyRead: [path: contents])
        }
    }

    /// Whether `path` names a folder (following symbolic links); false when it cannot be examined.
    private static func isFolder(_ path: String) -> Bool {
        guard path != InputFile.standardInputPath else { return false }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether `path` is a regular file that starts with the bundle header. Only regular files are
    /// examined: reading the start of a pipe would consume it.
    package static func isBundleFile(_ path: String) -> Bool {
        var info = stat()
        guard path != InputFile.standardInputPath, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: BundleCodec.magic.utf8.count + 1)) ?? Data()
        return BundleCodec.looksLikeBundle(Array(head))
    }
}
