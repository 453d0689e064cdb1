import FlowCompiler
import Foundation

/// The process's arguments after its name, checked to be UTF-8.
package enum CommandLineArguments {
    /// The arguments after the executable's name.
    ///
    /// `CommandLine.arguments` replaces bytes that are not UTF-8, which would turn such a file name into a
    /// misleading "no such file"; an argument that is not UTF-8 is refused by name instead: the error is
    /// printed and nil returned (exit with `ExitCode.usage`).
    package static func validated() -> [String]? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            Console.error(
                "flowc: error: the argument '\(FlowSourceFiles.displayName(bytes))' is not valid UTF-8 (bytes shown as \\xHH); flowc needs UTF-8 paths to report locations: rename the file"
            )
            return nil
        }
        return Array(CommandLine.arguments.dropFirst())
    }
}
