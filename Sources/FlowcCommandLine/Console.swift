import Foundation

/// Standard output for results, standard error for diagnostics and messages.
package enum Console {
    package static func output(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    package static func error(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to a non-empty value (https://no-color.org).
    package static func shouldColorStandardError() -> Bool {
        (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty && isatty(STDERR_FILENO) != 0
    }
}
