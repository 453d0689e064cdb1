import FlowModel
import FlowcCommandLine

/// `flowc inspect PATH…`: prints a compiled bundle (or the bundle YAML flows compile to) as readable JSON.
enum InspectCommand {
    static let usage = """
        USAGE: flowc inspect PATH…

        Prints the bundle as pretty-printed JSON with sorted keys: its format version, content hash and
        every compiled flow (docs/BUNDLE.md describes each field). PATH is one compiled bundle, or YAML
        flow files and folders (validated and compiled first, nothing written). The JSON is for people
        and diffs; flowc does not read it back.

        OPTIONS:
          -h, --help        Show this help.

        EXIT CODES: 0 printed, 1 the flows have errors or the bundle is damaged, 2 usage or I/O errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let options: OptionScanner
        switch OptionScanner.scan(arguments, usage: usage, valueOptions: []) {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        guard !options.positional.isEmpty else {
            Console.error("flowc: error: no paths given; name a bundle, such as 'flowc inspect app.flowbundle'")
            return ExitCode.usage
        }
        switch FlowSources.load(paths: options.positional) {
        case .success(let bundle):
            Console.output(BundleCodec.readableJSON(bundle))
            return ExitCode.success
        case .failure(let failure):
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
    }
}
