/// Runs its action once, when its last reference goes. A timer's callback that captures one
/// hears of its timer's end however it ends: callbacks are released once a timer is finished
/// or cancelled, by the caller or by the clock.
final class OnRelease: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    deinit {
        action()
    }
}
