import Foundation
import Hourglass

/// A store in memory: for tests and previews.
public final class InMemoryCooldownStore: CooldownStore, Sendable {
    private let saved: Locked<SavedCooldown?>

    /// An empty store, or one holding `saved`.
    public init(_ saved: SavedCooldown? = nil) {
        self.saved = Locked(saved)
    }

    /// The cooldown held in memory, if any.
    public func load() throws(CooldownStoreError) -> SavedCooldown? { saved.withLock { $0 } }
    /// Holds `cooldown` in memory.
    public func save(_ cooldown: SavedCooldown) throws(CooldownStoreError) { saved.withLock { $0 = cooldown } }
    /// Forgets the cooldown.
    public func clear() throws(CooldownStoreError) { saved.withLock { $0 = nil } }
}
