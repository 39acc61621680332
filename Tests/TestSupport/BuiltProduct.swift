public import Foundation

/// An executable this package built beside the test bundle, e.g. `linemode` (on Linux the
/// main bundle is the build's products directory itself).
public func builtProduct(named name: String) -> URL {
    let products = Bundle.main.bundleURL
    let beside = products.appendingPathComponent(name)
    return FileManager.default.isExecutableFile(atPath: beside.path)
        ? beside : products.deletingLastPathComponent().appendingPathComponent(name)
}
