/// The version of Hourglass, in one place: `linemode --version` prints it and tools/consumer-check
/// tags the copy it depends on with it.
package enum HourglassVersion {
    /// The semantic version of this release.
    package static let current = "4.0.0"
}
