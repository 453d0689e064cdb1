// swift-tools-version:6.0
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
        .executableTarget(name: "flowc", dependencies: ["FlowCompiler", "FlowRuntime", "FlowModel"]),
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
        .testTarget(name: "FlowcCLITests", dependencies: ["flowc"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime", "FlowModel", "FlowCompiler"]),
    ],
    swiftLanguageModes: [.v6]
)
