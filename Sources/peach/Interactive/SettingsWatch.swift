import Glibc
import PeachAudio
import PeachHost

/// Notices when the settings file changes while training (the settings
/// command run in another terminal, or a synced config folder), so the
/// training screen can apply the change at the next pair.
struct SettingsWatch {
    let store: SettingsStore
    private var stamp: timespec?

    init(store: SettingsStore) {
        self.store = store
        stamp = Self.modified(store.path)
    }

    /// The settings whose values changed since the last look (the store then
    /// holds the new values); a change to the source's options counts as a
    /// change of `source`. A file that no longer reads is an error; the old values stay.
    mutating func changes() throws(SettingsError) -> [Setting] {
        let now = Self.modified(store.path)
        guard now?.tv_sec != stamp?.tv_sec || now?.tv_nsec != stamp?.tv_nsec else { return [] }
        stamp = now
        let before = Self.snapshot(store)
        try store.reload()
        let after = Self.snapshot(store)
        return Setting.all.filter { before[$0.key] != after[$0.key] }
    }

    /// Every value as text, the source's options folded into `source`.
    private static func snapshot(_ store: SettingsStore) -> [String: String] {
        var values = Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.key, "\(store.value($0))") })
        values[Setting.source.key]! += store.sourceOptions(for: store.text(.source)).map { " \($0.key)=\($0.value)" }.joined()
        return values
    }

    private static func modified(_ path: String) -> timespec? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mtim : nil
    }
}
