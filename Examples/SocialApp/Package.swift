// swift-tools-version:6.1
import PackageDescription

// The social app (Flows/social.yaml and its children) hosted in SwiftUI: a tab bar whose tabs keep their
// stacks, a sheet (writing a post), full-screen covers (signing in) and the question of a `confirm`
// screen over the stack that asks. FlowcPlugin generates the typed API from the flows that
// Sources/SocialApp/flowc-plugin.json names. Not part of the flowc package; on Linux a test type-checks
// its SwiftUI file against stand-in declarations (docs/HOSTING.md, "What the Linux tests check").
let package = Package(
    name: "SocialApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "flowc", path: "../..")],
    targets: [
        .target(
            name: "SocialApp",
            dependencies: [
                .product(name: "FlowRuntime", package: "flowc"), .product(name: "FlowSwiftUI", package: "flowc"),
            ],
            plugins: [.plugin(name: "FlowcPlugin", package: "flowc")])
    ],
    swiftLanguageModes: [.v6]
)
