// swift-tools-version: 6.2

// Builds swift-openapi-generator for `tools/openapi/generate`, and nothing else: neither the
// client, the server nor CI ever builds the generator (its output is committed).
import PackageDescription

let package = Package(
    name: "OpenAPITools",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
