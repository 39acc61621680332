// swift-tools-version: 6.1

// A libFuzzer target for linemode's script reader and session, kept out of the main build.
// Build and run it with tools/fuzz-linemode, which instruments every target
// (-sanitize=fuzzer,address) so that coverage of the parser guides the fuzzer.
import PackageDescription

let package = Package(
    name: "HourglassFuzz",
    dependencies: [.package(name: "Hourglass", path: "../..")],
    targets: [
        .executableTarget(
            name: "LinemodeFuzzer",
            dependencies: [.product(name: "LineMode", package: "Hourglass")]
        )
    ],
    swiftLanguageModes: [.v6]
)
