import FlowCompiler
import FlowModel
import FlowcCommandLine
import Foundation

/// `flowc compile PATH… -o FILE`: validates flow files and writes a compiled bundle.
enum CompileCommand {
    static let usage = """
        USAGE: flowc compile PATH… -o FILE [--config FILE]

        Validates flow files (PATH is a file, a folder searched for *.yaml and *.yml, or - for standard
        input) as one set and, when there is no error, writes the compiled bundle to FILE (see
        docs/BUNDLE.md). The same flows always give the same bytes.

        OPTIONS:
          -o, --output FILE   Where to write the bundle (- for standard output).
        \(ConfigurationOption.help)
          -h, --help          Show this help.

        EXIT CODES: 0 written, 1 the flows have errors (nothing written), 2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let options: OptionScanner
        switch OptionScanner.scan(
            arguments, usage: usage, valueOptions: ["--output", "--config"], aliases: ["-o": "--output"])
        {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        guard !options.positional.isEmpty else {
            Console.error(
                "flowc: error: no paths given; name flow files or folders, such as 'flowc compile Flows -o app.flowbundle'"
            )
            return ExitCode.usage
        }
        guard let output = options.value("--output") else {
            Console.error("flowc: error: no output file; add '-o FILE'")
            return ExitCode.usage
        }
        let configuration: LoadedConfiguration?
        switch ConfigurationOption.load(options) {
        case .proceed(let loaded): configuration = loaded
        case .exit(let code): return code
        }
        let graphs: [FlowGraph]
        switch FlowSources.compileGraphs(
            paths: options.positional, configuration: configuration, refusingToOverwrite: output)
        {
        case .success(let compiled): graphs = compiled.graphs
        case .failure(let failure):
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
        // One encoding, hashed and written.
        // Speed: PERFORMANCE.md, "Shapes kept for speed".
        let (bundle, bytes) = BundleCodec.bundleAndFile(of: graphs)
        if let reason = OutputFile.write(bytes, to: output) {
            Console.error("flowc: error: cannot write '\(output)': \(reason)")
            return ExitCode.usage
        }
        // With '-o -' the bundle is standard output, so the summary goes to standard error.
        let summary =
            "compiled \(bundle.flows.count) flow\(bundle.flows.count == 1 ? "" : "s") to \(output) (content hash \(bundle.contentHash))"
        if output == OutputFile.standardOutputPath { Console.error(summary) } else { Console.output(summary) }
        return ExitCode.success
    }
}
