import FlowCompiler
import FlowcCommandLine

/// `flowc schema`: prints the JSON Schema of a flow file, for editors.
enum SchemaCommand {
    static let usage = """
        USAGE: flowc schema

        Prints the JSON Schema (draft-07) of a flow file on standard output, for editors that use
        yaml-language-server (VS Code's YAML extension and others). docs/EDITORS.md shows how to use it;
        schema/flow.schema.json in the repository is the same text.
        """

    static func run(_ arguments: [String]) -> Int32 {
        switch OptionScanner.scan(arguments, usage: usage, valueOptions: []) {
        case .proceed(let options):
            guard options.positional.isEmpty else {
                Console.error("flowc: error: 'schema' takes no arguments\n\n\(usage)")
                return ExitCode.usage
            }
        case .exit(let code): return code
        }
        Console.output(FlowSchema.json, terminator: "")
        return ExitCode.success
    }
}
