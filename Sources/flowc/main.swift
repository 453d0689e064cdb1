import FlowCompiler
import Foundation

/// `flowc <subcommand> [options] <paths>`: the thin command-line front end.
/// Exit codes: 0 success, 1 findings, 2 usage or I/O errors.
// `CommandLine.arguments` replaces bytes that are not UTF-8, which would turn such a file name into
// a misleading "no such file"; refuse it by name instead.
for index in 1..<Int(CommandLine.argc) {
    guard let raw = CommandLine.unsafeArgv[index] else { continue }
    let bytes = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }
    guard String(validating: bytes, as: UTF8.self) == nil else { continue }
    FileHandle.standardError.write(Data(
        "flowc: error: the argument '\(FlowSourceFiles.displayName(bytes))' is not valid UTF-8 (bytes shown as \\xHH); flowc needs UTF-8 paths to report locations: rename the file\n".utf8))
    exit(ExitCode.usage)
}
let arguments = Array(CommandLine.arguments.dropFirst())
exit(FlowcCommand.run(arguments))
