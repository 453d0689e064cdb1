// swift-tools-version:6.1
import PackageDescription

// An app package that hosts the reading flows with FlowcPlugin (docs/HOSTING.md): the plugin validates
// Sources/ReadingApp/Flows and generates typed Swift into the build; a flow error fails the build at
// its YAML line. `reading-trace` drives the reading app through the generated API and prints each step.
// Not part of the flowc package: `swift build` in this folder builds it. FlowcCLITests' PluginBuildTests
// builds a copy (the dependency's path rewritten to the checkout), then the copy with a flow error.
let package = Package(
    name: "ReadingApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "flowc", path: "../..")],
    targets: [
        .target(
            name: "ReadingApp",
            dependencies: [
                .product(name: "FlowRuntime", package: "flowc"), .product(name: "FlowSwiftUI", package: "flowc"),
            ],
            plugins: [.plugin(name: "FlowcPlugin", package: "flowc")]),
        .executableTarget(
            name: "reading-trace",
            dependencies: ["ReadingApp", .product(name: "FlowRuntime", package: "flowc")]),
    ],
    swiftLanguageModes: [.v6]
)
