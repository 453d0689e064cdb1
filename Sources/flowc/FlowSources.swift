import FlowCompiler
import FlowModel
import Foundation

/// Turns command-line paths into a bundle: YAML files and folders (validated, then lowered) or one bundle file.
enum FlowSources {
    struct Failure: Error {
        /// What to print on standard error (ends with a newline).
        var message: String
        var exitCode: Int32
    }

    /// Validates and lowers YAML flow files; refuses when any diagnostic is an error, and prints
    /// warnings on standard error when there are only warnings.
    /// - Parameter output: a file about to be written, refused when it is one of the flow files read.
    static func compile(
        paths: [String], configuration: LoadedConfiguration? = nil, refusingToOverwrite output: String? = nil
    ) -> Result<FlowBundle, Failure> {
        compileDefinitions(paths: paths, configuration: configuration, refusingToOverwrite: output).map(\.bundle)
    }

    /// ``compile(paths:configuration:refusingToOverwrite:)``, with the validated definitions the bundle was
    /// lowered from.
    static func compileDefinitions(
        paths: [String], configuration: LoadedConfiguration? = nil, refusingToOverwrite output: String? = nil
    ) -> Result<(bundle: FlowBundle, flows: [FlowDefinition]), Failure> {
        let result: ValidationResult
        do {
            result = try FlowValidation.validate(paths: paths, configuration: configuration)
        } catch {
            return .failure(Failure(message: "flowc: error: \(error)\n", exitCode: ExitCode.usage))
        }
        if let output, result.files.contains(where: { FlowSourceFiles.isSameFile($0.path, output) }) {
            return .failure(Failure(
                message: "flowc: error: the output '\(output)' is one of the flow files read; choose another file for the bundle\n",
                exitCode: ExitCode.usage))
        }
        let renderer = TextDiagnosticRenderer(colored: Console.shouldColorStandardError())
        let rendered = renderer.render(result.diagnostics, sources: result.sourcesByPath)
        if result.hasErrors {
            return .failure(Failure(message: rendered + "flowc: error: the flows have errors; fix them first\n",
                                    exitCode: ExitCode.findings))
        }
        // Warnings do not stop compiling, but are never dropped silently.
        Console.error(rendered, terminator: "")
        do {
            return .success((try GraphLowering.lower(result.flows), result.flows))
        } catch {
            return .failure(Failure(message: "\(error)\n", exitCode: ExitCode.findings))
        }
    }

    /// One bundle file (detected by its header) or YAML files and folders.
    static func load(paths: [String], configuration: LoadedConfiguration? = nil) -> Result<FlowBundle, Failure> {
        if paths.count > 1, let bundle = paths.first(where: isBundleFile) {
            return .failure(Failure(
                message: "flowc: error: '\(bundle)' is a compiled bundle; a bundle must be the only PATH\n",
                exitCode: ExitCode.usage))
        }
        if paths.count == 1, isBundleFile(paths[0]) {
            guard let data = FileManager.default.contents(atPath: paths[0]) else {
                return .failure(Failure(message: "flowc: error: cannot read '\(paths[0])'\n", exitCode: ExitCode.usage))
            }
            do {
                return .success(try BundleCodec.decode(Array(data)))
            } catch {
                return .failure(Failure(message: "flowc: error: \(paths[0]): \(error)\n", exitCode: ExitCode.findings))
            }
        }
        return compile(paths: paths, configuration: configuration)
    }

    /// Whether `path` is a readable file that starts with the bundle header.
    static func isBundleFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: BundleCodec.magic.utf8.count + 1)) ?? Data()
        return BundleCodec.looksLikeBundle(Array(head))
    }
}
