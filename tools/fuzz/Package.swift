// swift-tools-version: 6.1

// libFuzzer targets for linemode, kept out of the main build: ScriptReaderFuzzer reads input as
// a script (no clock), LinemodeFuzzer also runs it as a session on the virtual clock. Build and
// run them with tools/fuzz-linemode, which instruments every target (-sanitize=fuzzer,address)
// so that coverage of the reader and the session guides the fuzzer.
import PackageDescription

let package = Package(
    name: "HourglassFuzz",
    dependencies: [.package(name: "Hourglass", path: "../..")],
    targets: [
        .target(name: "FuzzerDriver"),
        .executableTarget(
            name: "ScriptReaderFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "HourglassLineMode", package: "Hourglass")]
        ),
        .executableTarget(
            name: "LinemodeFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "HourglassLineMode", package: "Hourglass")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
