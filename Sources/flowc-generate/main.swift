import FlowcCommandLine
import Foundation

/// `flowc-generate swift PATH… -o FILE [--namespace NAME]`: `flowc generate` alone, the tool FlowcPlugin
/// runs. It links the loader, validator, lowering and Swift generator only (not the runtime or flowc's
/// other commands), so the plugin's tool builds quickly (docs/HOSTING.md, "Build time").
guard let arguments = CommandLineArguments.validated() else { exit(ExitCode.usage) }
exit(GenerateCommand.run(arguments))
