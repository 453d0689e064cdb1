import FlowCompiler
import Foundation

/// `--config FILE`, or the `.flowc.yml` found from the working folder up (docs/CONFIG.md).
enum ConfigurationOption {
    static let help = "  --config FILE     The configuration file (default: .flowc.yml in this folder or the nearest above)."

    /// The configuration to use, nil when there is none; a failure message when `--config` names a
    /// file that cannot be read.
    static func load(_ options: OptionScanner) -> Result<LoadedConfiguration?, FlowSources.Failure> {
        let workingFolder = FileManager.default.currentDirectoryPath
        guard var path = options.value("--config") ?? FlowConfigurationLoader.find(from: workingFolder) else {
            return .success(nil)
        }
        // A configuration found in or below the working folder is shown relative to it, like flow files.
        if path.hasPrefix(workingFolder + "/") { path.removeFirst(workingFolder.count + 1) }
        do {
            return .success(try FlowConfigurationLoader.load(path: path))
        } catch {
            return .failure(FlowSources.Failure(message: "flowc: error: \(error)\n", exitCode: ExitCode.usage))
        }
    }
}
