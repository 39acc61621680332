// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "Hourglass",
    products: [
        .library(name: "Hourglass", targets: ["Hourglass"]),
        .library(name: "SignUp", targets: ["SignUp"]),
        .library(name: "LineMode", targets: ["LineMode"]),
        .library(name: "HourglassDispatch", targets: ["HourglassDispatch"]),
        .library(name: "HourglassLibevent", targets: ["HourglassLibevent"]),
        .executable(name: "hourglass-demo", targets: ["HourglassDemo"]),
        .executable(name: "linemode", targets: ["linemode"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The timer core: TimerClock, the timer queue, every timer kind and VirtualClock.
        // Depends on the Swift toolchain alone and builds on Apple platforms too.
        .target(name: "Hourglass"),
        .testTarget(name: "HourglassTests", dependencies: ["Hourglass", "TestSupport"]),
        // What the test targets share (a TSan-visible lock).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The sign-up view-models: pure state machines, their runtimes, strings (en, zh-Hans),
        // the service and store protocols. Depends on the core alone, so it builds for Apple
        // platforms too.
        .target(name: "SignUp", dependencies: ["Hourglass"]),
        .testTarget(name: "SignUpTests", dependencies: [
            "SignUp", "Hourglass", "HourglassDispatch", "TestSupport",
            .target(name: "HourglassLibevent", condition: .when(platforms: [.linux])),
        ]),
        // GCD backend: DispatchClock.
        .target(name: "HourglassDispatch", dependencies: ["Hourglass"]),
        // libevent through Debian's libevent-dev; C stays in this module.
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_core", providers: [.apt(["libevent-dev"])]),
        .target(name: "HourglassLibevent", dependencies: ["Hourglass", "CLibevent"]),
        // One conformance suite, run on every clock.
        .testTarget(name: "ConformanceTests", dependencies: ["Hourglass", "HourglassDispatch", "HourglassLibevent", "TestSupport"]),
        // linemode: the script language, the session and the runner (a library, testable) …
        .target(name: "LineMode", dependencies: ["Hourglass", "HourglassDispatch", "HourglassLibevent", "SignUp"]),
        .testTarget(name: "LineModeTests", dependencies: ["LineMode", "SignUp", "Hourglass", "TestSupport"]),
        // … and its executable: `@main` and the command-line options only.
        .executableTarget(name: "linemode", dependencies: [
            "LineMode", "SignUp", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // One countdown on any clock, printed tick by tick; the child process of the
        // suspension test.
        .executableTarget(name: "HourglassDemo", dependencies: [
            "Hourglass", "HourglassDispatch", "HourglassLibevent",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// The same strict settings for every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
    settings.append(.unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]))
    target.swiftSettings = settings
}
