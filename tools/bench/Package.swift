// swift-tools-version: 6.1

// The benchmark, kept out of the main build and test path: Hourglass's clocks against their
// peers (raw libevent, raw GLib, raw DispatchSourceTimer, SwiftNIO, Task.sleep) and a minimal C
// floor, in one release run. Run it with tools/bench/run.
import PackageDescription

let package = Package(
    name: "HourglassBench",
    dependencies: [
        .package(name: "Hourglass", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // GLib's headers and library for the raw GLib peer (pkg-config glib-2.0).
        .systemLibrary(name: "BenchGLib", pkgConfig: "glib-2.0"),
        .target(
            name: "BenchPeers", dependencies: ["BenchGLib"],
            linkerSettings: [.linkedLibrary("event_core"), .linkedLibrary("glib-2.0")]),
        .executableTarget(
            name: "HourglassBench",
            dependencies: [
                "BenchPeers",
                .product(name: "Hourglass", package: "Hourglass"),
                .product(name: "HourglassDispatch", package: "Hourglass"),
                .product(name: "HourglassLibevent", package: "Hourglass"),
                .product(name: "HourglassGLib", package: "Hourglass"),
                .product(name: "PhoneNumbers", package: "Hourglass"),
                .product(name: "SignUp", package: "Hourglass"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The number field as it is typed, beside PyPI phonenumbers' AsYouTypeFormatter
        // (typing_peer.py): tools/bench/typing.
        // Counts the process's allocations (glibc), for TypingBench's allocations a keystroke.
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "TypingBench",
            dependencies: [
                "AllocationCounter",
                .product(name: "PhoneNumbers", package: "Hourglass"),
                .product(name: "SignUp", package: "Hourglass"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
