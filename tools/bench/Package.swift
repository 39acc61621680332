// swift-tools-version: 6.1

// The benchmark, kept out of the main build and test path: Hourglass's clocks against their
// peers (raw libevent, raw DispatchSourceTimer, SwiftNIO, Task.sleep) and a minimal C floor,
// in one release run. Run it with tools/bench/run.
import PackageDescription

let package = Package(
    name: "HourglassBench",
    dependencies: [
        .package(name: "Hourglass", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        .target(name: "BenchPeers", linkerSettings: [.linkedLibrary("event_core")]),
        .executableTarget(
            name: "HourglassBench",
            dependencies: [
                "BenchPeers",
                .product(name: "Hourglass", package: "Hourglass"),
                .product(name: "HourglassDispatch", package: "Hourglass"),
                .product(name: "HourglassLibevent", package: "Hourglass"),
                .product(name: "SignUp", package: "Hourglass"),
                .product(name: "SignUpTesting", package: "Hourglass"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
