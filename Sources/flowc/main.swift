import FlowcCommandLine
import Foundation

/// `flowc <subcommand> [options] <paths>`: the thin command-line front end.
/// Exit codes: 0 success, 1 findings, 2 usage or I/O errors.
guard let arguments = CommandLineArguments.validated() else { exit(ExitCode.usage) }
exit(FlowcCommand.run(arguments))
