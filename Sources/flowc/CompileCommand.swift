import FlowCompiler
import FlowModel
import Foundation

/// `flowc compile PATH… -o FILE`: validates flow files and writes a compiled bundle.
enum CompileCommand {
    static let usage = """
        USAGE: flowc compile PATH… -o FILE

        Validates flow files (PATH is a file, or a folder searched for *.yaml and *.yml) as one set and,
        when there is no error, writes the compiled bundle to FILE (see docs/BUNDLE.md). The same flows
        always give the same bytes.

        OPTIONS:
          -o, --output FILE   Where to write the bundle.
          -h, --help          Show this help.

        EXIT CODES: 0 written, 1 the flows have errors (nothing written), 2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let options: OptionScanner
        switch OptionScanner.scan(arguments, usage: usage, valueOptions: ["--output"], aliases: ["-o": "--output"]) {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        guard !options.positional.isEmpty else {
            Console.error("flowc: error: no paths given; name flow files or folders, such as 'flowc compile Flows -o app.flowbundle'")
            return ExitCode.usage
        }
        guard let output = options.value("--output") else {
            Console.error("flowc: error: no output file; add '-o FILE'")
            return ExitCode.usage
        }
        let bundle: FlowBundle
        switch FlowSources.compile(paths: options.positional) {
        case .success(let compiled): bundle = compiled
        case .failure(let failure):
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
        do {
            try Data(BundleCodec.encode(bundle)).write(to: URL(fileURLWithPath: output))
        } catch {
            Console.error("flowc: error: cannot write '\(output)': \(error.localizedDescription)")
            return ExitCode.usage
        }
        Console.output("compiled \(bundle.flows.count) flow\(bundle.flows.count == 1 ? "" : "s") to \(output) (content hash \(bundle.contentHash))")
        return ExitCode.success
    }
}

/// Turns command-line paths into a bundle: YAML files and folders (validated, then lowered) or one bundle file.
enum FlowSources {
    struct Failure: Error {
        /// What to print on standard error (ends with a newline).
        var message: String
        var exitCode: Int32
    }

    /// Validates and lowers YAML flow files; refuses when any diagnostic is an error.
    static func compile(paths: [String]) -> Result<FlowBundle, Failure> {
        let result: ValidationResult
        do {
            result = try FlowValidation.validate(paths: paths)
        } catch {
            return .failure(Failure(message: "flowc: error: \(error)\n", exitCode: ExitCode.usage))
        }
        if result.hasErrors {
            let renderer = TextDiagnosticRenderer(colored: Console.shouldColorStandardError())
            let rendered = renderer.render(result.diagnostics, sources: result.sourcesByPath)
            return .failure(Failure(message: rendered + "flowc: error: the flows have errors; nothing was compiled\n",
                                    exitCode: ExitCode.findings))
        }
        do {
            return .success(try GraphLowering.lower(result.flows))
        } catch {
            return .failure(Failure(message: "\(error)\n", exitCode: ExitCode.findings))
        }
    }

    /// One bundle file (detected by its header) or YAML files and folders.
    static func load(paths: [String]) -> Result<FlowBundle, Failure> {
        var isFolder: ObjCBool = false
        if paths.count == 1, FileManager.default.fileExists(atPath: paths[0], isDirectory: &isFolder), !isFolder.boolValue,
           let handle = FileHandle(forReadingAtPath: paths[0]) {
            let head = (try? handle.read(upToCount: BundleCodec.magic.utf8.count + 1)) ?? Data()
            try? handle.close()
            if BundleCodec.looksLikeBundle(Array(head)) {
                guard let data = FileManager.default.contents(atPath: paths[0]) else {
                    return .failure(Failure(message: "flowc: error: cannot read '\(paths[0])'\n", exitCode: ExitCode.usage))
                }
                do {
                    return .success(try BundleCodec.decode(Array(data)))
                } catch {
                    return .failure(Failure(message: "flowc: error: \(paths[0]): \(error)\n", exitCode: ExitCode.findings))
                }
            }
        }
        return compile(paths: paths)
    }
}
