import FlowCodegen
import FlowCompiler
import FlowDefinitions
import FlowModel
import Foundation

/// `flowc generate swift PATH… -o FILE`: validates flow files and writes typed Swift for them.
package enum GenerateCommand {
    package static let usage = """
        USAGE: flowc generate swift PATH… -o FILE|FOLDER [--namespace NAME]

        Validates flow files (PATH is a file, or a folder searched for *.yaml and *.yml) as one set and,
        when there is no error, writes Swift for them (see docs/HOSTING.md): a typed route, event and
        outcome enum per flow, a Host protocol with one member per condition and check, and the compiled
        bundle embedded. The same flows always give the same bytes; an unchanged file is not rewritten.

        OPTIONS:
          -o, --output FILE|FOLDER  Where to write the Swift file (into a folder: NAME.swift; - for standard output).
          --namespace NAME          The enum that holds the bundle and the Host protocol (default: Flows).
        \(ConfigurationOption.help)
          -h, --help                Show this help.

        EXIT CODES: 0 written, 1 the flows have errors (nothing written), 2 usage or I/O errors.
        """

    package static func run(_ arguments: [String]) -> Int32 {
        let options: OptionScanner
        switch OptionScanner.scan(
            arguments, usage: usage, valueOptions: ["--output", "--namespace", "--config"], aliases: ["-o": "--output"])
        {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        guard options.positional.first == "swift" else {
            let language =
                options.positional.first.map { "'\($0)' is not a language flowc generates" } ?? "no language given"
            Console.error("flowc: error: \(language); use 'flowc generate swift PATH… -o FILE'")
            return ExitCode.usage
        }
        let paths = Array(options.positional.dropFirst())
        guard !paths.isEmpty else {
            Console.error(
                "flowc: error: no paths given; name flow files or folders, such as 'flowc generate swift Flows -o Flows.swift'"
            )
            return ExitCode.usage
        }
        let namespace = options.value("--namespace") ?? "Flows"
        guard SwiftGenerationOptions.isValidNamespace(namespace) else {
            Console.error(
                "flowc: error: the namespace '\(namespace)' is not a Swift type name; use letters, digits and '_', not starting with a digit"
            )
            return ExitCode.usage
        }
        guard let requested = options.value("--output") else {
            Console.error("flowc: error: no output file; add '-o FILE'")
            return ExitCode.usage
        }
        let output = outputFile(requested, namespace: namespace)
        let configuration: LoadedConfiguration?
        switch ConfigurationOption.load(options) {
        case .proceed(let loaded): configuration = loaded
        case .exit(let code): return code
        }
        let compiled: (bundle: FlowBundle, flows: [FlowDefinition])
        switch FlowSources.compileDefinitions(paths: paths, configuration: configuration, refusingToOverwrite: output) {
        case .success(let result): compiled = (result.bundle, result.result.flows)
        case .failure(let failure):
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
        let source: String
        do {
            source = try SwiftGenerator.generate(
                compiled.bundle, definitions: compiled.flows,
                options: SwiftGenerationOptions(namespace: namespace))
        } catch {
            Console.error("\(error)")
            return ExitCode.findings
        }
        // Unchanged: not rewritten, so the build does not recompile it (and said so).
        let unchanged =
            output != OutputFile.standardOutputPath && FileManager.default.contents(atPath: output) == Data(source.utf8)
        if !unchanged, let reason = OutputFile.write(Array(source.utf8), to: output) {
            Console.error("flowc: error: cannot write '\(output)': \(reason)")
            return ExitCode.usage
        }
        guard output != OutputFile.standardOutputPath else { return ExitCode.success }
        let count = compiled.bundle.flows.count
        let what =
            "Swift for \(count) flow\(count == 1 ? "" : "s") in \(output) (content hash \(compiled.bundle.contentHash))"
        Console.output(unchanged ? "\(what) is up to date; left as it was" : "generated \(what)")
        return ExitCode.success
    }

    /// `requested`, or `requested/NAMESPACE.swift` when it is a folder (existing, or written with a final `/`).
    private static func outputFile(_ requested: String, namespace: String) -> String {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: requested, isDirectory: &isFolder)
        guard requested != OutputFile.standardOutputPath, requested.hasSuffix("/") || (exists && isFolder.boolValue)
        else {
            return requested
        }
        return URL(fileURLWithPath: requested).appendingPathComponent("\(namespace).swift").path
    }
}
