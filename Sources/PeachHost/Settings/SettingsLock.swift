import PeachFiles

/// An exclusive `flock` on `settings.json.lock` beside the settings file,
/// held while a change is read, made and written: two processes setting
/// different keys at once (`peach settings set` in two terminals, the
/// settings screen) then both keep their change. Waits for the other holder;
/// the kernel drops the lock when a process dies.
package final class SettingsLock {
    private let lock: ExclusiveLock

    package init(beside settingsPath: String) throws(SettingsError) {
        do { lock = try ExclusiveLock(path: settingsPath + ".lock") } catch { throw .cannotWrite(path: settingsPath, reason: .file(error)) }
    }
}
