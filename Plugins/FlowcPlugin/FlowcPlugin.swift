import Foundation
import PackagePlugin

/// The build-tool plugin that turns a target's flow files into typed Swift as part of the build
/// (docs/HOSTING.md).
///
/// For a target with a `Flows/` folder (or the paths named by a `flowc-plugin.json` beside its sources),
/// it runs `flowc generate swift` (as the slim tool `flowc-generate`) as a build command whose inputs are
/// the flow files and the flowc configuration (`.flowc.yml`, passed with `--config`; see
/// ``FlowcConfigurationFile``): it runs when one of them changes, and a flow error fails the build with
/// flowc's `file:line:col: error:` lines, which Xcode and `swift build` show at the YAML line.
@main
struct FlowcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configuration = try FlowcPluginConfiguration.load(from: target.directoryURL)
        let inputs = try configuration.flowPaths(in: target.directoryURL)
        return [
            try Self.command(
                tool: context.tool(named: "flowc-generate").url, workDirectory: context.pluginWorkDirectoryURL,
                targetName: target.name, configuration: configuration, roots: inputs.roots, files: inputs.files,
                flowcConfiguration: FlowcConfigurationFile.find(
                    from: target.directoryURL, within: context.package.directoryURL))
        ]
    }

    /// The one build command: `flowc-generate swift ROOTS… -o WORK/NAMESPACE.swift --namespace NAMESPACE
    /// [--config FLOWC_CONFIGURATION]`, whose inputs are the flow files, `flowc-plugin.json` and the flowc
    /// configuration (when there are such files) and whose output is the Swift file.
    static func command(
        tool: URL, workDirectory: URL, targetName: String, configuration: FlowcPluginConfiguration,
        roots: [URL], files: [URL], flowcConfiguration: URL?
    ) -> Command {
        let output = workDirectory.appending(path: "\(configuration.namespace).swift")
        var arguments = ["swift"] + roots.map { $0.path(percentEncoded: false) }
        arguments += ["-o", output.path(percentEncoded: false), "--namespace", configuration.namespace]
        if let flowcConfiguration { arguments += ["--config", flowcConfiguration.path(percentEncoded: false)] }
        return .buildCommand(
            displayName: "Generating Swift from the flows of \(targetName)",
            executable: tool,
            arguments: arguments,
            inputFiles: files + [configuration.file, flowcConfiguration].compactMap { $0 },
            outputFiles: [output])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// An app target of an Xcode project has no folder of its own: its flows are the `*.yaml` and `*.yml`
/// files that are members of the target (add the Flows folder to the target), and a `flowc-plugin.json`
/// member, if any, names the namespace (and, relative to its own folder, the flow paths).
extension FlowcPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let members = target.inputFiles.map(\.url)
        let tool = try context.tool(named: "flowc-generate").url
        if let file = members.first(where: { $0.lastPathComponent == FlowcPluginConfiguration.fileName }) {
            let folder = file.deletingLastPathComponent()
            let configuration = try FlowcPluginConfiguration.load(from: folder)
            let inputs = try configuration.flowPaths(in: folder)
            return [
                Self.command(
                    tool: tool, workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName,
                    configuration: configuration, roots: inputs.roots, files: inputs.files,
                    flowcConfiguration: FlowcConfigurationFile.find(
                        from: folder, within: context.xcodeProject.directoryURL))
            ]
        }
        let flows = members.filter {
            ["yaml", "yml"].contains($0.pathExtension.lowercased())
                && !FlowcConfigurationFile.names.contains($0.lastPathComponent)
        }
        .sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
        guard !flows.isEmpty else { return [] }
        return [
            Self.command(
                tool: tool, workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName,
                configuration: FlowcPluginConfiguration(), roots: flows, files: flows,
                flowcConfiguration: FlowcConfigurationFile.find(
                    from: flows[0].deletingLastPathComponent(), within: context.xcodeProject.directoryURL))
        ]
    }
}
#endif
