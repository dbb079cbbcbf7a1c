import Glibc
import PeachFiles
import PeachSupport

/// An exclusive `flock` on `settings.json.lock` beside the settings file,
/// held while a change is read, made and written: two processes setting
/// different keys at once (`peach settings set` in two terminals, the
/// settings screen) then both keep their change. Waits for the other holder;
/// the kernel drops the lock when a process dies.
package final class SettingsLock {
    private let file: PosixFile

    package init(beside settingsPath: String) throws(SettingsError) {
        let path = settingsPath + ".lock"
        do {
            // O_NOFOLLOW: a link planted in place of the lock file is refused, never followed.
            file = try PosixFile(path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        } catch {
            throw .cannotWrite(path: settingsPath, reason: .file(error))
        }
        var result: Int32
        repeat { result = flock(file.descriptor, LOCK_EX) } while result != 0 && errno == EINTR
        guard result == 0 else { throw .cannotWrite(path: settingsPath, reason: .system(ErrnoText.describe(errno))) }
    }
}
