import Observation

/// A view-model's Observation registrar where the system has Observation (macOS 14, iOS 17,
/// tvOS 17, watchOS 10, visionOS 1, and Linux); on older Apple systems there is none, and an app
/// learns of changes through `onChange`. So the models need no more than the core does, and
/// only their `Observable` conformance carries the `HourglassObservation` availability.
struct ObservationSupport: Sendable {
    /// An `ObservationRegistrar`, kept as `any Sendable` because its type is not available on
    /// every system the models run on.
    private let registrar: (any Sendable)?

    init() {
        if #available(HourglassObservation , *) {
            registrar = ObservationRegistrar()
        } else {
            registrar = nil
        }
    }

    /// Tells Observation that `keyPath` of `subject` was read.
    @available(HourglassObservation, *)
    func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        (registrar as? ObservationRegistrar)?.access(subject, keyPath: keyPath)
    }

    /// Runs `mutation`, telling Observation that `keyPath` of `subject` changes.
    @available(HourglassObservation, *)
    func withMutation<Subject: Observable, Member, Result>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () -> Result
    ) -> Result {
        guard let registrar = registrar as? ObservationRegistrar else { return mutation() }
        return registrar.withMutation(of: subject, keyPath: keyPath, mutation)
    }
}
