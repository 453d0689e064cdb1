// swift-tools-version:6.1
import PackageDescription

// Data flows one way:
// YAML text → FlowYAML (libyaml events → located nodes) → FlowCompiler (decoding into typed
// flow definitions, validation, diagnostics, lowering) → FlowModel (definitions and the compiled,
// Codable flow graph and bundle format; no libyaml) → FlowRuntime (the generic coordinator).
// Hosts that ship compiled bundles link FlowModel and FlowRuntime only.
let package = Package(
    name: "flowc",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "flowc", targets: ["flowc"]),
        .library(name: "FlowCompiler", targets: ["FlowCompiler"]),
        .library(name: "FlowRuntime", targets: ["FlowRuntime", "FlowModel"]),
        .plugin(name: "FlowcPlugin", targets: ["FlowcPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "FlowYAML", dependencies: ["CYaml"]),
        .target(name: "FlowModel"),
        .target(name: "FlowCompiler", dependencies: ["FlowYAML", "FlowModel"]),
        .target(name: "FlowRuntime", dependencies: ["FlowModel"]),
        .target(name: "FlowCodegen", dependencies: ["FlowModel"]),
        // What flowc and the plugin's tool share: option scanning, console, flow sources, `generate swift`.
        .target(name: "FlowcCommandLine", dependencies: ["FlowCompiler", "FlowCodegen", "FlowModel"]),
        .executableTarget(
            name: "flowc", dependencies: ["FlowcCommandLine", "FlowCompiler", "FlowCodegen", "FlowRuntime", "FlowModel"]),
        // The plugin's tool is `flowc generate` alone: SwiftPM builds a plugin's tool and its modules a second
        // time (for the host), so it links the loader, validator and generator only, not the runtime or
        // flowc's other commands (docs/HOSTING.md, "Build time").
        .executableTarget(name: "flowc-generate", dependencies: ["FlowcCommandLine"]),
        .plugin(name: "FlowcPlugin", capability: .buildTool(), dependencies: ["flowc-generate"]),
        .executableTarget(
            name: "flowc-bench",
            dependencies: ["FlowYAML", "FlowCompiler", "FlowRuntime", "FlowModel", "CYaml"],
            path: "Benchmarks/flowc-bench"
        ),
        .testTarget(name: "FlowYAMLTests", dependencies: ["FlowYAML"]),
        .testTarget(
            name: "FlowCompilerTests",
            dependencies: ["FlowCompiler", "FlowYAML", "FlowModel"]
        ),
        .testTarget(name: "FlowcCLITests"),
        .testTarget(name: "FlowCodegenTests", dependencies: ["FlowCodegen", "FlowCompiler", "FlowRuntime", "FlowModel"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime", "FlowModel", "FlowCompiler"]),
        // Apply the in-package plugin, so `swift test` compiles the generated code every run: to the
        // reading app in Flows/ (named in its flowc-plugin.json) and to a fixture of every parameter type.
        .testTarget(
            name: "ReadingHostTests", dependencies: ["FlowRuntime", "FlowModel"],
            plugins: [.plugin(name: "FlowcPlugin")]),
        .testTarget(
            name: "GeneratedFixtureTests", dependencies: ["FlowRuntime", "FlowModel"],
            plugins: [.plugin(name: "FlowcPlugin")]),
    ],
    swiftLanguageModes: [.v6]
)
