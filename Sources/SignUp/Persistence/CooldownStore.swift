import Foundation
import Hourglass

/// Keeps the verification cooldown across restarts.
public protocol CooldownStore: Sendable {
    /// The saved cooldown, or nil when none is saved.
    /// - Throws: ``CooldownStoreError`` when it cannot be read or makes no sense.
    func load() throws(CooldownStoreError) -> SavedCooldown?
    /// Saves `cooldown`, replacing any earlier one as a whole (never a torn write).
    func save(_ cooldown: SavedCooldown) throws(CooldownStoreError)
    /// Forgets the saved cooldown.
    func clear() throws(CooldownStoreError)
}
