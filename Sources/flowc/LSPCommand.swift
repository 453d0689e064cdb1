import FlowLanguageServer
import FlowcCommandLine

/// `flowc lsp`: the language server, on standard input and output (docs/EDITORS.md).
enum LSPCommand {
    static let usage = """
        USAGE: flowc lsp

        Runs a Language Server Protocol 3.17 server on standard input and output, for editors: the
        diagnostics of 'flowc validate' as you type, go to definition, references, rename, completion,
        hover, quick fixes, symbols and the graph of a flow. docs/EDITORS.md sets up Neovim, VS Code,
        Helix, Emacs and Sublime Text.

        EXIT CODES: 0 after the client's 'shutdown' and 'exit', 1 when the client went away without them.
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            Console.output(usage)
            return ExitCode.success
        }
        // Editors pass '--stdio' by habit (VS Code's language client does): it is the only transport.
        guard arguments.allSatisfy({ $0 == "--stdio" }) else {
            Console.error("flowc: error: 'lsp' takes no arguments (it talks on standard input and output)\n\n\(usage)")
            return ExitCode.usage
        }
        return ServerLoop.run()
    }
}
