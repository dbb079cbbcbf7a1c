// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Peach",
    products: [
        .executable(name: "peach", targets: ["peach"]),
        // The host loads sound sources as shared libraries; each is its own product.
        .library(name: "PeachSineSource", type: .dynamic, targets: ["PeachSineSource"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The C ABI between host and sources: one header, nothing else.
        .target(name: "PeachPluginAPI"),
        // alsa-lib plus the few C helpers Swift cannot express (variadic error handler).
        .target(name: "CAlsa", linkerSettings: [.linkedLibrary("asound")]),
        .target(name: "PeachHost", dependencies: ["PeachPluginAPI", "CAlsa"]),
        .executableTarget(
            name: "peach",
            dependencies: ["PeachHost", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Sound sources depend on the C header only: no Swift module is shared with the host.
        .target(name: "PeachSineSource", dependencies: ["PeachPluginAPI"], path: "Plugins/SineSource"),
        .executableTarget(name: "PeachBench", dependencies: ["PeachHost"], path: "Benchmarks/PeachBench"),
        .testTarget(name: "PeachHostTests", dependencies: ["PeachHost", "PeachPluginAPI"]),
        .testTarget(name: "PeachCLITests", dependencies: ["peach", "PeachHost"]),
    ]
)
