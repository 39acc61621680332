// swift-tools-version: 6.2

// The reference server of Hourglass's verification API (../openapi/openapi.yaml), a package of
// its own so that neither the core nor an app that uses SignUpHTTP ever resolves Hummingbird,
// GRDB or postgres-nio.
import PackageDescription

let package = Package(
    name: "HourglassServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hourglass-server", targets: ["hourglass-server"]),
        .library(name: "HourglassServer", targets: ["HourglassServer"]),
    ],
    dependencies: [
        // Destinations read by the same rules as the client's; the client, for the end-to-end tests.
        .package(name: "Hourglass", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // The server: the generated protocol (Generated/, by tools/openapi/generate), its
        // handlers, the rules, the two stores, the outbox and the application.
        .target(
            name: "HourglassServer",
            dependencies: [
                // What the server shares with the view-models, and none of the view-models.
                .product(name: "SignUpDomain", package: "Hourglass"),
                .product(name: "PhoneNumbers", package: "Hourglass"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // `@main` alone: the command line is HourglassServer's.
        .executableTarget(
            name: "hourglass-server",
            dependencies: [
                "HourglassServer"
            ]
        ),
        // The benchmark's floor (tools/bench/run): Hummingbird and the database running the
        // ceiling's own statements for each request, and nothing else.
        .executableTarget(
            name: "bench-floor",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "tools/bench/floor"
        ),
        .testTarget(
            name: "HourglassServerTests",
            dependencies: [
                "HourglassServer",
                .product(name: "SignUpDomain", package: "Hourglass"),
                .product(name: "SignUp", package: "Hourglass"),
                .product(name: "SignUpHTTP", package: "Hourglass"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
