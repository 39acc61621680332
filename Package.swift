// swift-tools-version: 6.2

import Foundation
import PackageDescription

/// Observation (the view-models' `Observable` conformance) needs these; the core needs less.
let observationAvailability =
    "AvailabilityMacro=HourglassObservation:macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0"

/// libevent and GLib come from Debian's libevent-dev and libglib2.0-dev: their targets, and
/// whatever uses them, are Linux-only.
let onLinux = TargetDependencyCondition.when(platforms: [.linux])

let package = Package(
    name: "Hourglass",
    // `Clock`, `Duration` and `Instant` need these; Observation-based types say what they need more.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Hourglass", targets: ["Hourglass"]),
        .library(name: "HourglassDispatch", targets: ["HourglassDispatch"]),
        .library(name: "HourglassLibevent", targets: ["HourglassLibevent"]),
        .library(name: "HourglassGLib", targets: ["HourglassGLib"]),
        .library(name: "PhoneNumbers", targets: ["PhoneNumbers"]),
        .library(name: "SignUpDomain", targets: ["SignUpDomain"]),
        .library(name: "SignUp", targets: ["SignUp"]),
        .library(name: "SignUpHTTP", targets: ["SignUpHTTP"]),
        .library(name: "HourglassTranscripts", targets: ["HourglassTranscripts"]),
        .library(name: "HourglassTesting", targets: ["HourglassTesting"]),
        .library(name: "HourglassLineMode", targets: ["HourglassLineMode"]),
        .executable(name: "linemode", targets: ["linemode"]),
        .executable(name: "hourglass-demo", targets: ["HourglassDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // SignUpHTTP: the generated client's runtime, its URLSession transport, and swift-log.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Tests only (no product depends on it, so a client never resolves it): swift-clocks'
        // TestClock and ImmediateClock drive the models through AdaptedClock.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        // The timer core: TimerClock, the timer queue, every timer kind and VirtualClock.
        // Depends on the Swift toolchain alone and builds on Apple platforms too.
        .target(name: "Hourglass"),
        .testTarget(name: "HourglassTests", dependencies: ["Hourglass", "TestSupport"]),
        // What the test targets share (recorders, a seeded generator, built products, special files).
        .target(name: "TestSupport", dependencies: ["Hourglass"], path: "Tests/TestSupport"),
        // GCD backend: DispatchClock.
        .target(name: "HourglassDispatch", dependencies: ["Hourglass"]),
        // libevent through Debian's libevent-dev; C stays in CLibevent. Linux only: on other
        // platforms HourglassLibevent is an empty module.
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_core", providers: [.apt(["libevent-dev"])]),
        .target(
            name: "HourglassLibevent", dependencies: ["Hourglass", .target(name: "CLibevent", condition: onLinux)]),
        // GLib through Debian's libglib2.0-dev: GLibClock runs timers on a GMainContext (GTK's, or
        // one of its own); C stays in CGLib. Linux only: on other platforms HourglassGLib is empty.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "HourglassGLib", dependencies: ["Hourglass", .target(name: "CGLib", condition: onLinux)]),
        // One conformance suite, run on every clock.
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Hourglass", "HourglassDispatch", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
                .target(name: "HourglassLibevent", condition: onLinux),
                // GLibClock, and GLib itself to run the default main context as an app would.
                .target(name: "HourglassGLib", condition: onLinux), .target(name: "CGLib", condition: onLinux),
            ]
        ),
        // Phone numbers read, written and masked by libphonenumber's rules and metadata (generated
        // by tools/phone-data), and the system's locale: no timers, no dependency, usable alone.
        .target(name: "PhoneNumbers"),
        .testTarget(
            name: "PhoneNumbersTests", dependencies: ["PhoneNumbers"],
            exclude: ["ExampleNumbers.tsv", "AsYouTypeExamples.tsv"]),
        // What the server and the view-models share: destinations and their normal form and limit
        // key, secrets, the password policy and its reasons, the rules' defaults, the wall clock.
        // No UI, no timer: the reference server depends on it, not on the view-models.
        .target(name: "SignUpDomain", dependencies: ["PhoneNumbers"]),
        // The sign-up view-models: pure state machines, their runtime, strings, the service and
        // store protocols, the screens as lines, and the doubles tests, previews and linemode use
        // (a scripted service, a manual wall clock). Depends on the core, HourglassTranscripts
        // (the lines' rule), PhoneNumbers and SignUpDomain alone, none Linux-only, so it builds
        // for Apple platforms too.
        .target(name: "SignUp", dependencies: ["Hourglass", "HourglassTranscripts", "PhoneNumbers", "SignUpDomain"]),
        .testTarget(
            name: "SignUpTests",
            dependencies: [
                "SignUp", "SignUpDomain", "PhoneNumbers", "Hourglass", "HourglassDispatch", "TestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .target(name: "HourglassLibevent", condition: onLinux),
                .target(name: "HourglassGLib", condition: onLinux),
            ],
            exclude: ["PluralSamples.tsv", "UTS46Samples.tsv"]
        ),
        // The verification service over HTTP: the client swift-openapi-generator made from
        // openapi/openapi.yaml (committed in Generated/, by tools/openapi/generate), on
        // URLSession or a transport the app passes. Builds on Apple platforms too.
        .target(
            name: "SignUpHTTP",
            dependencies: [
                "SignUp", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SignUpHTTPTests",
            dependencies: [
                "SignUpHTTP", "SignUp", "Hourglass", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Transcripts of a screen over time (linemode's format), the in-process diff and
        // transcript files with record modes: plain code, no test framework, so that shipped
        // code (HourglassLineMode, linemode, an app's own runner) can use it.
        .target(name: "HourglassTranscripts", dependencies: ["Hourglass"]),
        // The Swift Testing assertions over it, for app teams' test targets.
        .target(name: "HourglassTesting", dependencies: ["HourglassTranscripts", "Hourglass"]),
        .testTarget(
            name: "HourglassTestingTests",
            dependencies: ["HourglassTesting", "HourglassTranscripts", "Hourglass", "TestSupport"],
            // The transcripts assertTranscript(_:) keeps beside its tests: data, not sources.
            exclude: ["__Transcripts__"]),
        // The real clocks linemode and hourglass-demo run on, made and run in one place (no
        // product: its API is `package`).
        .target(
            name: "RealClocks",
            dependencies: [
                "Hourglass", "HourglassDispatch", .target(name: "HourglassLibevent", condition: onLinux),
                .target(name: "HourglassGLib", condition: onLinux),
            ]
        ),
        // linemode: the script language, the session and the runner (a library, testable) …
        .target(
            name: "HourglassLineMode",
            dependencies: [
                "Hourglass", "HourglassTranscripts", "RealClocks", "SignUp", "SignUpHTTP", "PhoneNumbers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LineModeTests",
            dependencies: [
                "HourglassLineMode", "LineModeSamples", "SignUp", "Hourglass", "HourglassTesting",
                "HourglassTranscripts",
                "TestSupport",
            ]),
        // An app's own line-mode runner, as HourglassLineMode's documentation shows it: a login screen
        // and a Polish table (LineModeSamples), and the executable over them (AcmeLineMode,
        // run by LineModeTests as a child process).
        .target(
            name: "LineModeSamples", dependencies: ["HourglassLineMode", "SignUp", "PhoneNumbers", "Hourglass"],
            path: "Tests/LineModeSamples"),
        .executableTarget(
            name: "AcmeLineMode", dependencies: ["HourglassLineMode", "LineModeSamples", "SignUp"],
            path: "Tests/AcmeLineMode"),
        // … and its executable: `@main` alone (the command line is LineModeTool's, so that an
        // app's own runner has it too).
        .executableTarget(name: "linemode", dependencies: ["HourglassLineMode"]),
        // One countdown on any clock, printed tick by tick; the child process of the
        // suspension test.
        .executableTarget(
            name: "HourglassDemo",
            dependencies: [
                "Hourglass", "RealClocks", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The code samples of README.md and the DocC articles, verbatim: they compile in every
        // test run (tools/check-samples checks that each sample is here).
        .testTarget(
            name: "DocumentationSamples",
            dependencies: [
                "Hourglass", "HourglassDispatch", "SignUp", "PhoneNumbers", "SignUpHTTP",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "HourglassLibevent", condition: onLinux),
                .target(name: "HourglassGLib", condition: onLinux),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The same strict settings for every Swift target, all of them accepted in a versioned
// dependency (no unsafe build flags). tools/test adds warnings-as-errors for this repository's builds.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
    settings.append(.treatWarning("ExplicitSendable", as: .error))
    settings.append(.enableExperimentalFeature(observationAvailability))
    target.swiftSettings = settings
}

// Documentation builds alone (tools/docs sets HOURGLASS_DOCS=1) need the DocC plugin; a client
// app never resolves it.
if ProcessInfo.processInfo.environment["HOURGLASS_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
