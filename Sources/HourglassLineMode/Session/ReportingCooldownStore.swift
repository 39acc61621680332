import SignUp

/// A cooldown store that tells linemode about each failure (the screen shows it too), so that
/// the run can say so on standard error and end with ``LineModeExit/stateFailed``.
struct ReportingCooldownStore: CooldownStore {
    let store: any CooldownStore
    let report: @Sendable (CooldownStoreError) -> Void

    func load() throws(CooldownStoreError) -> SavedCooldown? {
        do { return try store.load() } catch {
            report(error)
            throw error
        }
    }

    func save(_ cooldown: SavedCooldown) throws(CooldownStoreError) {
        do { try store.save(cooldown) } catch {
            report(error)
            throw error
        }
    }

    func clear() throws(CooldownStoreError) {
        do { try store.clear() } catch {
            report(error)
            throw error
        }
    }
}
