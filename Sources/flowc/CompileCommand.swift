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
        switch FlowSources.compile(paths: options.positional, refusingToOverwrite: output) {
        case .success(let compiled): bundle = compiled
        case .failure(let failure):
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
        do {
            try Data(BundleCodec.encode(bundle)).write(to: URL(fileURLWithPath: output))
        } catch {
            Console.error("flowc: error: cannot write '\(output)'; check that its folder exists and is writable")
            return ExitCode.usage
        }
        Console.output("compiled \(bundle.flows.count) flow\(bundle.flows.count == 1 ? "" : "s") to \(output) (content hash \(bundle.contentHash))")
        return ExitCode.success
    }
}
