// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "Hourglass",
    products: [
        .library(name: "Hourglass", targets: ["Hourglass"]),
        .executable(name: "hourglass-demo", targets: ["HourglassDemo"]),
    ],
    targets: [
        // The timer core: TimerClock, the timer queue, every timer kind and VirtualClock.
        // Depends on the Swift toolchain alone and builds on Apple platforms too.
        .target(name: "Hourglass"),
        .testTarget(name: "HourglassTests", dependencies: ["Hourglass"]),
        // A short countdown on the virtual clock (tools/demo).
        .executableTarget(name: "HourglassDemo", dependencies: ["Hourglass"]),
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
