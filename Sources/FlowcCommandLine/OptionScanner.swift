/// A small scanner for `--long value`, `--long=value` and flag options, and positional arguments,
/// following swift-argument-parser's conventions (which flowc cannot depend on).
package struct OptionScanner {
    package private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// A usage error: the message to print after `flowc: error: `.
    package struct UsageError: Error {
        package let message: String
    }

    /// - Parameters:
    ///   - valueOptions: options that take a value, with their short aliases (`["-o": "--output"]`).
    ///   - flagOptions: options without a value.
    /// - Throws: `UsageError` for an unknown option or a missing value.
    package init(_ arguments: [String], valueOptions: [String], flagOptions: [String], aliases: [String: String] = [:])
        throws(UsageError)
    {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            argument = aliases[argument] ?? argument
            if flagOptions.contains(argument), inlineValue == nil {
                flags.insert(argument)
            } else if valueOptions.contains(argument) {
                guard values[argument] == nil else {
                    throw UsageError(message: "option '\(argument)' is given twice; give it once")
                }
                if let inlineValue {
                    values[argument] = inlineValue
                } else if index < arguments.count {
                    values[argument] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "option '\(argument)' needs a value")
                }
            } else {
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }
    }

    package func value(_ option: String) -> String? { values[option] }

    package func has(_ flag: String) -> Bool { flags.contains(flag) }
}

extension OptionScanner {
    /// What a subcommand does after scanning its arguments.
    package enum Outcome {
        /// Go on with these options.
        case proceed(OptionScanner)
        /// Stop with this exit code: help was printed (0) or a usage error was (2).
        case exit(Int32)
    }

    /// Scans a subcommand's arguments, always accepting `-h`/`--help`: prints `usage` for help
    /// (exit 0) or `flowc: error: …` and `usage` for a usage error (exit 2).
    package static func scan(
        _ arguments: [String], usage: String, valueOptions: [String], flagOptions: [String] = [],
        aliases: [String: String] = [:]
    ) -> Outcome {
        let options: OptionScanner
        do {
            options = try OptionScanner(
                arguments, valueOptions: valueOptions, flagOptions: flagOptions + ["--help"],
                aliases: aliases.merging(["-h": "--help"]) { current, _ in current })
        } catch {
            Console.error("flowc: error: \(error.message)\n\n\(usage)")
            return .exit(ExitCode.usage)
        }
        if options.has("--help") {
            Console.output(usage)
            return .exit(ExitCode.success)
        }
        return .proceed(options)
    }
}
