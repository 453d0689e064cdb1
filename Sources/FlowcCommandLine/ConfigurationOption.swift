import FlowCompiler
import Foundation

/// `--config FILE`, or the `.flowc.yml` nearest each flow file: found from the flows' folders up and in the
/// folders scanned, else from the working folder up (docs/CONFIG.md).
package enum ConfigurationOption {
    package static let help =
        "  --config FILE     The configuration file (default: the .flowc.yml nearest each flow file, else the one\n"
        + "                    in this folder or the nearest above)."

    /// What a command does after looking for its configuration.
    package enum Outcome {
        /// Go on with this configuration (nil: there is none).
        case proceed(LoadedConfiguration?)
        /// Stop with this exit code: `--config` names a file that cannot be read (the error was printed).
        case exit(Int32)
    }

    /// The configuration to use: `--config FILE` alone; else the one found from the working folder up, for the
    /// files no nearer one governs, with the ones nearer the positional paths
    /// (`FlowConfigurationLoader.nearer(to:than:)`), each governing the files in and below its folder.
    package static func load(_ options: OptionScanner) -> Outcome {
        let workingFolder = FileManager.default.currentDirectoryPath
        // A configuration found in or below the working folder is shown relative to it, like flow files.
        func shown(_ path: String) -> String {
            path.hasPrefix(workingFolder + "/") ? String(path.dropFirst(workingFolder.count + 1)) : path
        }
        do {
            if let named = options.value("--config") {
                return .proceed(try FlowConfigurationLoader.load(path: named))
            }
            let primary = FlowConfigurationLoader.find(from: workingFolder)
            let nearer = FlowConfigurationLoader.nearer(to: options.positional, than: primary)
            guard primary != nil || !nearer.isEmpty else { return .proceed(nil) }
            var loaded = try primary.map { try FlowConfigurationLoader.load(path: shown($0)) } ?? .defaults
            for path in nearer { loaded.add(nearer: try FlowConfigurationLoader.load(path: shown(path))) }
            return .proceed(loaded)
        } catch {
            Console.error("flowc: error: \(error)")
            return .exit(ExitCode.usage)
        }
    }

    /// The settings that govern `path` (as written; nil: the configuration's own): what a command reads once
    /// for all its paths (`flowc validate`'s `format`, `flowc diff`'s `acceptedBreaks`) comes from the
    /// configuration nearest its first path.
    package static func settings(_ configuration: LoadedConfiguration?, for path: String?) -> FlowConfiguration? {
        guard let configuration, let path, path != "-" else { return configuration?.configuration }
        return configuration.configuration.governing(URL(fileURLWithPath: path).standardizedFileURL.path)
    }
}
