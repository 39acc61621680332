/// What went wrong with the saved cooldown, as the screen words it in its language: the detail —
/// a path, the system's reason — is for the app's log, through the models' `onStoreProblem`.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum CooldownStoreProblem: Hashable, Sendable {
    /// The saved cooldown could not be read, or was not a valid one: it is ignored.
    case notRestored
    /// The cooldown could not be saved, or the saved one removed: a restart will not find it
    /// as it is now.
    case notSaved
}
