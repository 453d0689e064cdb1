import FlowCompiler
import Foundation

/// `--config FILE`, or the `.flowc.yml` found from the working folder up (docs/CONFIG.md).
package enum ConfigurationOption {
    package static let help =
        "  --config FILE     The configuration file (default: .flowc.yml in this folder or the nearest above)."

    /// What a command does after looking for its configuration.
    package enum Outcome {
        /// Go on with this configuration (nil: there is none).
        case proceed(LoadedConfiguration?)
        /// Stop with this exit code: `--config` names a file that cannot be read (the error was printed).
        case exit(Int32)
    }

    /// The configuration to use: `--config FILE`, else the one found from the working folder up.
    package static func load(_ options: OptionScanner) -> Outcome {
        let workingFolder = FileManager.default.currentDirectoryPath
        guard var path = options.value("--config") ?? FlowConfigurationLoader.find(from: workingFolder) else {
            return .proceed(nil)
        }
        // A configuration found in or below the working folder is shown relative to it, like flow files.
        if path.hasPrefix(workingFolder + "/") { path.removeFirst(workingFolder.count + 1) }
        do {
            return .proceed(try FlowConfigurationLoader.load(path: path))
        } catch {
            Console.error("flowc: error: \(error)")
            return .exit(ExitCode.usage)
        }
    }
}
