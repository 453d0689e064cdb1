// swift-tools-version:6.1
import PackageDescription

// Data flows one way (docs/ARCHITECTURE.md):
// YAML text → FlowYAML (libyaml events → located nodes) → FlowCompiler (decoding into FlowDefinitions'
// typed, located definitions; validation, diagnostics, lowering) → FlowModel (the compiled flow graph,
// its bundle codec and the primitives both sides share; no libyaml, no definitions) → FlowRuntime (the
// generic coordinator) → FlowSwiftUI (SwiftUI bindings) in the host app.
// An app that ships compiled bundles links FlowModel and FlowRuntime (and FlowSwiftUI) only.
let package = Package(
    name: "flowc",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "flowc", targets: ["flowc"]),
        .library(name: "FlowCompiler", targets: ["FlowCompiler"]),
        .library(name: "FlowRuntime", targets: ["FlowRuntime", "FlowModel"]),
        .library(name: "FlowSwiftUI", targets: ["FlowSwiftUI"]),
        .plugin(name: "FlowcPlugin", targets: ["FlowcPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Apps link these:
        .target(name: "FlowModel"),
        .target(name: "FlowRuntime", dependencies: ["FlowModel"]),
        .target(name: "FlowSwiftUI", dependencies: ["FlowRuntime", "FlowModel"]),
        // The compiler side:
        // FlowModel for the thread primitives both sides share (Primitives/: ConditionLock, JoinableThread).
        .target(name: "FlowYAML", dependencies: ["CYaml", "FlowModel"]),
        .target(name: "FlowDefinitions", dependencies: ["FlowModel"]),
        .target(name: "FlowCompiler", dependencies: ["FlowYAML", "FlowDefinitions", "FlowModel"]),
        .target(name: "FlowCodegen", dependencies: ["FlowDefinitions", "FlowModel"]),
        // `flowc run` and the script-driven tests: a coordinator driven by script lines, traced as JSON.
        .target(name: "FlowScript", dependencies: ["FlowRuntime", "FlowModel"]),
        // `flowc check` and `flowc paths`: the runtime's own steps explored breadth first, every guarantee checked on
        // each, and the shortest path to each screen, transition, link or outcome (as scripts or Swift tests).
        .target(name: "FlowExplorer", dependencies: ["FlowScript", "FlowCodegen", "FlowRuntime", "FlowModel"]),
        // `flowc diff`: the old flows' explored states and links restored and opened on the new runtime.
        .target(
            name: "FlowVersions",
            dependencies: ["FlowExplorer", "FlowScript", "FlowCompiler", "FlowRuntime", "FlowModel"]),
        // `flowc lsp`: a Language Server Protocol 3.17 server over stdio, on the compiler's own validation.
        .target(name: "FlowLanguageServer", dependencies: ["FlowCompiler", "FlowDefinitions", "FlowModel"]),
        // `flowc view`: the app as one self-contained interactive HTML page (apps never link it).
        .target(name: "FlowView", dependencies: ["FlowCompiler", "FlowDefinitions", "FlowModel"]),
        // What flowc and the plugin's tool share: option scanning, console, flow sources, `generate swift`.
        .target(
            name: "FlowcCommandLine",
            dependencies: ["FlowCompiler", "FlowCodegen", "FlowDefinitions", "FlowModel"]),
        .executableTarget(
            name: "flowc",
            dependencies: [
                "FlowcCommandLine", "FlowCompiler", "FlowCodegen", "FlowDefinitions", "FlowExplorer", "FlowScript",
                "FlowVersions", "FlowRuntime", "FlowModel", "FlowLanguageServer", "FlowView",
            ]),
        // The plugin's tool is `flowc generate` alone: SwiftPM builds a plugin's tool and its modules a second
        // time (for the host), so it links the loader, validator and generator only, not the runtime or
        // flowc's other commands (docs/HOSTING.md, "Build time").
        .executableTarget(name: "flowc-generate", dependencies: ["FlowcCommandLine"]),
        .plugin(name: "FlowcPlugin", capability: .buildTool(), dependencies: ["flowc-generate"]),
        .executableTarget(
            name: "flowc-bench",
            dependencies: [
                "FlowYAML", "FlowCompiler", "FlowDefinitions", "FlowExplorer", "FlowRuntime", "FlowModel", "CYaml",
                "FlowLanguageServer",
            ],
            path: "Benchmarks/flowc-bench"
        ),
        // One test target per module, plus the command line, the plugin's hosts and what tests share.
        .target(
            name: "FlowTestSupport", dependencies: ["FlowCompiler", "FlowRuntime", "FlowModel"],
            path: "Tests/FlowTestSupport"),
        .testTarget(name: "FlowYAMLTests", dependencies: ["FlowYAML"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "FlowTestSupport", "FlowCompiler"]),
        .testTarget(name: "FlowDefinitionsTests", dependencies: ["FlowDefinitions", "FlowModel"]),
        .testTarget(
            name: "FlowCompilerTests",
            dependencies: ["FlowCompiler", "FlowYAML", "FlowDefinitions", "FlowModel", "FlowTestSupport"]
        ),
        .testTarget(
            name: "FlowCodegenTests",
            dependencies: ["FlowCodegen", "FlowCompiler", "FlowDefinitions", "FlowRuntime", "FlowModel"]),
        .testTarget(
            name: "FlowRuntimeTests",
            dependencies: ["FlowRuntime", "FlowModel", "FlowScript", "FlowExplorer", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(
            name: "FlowScriptTests",
            dependencies: ["FlowScript", "FlowRuntime", "FlowModel", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(
            name: "FlowExplorerTests",
            dependencies: ["FlowExplorer", "FlowScript", "FlowRuntime", "FlowModel", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(
            name: "FlowVersionsTests",
            dependencies: ["FlowVersions", "FlowScript", "FlowRuntime", "FlowModel", "FlowCompiler", "FlowTestSupport"]),
        // FlowcCLITests runs the built `flowc`; CheckRootLineTests also calls `flowc check`'s own code
        // (`@testable import flowc`) on a report the explorer's test hooks give.
        .testTarget(
            name: "FlowcCLITests", dependencies: ["flowc", "FlowExplorer", "FlowCompiler", "FlowModel"]),
        .testTarget(name: "FlowViewTests", dependencies: ["FlowView", "FlowCompiler", "FlowModel"]),
        .testTarget(
            name: "FlowLanguageServerTests",
            dependencies: ["FlowLanguageServer", "FlowCompiler", "FlowDefinitions", "FlowModel"]),
        // Apply the in-package plugin, so `swift test` compiles the generated code every run: to the
        // reading app in Flows/ (named in its flowc-plugin.json) and to a fixture of every parameter type.
        .testTarget(
            name: "ReadingHostTests", dependencies: ["FlowRuntime", "FlowModel"],
            plugins: [.plugin(name: "FlowcPlugin")]),
        .testTarget(
            name: "GeneratedFixtureTests", dependencies: ["FlowRuntime", "FlowModel"],
            plugins: [.plugin(name: "FlowcPlugin")]),
        // `flowc paths --format swift` for the shipped app root (conditions, finishing through handles),
        // compiled over the API the plugin generates from the same flows (named in its flowc-plugin.json).
        .testTarget(
            name: "AppPathTests", dependencies: ["FlowRuntime", "FlowModel"],
            plugins: [.plugin(name: "FlowcPlugin")]),
    ],
    swiftLanguageModes: [.v6]
)
