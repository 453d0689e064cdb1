import Foundation
import PackagePlugin

/// The build-tool plugin that turns a target's flow files into typed Swift as part of the build
/// (docs/HOSTING.md).
///
/// For a target with a `Flows/` folder (or the paths named by a `flowc-plugin.json` beside its sources),
/// it runs `flowc generate swift` as a build command whose inputs are the flow files: it runs when one of
/// them changes, and a flow error fails the build with flowc's `file:line:col: error:` lines, which Xcode
/// and `swift build` show at the YAML line.
@main
struct FlowcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configuration = try FlowcPluginConfiguration.load(from: target.directoryURL)
        let inputs = try configuration.flowPaths(in: target.directoryURL)
        let output = context.pluginWorkDirectoryURL.appending(path: "\(configuration.namespace).swift")
        var arguments = ["generate", "swift"] + inputs.roots.map { $0.path(percentEncoded: false) }
        arguments += ["-o", output.path(percentEncoded: false), "--namespace", configuration.namespace]
        return [
            .buildCommand(
                displayName: "Generating Swift from the flows of \(target.name)",
                executable: try context.tool(named: "flowc").url,
                arguments: arguments,
                inputFiles: inputs.files + (configuration.file.map { [$0] } ?? []),
                outputFiles: [output])
        ]
    }
}
