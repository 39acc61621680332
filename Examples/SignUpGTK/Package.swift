// swift-tools-version: 6.2

// SignUpGTK: the sign-up screens as a GTK 4 desktop app on Linux, bound to Hourglass's
// view-models on GLibClock. A package of its own, so that Hourglass's build and tests never
// need GTK: it depends on the checkout two levels up by path.
import PackageDescription

let package = Package(
    name: "SignUpGTK",
    dependencies: [
        .package(name: "Hourglass", path: "../..")
    ],
    targets: [
        // GTK 4 through Debian's libgtk-4-dev. The C stays here: shim.h wraps GTK's macros and
        // variadic functions as static inline functions Swift can call.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "SignUpGTK",
            dependencies: [
                "CGtk",
                .product(name: "Hourglass", package: "Hourglass"),
                .product(name: "HourglassGLib", package: "Hourglass"),
                .product(name: "SignUp", package: "Hourglass"),
                .product(name: "SignUpHTTP", package: "Hourglass"),
                .product(name: "PhoneNumbers", package: "Hourglass"),
                // SignUp also has the scripted service, which answers with latency on the app's
                // clock (the demo server), and renders screens as lines for the test hook's dump.
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Hourglass's strict settings, none of them an unsafe flag.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
    settings.append(.treatWarning("ExplicitSendable", as: .error))
    target.swiftSettings = settings
}
