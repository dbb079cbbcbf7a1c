import CSndFile
import Glibc
import PeachFiles
import PeachSupport

/// The takes in `<data folder>/recordings`: listed newest first, found by
/// name or date, renamed, moved to the trash and back, exported. Entries
/// that are not takes (a truncated FLAC, a link, a stray file) are listed
/// as damaged with the reason and otherwise left alone. No operation here
/// replaces a file: a name or path that is taken is refused.
///
/// For a calendar: `takes(on: TakeDate(year:month:day:))` gives a local day's takes.
public final class TakeLibrary {
    let folder: RecordingsFolder
    /// How long a deleted take stays in the trash, in seconds: 30 days.
    public static let trashKeeps: Int64 = 30 * 86_400

    /// The library of the data folder `dataDirectory` (resolved by `DataDirectory`); nothing is made until a take is.
    public init(dataDirectory: String) {
        folder = RecordingsFolder(dataDirectory: dataDirectory)
    }

    /// `<data folder>/recordings`.
    public var path: String { folder.path }

    /// Refuses a link or a file where the library's folders are, as recording does; absent folders are an empty library.
    public func requireUsableFolders() throws(RecordingError) {
        try folder.requireUsable()
    }

    // MARK: Reading

    /// Every take, newest first, and every entry that is not one. A missing
    /// folder holds nothing; one that cannot be read holds nothing and says why.
    public func list() -> TakeListing {
        var takes: [Take] = [], damaged: [DamagedEntry] = []
        let entries: [String]
        do { entries = try FolderEntries.listed(folder.path) } catch {
            let unreadable = error.code == ENOENT ? nil : RecordingError.file(.cannotRead(path: folder.path, reason: ErrnoText.describe(error.code)))
            return TakeListing(takes: [], damaged: [], unreadable: unreadable)
        }
        for entry in entries where !entry.hasPrefix(".") {
            do throws(RecordingError) {
                takes.append(try read(entry))
            } catch .damaged(_, let damage) {
                damaged.append(DamagedEntry(fileName: entry, path: folder.path + "/" + entry, damage: damage))
            } catch .cannotRead(_, let reason) {
                damaged.append(DamagedEntry(fileName: entry, path: folder.path + "/" + entry, damage: .unreadable(reason: reason)))
            } catch {
                preconditionFailure("reading a take throws only .damaged and .cannotRead")
            }
        }
        takes.sort(by: Take.isNewer)
        damaged.sort { $0.fileName < $1.fileName }
        return TakeListing(takes: takes, damaged: damaged)
    }

    /// The takes begun on a local day or in a month, newest first.
    public func takes(on date: TakeDate) -> [Take] {
        list().takes.filter { date.contains($0.startTime) }
    }

    /// The takes whose name holds `text` (any case), begun on `date`, newest first; nil matches all.
    public static func filter(_ takes: [Take], text: String?, date: TakeDate?) -> [Take] {
        takes.filter { take in name(take.name, holds: text) && (date?.contains(take.startTime) ?? true) }
    }

    /// Whether a take's name holds the text searched for, case aside (any name when nothing is searched for).
    public static func name(_ name: String, holds text: String?) -> Bool {
        text.map { name.lowercased().contains($0.lowercased()) } ?? true
    }

    /// Reads the entry `fileName` as a take.
    private func read(_ fileName: String) throws(RecordingError) -> Take {
        let path = folder.path + "/" + fileName
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
        if status.st_mode & S_IFMT == S_IFLNK { throw .damaged(path: path, .symbolicLink) }
        if status.st_mode & S_IFMT != S_IFREG { throw .damaged(path: path, .notRegularFile) }
        guard let format = TakeFormat(fileName: fileName) else {
            let dot = fileName.lastIndex(of: ".")
            throw .damaged(path: path, .notATake(fileExtension: dot.map { String(fileName[fileName.index(after: $0)...]) } ?? ""))
        }
        let file = try TakeFile.open(path)
        try file.checkEnd()
        let name = String(fileName.dropLast(format.fileExtension.count + 1))
        let start = file.startTime ?? TakeName.startTime(fromDefaultName: name) ?? Int64(status.st_mtim.tv_sec)
        return Take(name: name, path: path, format: format, startTime: start, frames: Int64(file.info.frames),
                    channels: Int(file.info.channels), sampleRate: Int(file.info.samplerate), bytes: Int64(status.st_size))
    }

    /// Whether a take, or a take being recorded, is called `name` (in either format).
    public func isTaken(_ name: String) -> Bool {
        isTakenByATake(name) || TakeFormat.allCases.contains { PosixFile.nameTaken(folder.partialPath(name, becoming: $0)) }
    }

    /// Whether a finished take is called `name`.
    func isTakenByATake(_ name: String) -> Bool {
        TakeFormat.allCases.contains { PosixFile.nameTaken(folder.takePath(name, $0)) }
    }

    // MARK: Changing

    /// Gives `take` the name `newName`; its start time stays (it is in the file).
    public func rename(_ take: Take, to newName: String) throws(RecordingError) -> Take {
        try TakeName.check(newName)
        guard !isTaken(newName) else { throw .nameTaken(newName) }
        let target = folder.takePath(newName, take.format)
        try RecordingsFolder.move(take.path, to: target, takeName: newName)
        try RecordingsFolder.sync(folder.path)
        var renamed = take
        (renamed.name, renamed.path) = (newName, target)
        return renamed
    }

    /// Exports a copy of `take` to `path` as `format`; a file at `path` is never replaced.
    public func export(_ take: Take, to path: String, format: TakeFormat) throws(RecordingError) {
        guard PosixFile.writesDirectly(path) || !PosixFile.nameTaken(path) else { throw .exportExists(path: path) }
        let source = try TakeFile.open(take.path)
        try SoundCopy.write(from: source, to: path, format: SoundCopy.sndfileFormat(format, source: source.info), exists: .exportExists(path: path))
    }

    // MARK: Trash

    /// Moves `take` to the trash, where it stays `trashKeeps` seconds from `now`.
    /// The trash orders takes by the second in their names, so a second some
    /// take was already deleted in moves this one to the next free second:
    /// the last deleted still comes back first (a few seconds more in the
    /// trash for a burst of deletions).
    @discardableResult
    public func delete(_ take: Take, now: Int64) throws(RecordingError) -> TrashedTake {
        try folder.create()
        let used = Set(trashed().map(\.deletedAt))
        var deletedAt = now
        while used.contains(deletedAt) { deletedAt += 1 }
        let trashed = TrashedTake(name: take.name, format: take.format, deletedAt: deletedAt, folder: folder.trash)
        try RecordingsFolder.move(take.path, to: trashed.path, takeName: take.name)
        try RecordingsFolder.sync(folder.trash)
        try RecordingsFolder.sync(folder.path)
        return trashed
    }

    /// The takes in the trash, the last deleted first.
    public func trashed() -> [TrashedTake] {
        FolderEntries.names(in: folder.trash).compactMap { TrashedTake(fileName: $0, folder: folder.trash) }
            .sorted { ($0.deletedAt, $0.name) > ($1.deletedAt, $1.name) }
    }

    /// Puts a trashed take back under its name, which must be free.
    public func restore(_ trashed: TrashedTake) throws(RecordingError) -> Take {
        guard !isTaken(trashed.name) else { throw .nameTaken(trashed.name) }
        try RecordingsFolder.move(trashed.path, to: folder.takePath(trashed.name, trashed.format), takeName: trashed.name)
        try RecordingsFolder.sync(folder.path)
        try RecordingsFolder.sync(folder.trash)
        return try read(trashed.name + "." + trashed.format.fileExtension)
    }

    /// Removes what has been in the trash longer than `trashKeeps` at `now` (regular files only).
    public func purgeTrash(now: Int64) {
        for trashed in trashed() where now - trashed.deletedAt > Self.trashKeeps {
            var status = stat()
            if lstat(trashed.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(trashed.path) }
        }
    }

    // MARK: Recovery

    /// Finishes the takes whose recording was cut off (a kill, a power loss):
    /// each partial file no recorder holds, its header repaired from its
    /// length, becomes a take. Run at the start of every `peach record`.
    public func recoverInterrupted() -> [RecoveredTake] {
        TakeRecovery(folder: folder, library: self).run()
    }
}

/// A take in the trash: `.trash/<Unix seconds deleted> <name>.<format>`.
public struct TrashedTake: Equatable, Sendable {
    public var name: String
    public var format: TakeFormat
    public var deletedAt: Int64
    public var path: String

    init(name: String, format: TakeFormat, deletedAt: Int64, folder: String) {
        (self.name, self.format, self.deletedAt) = (name, format, deletedAt)
        path = folder + "/\(deletedAt) " + name + "." + format.fileExtension
    }

    init?(fileName: String, folder: String) {
        guard let space = fileName.firstIndex(of: " "), let deletedAt = Int64(fileName[..<space]),
              let format = TakeFormat(fileName: fileName) else { return nil }
        let name = fileName[fileName.index(after: space)...].dropLast(format.fileExtension.count + 1)
        guard !name.isEmpty else { return nil }
        self.init(name: String(name), format: format, deletedAt: deletedAt, folder: folder)
    }
}
