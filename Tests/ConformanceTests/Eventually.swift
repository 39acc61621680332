import Hourglass
import TestSupport
import Testing

/// Waits, in real time and without blocking a thread of the cooperative pool, until
/// `condition` holds; at most `limit`. For conditions that another task must make true
/// (a task reaching its `sleep`), which a blocking wait could starve on a 2-core machine.
func eventually(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + limit
    while !condition() {
        if ContinuousClock.now >= end { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
