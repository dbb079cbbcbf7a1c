import Glibc
import PeachFiles
import PeachSupport

/// The journal on disk, in a data folder that may be synchronised between
/// machines and edited by hand:
///
///     <data>/journal/YYYY-MM-DD.md                 one day's entries (`JournalDay`)
///     <data>/journal/.trash/YYYY-MM-DD.SECONDS.md  what was deleted, kept `trashDays` days
///
/// No link is followed (a planted `.trash` link would have notes moved, and
/// old ones deleted, outside the data folder) and nothing but a regular file is read. A file is
/// replaced whole (`ReplacementFile`) and only if it still holds what was
/// read: a change made meanwhile (by hand, by a sync) is never overwritten.
public struct JournalStore: Sendable {
    public let folder: String
    public var trashFolder: String { folder + "/.trash" }
    /// A day file larger than this is not a diary page (no one types a megabyte in a day).
    public static let sizeLimit = 1 << 20
    public static let trashDays = 30

    public init(dataDirectory: String) {
        folder = dataDirectory + "/journal"
    }

    public func path(of date: JournalDate) -> String { folder + "/\(date).md" }

    /// A day as read, with the bytes it was read from (nil: no file), which a write checks against.
    public struct Page: Sendable {
        public var day: JournalDay
        public let path: String
        public let bytes: [UInt8]?
    }

    public func read(_ date: JournalDate) throws(JournalError) -> Page {
        try JournalError.filed { () throws(HistoryError) in try DataSubfolder.requireIfPresent(folder) }
        return try readDay(date)
    }

    /// `read` for a caller that has checked the folder (listing it checks it).
    private func readDay(_ date: JournalDate) throws(JournalError) -> Page {
        let path = path(of: date)
        guard let bytes = try Self.contents(of: path) else { return Page(day: JournalDay(date: date), path: path, bytes: nil) }
        return Page(day: try JournalDay.parse(bytes, date: date, path: path), path: path, bytes: bytes)
    }

    /// Adds `entry` to its day and returns the day as written.
    @discardableResult
    public func add(_ entry: JournalEntry, on date: JournalDate) throws(JournalError) -> JournalDay {
        guard !entry.text.trimmingWhitespace().isEmpty || entry.take != nil else { throw .emptyEntry }
        if let take = entry.take { try JournalEntry.checkTake(take) }
        return try locked(creating: true) { () throws(JournalError) in
            var page = try read(date)
            page.day.add(entry)
            try write(page, with: Array(page.day.markdown.utf8))
            return page.day
        }
    }

    /// Replaces the day's file with `bytes` (nil: removes it), if it still holds what `page` was read from.
    public func replace(_ page: Page, with bytes: [UInt8]?) throws(JournalError) {
        try locked(creating: true) { () throws(JournalError) in try write(page, with: bytes) }
    }

    /// Runs a read-change-write of the journal under `.lock` in its folder:
    /// two `peach journal add` at once (a script, two terminals) both keep
    /// their note instead of the later write replacing the earlier. Without
    /// `creating`, a journal that has no folder yet is not given one: there is
    /// nothing to delete or restore in it, and `body` says so.
    private func locked<T>(creating: Bool = false, _ body: () throws(JournalError) -> T) throws(JournalError) -> T {
        var status = stat()
        guard creating || stat(folder, &status) == 0 else { return try body() }
        let lock = try JournalError.filed { () throws(HistoryError) in
            try DataSubfolder.create(folder)
            return try ExclusiveLock(path: folder + "/.lock")
        }
        return try withExtendedLifetime(lock) { () throws(JournalError) in try body() }
    }

    /// `replace` for a caller holding the lock. A day larger than the journal reads is refused before anything is written.
    private func write(_ page: Page, with bytes: [UInt8]?) throws(JournalError) {
        guard let bytes else {
            try Self.requireUnchanged(page)
            guard unlink(page.path) == 0 else { throw .file(.cannotWrite(path: page.path, reason: ErrnoText.describe(errno))) }
            return
        }
        guard bytes.count <= Self.sizeLimit else { throw .wouldBeTooLarge(path: page.path, bytes: bytes.count, limit: Self.sizeLimit) }
        let file = try JournalError.filed { () throws(HistoryError) in
            try DataSubfolder.create(folder)
            let file = try ReplacementFile(path: page.path, mode: 0o600)
            try file.write(bytes)
            return file
        }
        // Checked last, just before the rename: the window for a change to slip in is a system call wide.
        try Self.requireUnchanged(page)
        try JournalError.filed { () throws(HistoryError) in try file.commit() }
    }

    private static func requireUnchanged(_ page: Page) throws(JournalError) {
        guard try contents(of: page.path) == page.bytes else { throw .changedMeanwhile(path: page.path, kept: nil) }
    }

    /// Every day file's page from `range` (all if nil), by date; a file that
    /// cannot be read is a problem, the others are still listed. A journal
    /// folder that cannot be read is an error: it is not an empty journal.
    public func days(in range: ClosedRange<JournalDate>? = nil) throws(JournalError) -> (days: [JournalDay], problems: [JournalError]) {
        var days: [JournalDay] = [], problems: [JournalError] = []
        let names = try JournalError.filed { () throws(HistoryError) in try DataSubfolder.names(in: folder) }
        for date in Self.dates(among: names) where range?.contains(date) ?? true {
            do { days.append(try readDay(date).day) } catch { problems.append(error) }
        }
        // A sync tool's copy of a day (another machine's notes it could not merge) is said, for the user to merge.
        for name in names.sorted() where name.hasSuffix(".md") {
            guard let day = name.count > 13 ? try? JournalDate.parse(String(name.prefix(10)), today: JournalDate(days: 0)) : nil,
                  range?.contains(day) ?? true, SyncConflictCopy.isCopy(name, of: "\(day).md") else { continue }
            problems.append(.conflictCopy(path: folder + "/" + name, day: day.description))
        }
        return (days, problems)
    }

    /// The dates that have a day file, in order. Names that are not `YYYY-MM-DD.md` (a sync tool's conflict copy, notes of the user's) are left alone.
    public func dates() throws(JournalError) -> [JournalDate] {
        Self.dates(among: try JournalError.filed { () throws(HistoryError) in try DataSubfolder.names(in: folder) })
    }

    private static func dates(among names: [String]) -> [JournalDate] {
        names.compactMap { name -> JournalDate? in
            guard name.hasSuffix(".md"), name.count == 13 else { return nil }
            return try? JournalDate.parse(String(name.dropLast(3)), today: JournalDate(days: 0))
        }.sorted()
    }

    /// The entries whose text or take contains `query`, case aside, in `range`.
    public func search(_ query: String, in range: ClosedRange<JournalDate>? = nil) throws(JournalError)
        -> (found: [(date: JournalDate, number: Int, entry: JournalEntry)], problems: [JournalError]) {
        let (days, problems) = try days(in: range)
        let lowered = query.lowercased()
        let found = days.flatMap { day in
            day.entries.enumerated().filter { $0.element.matches(lowered) }.map { (day.date, $0.offset + 1, $0.element) }
        }
        return (found, problems)
    }

    /// Moves the day (or its entry `number`, from 1) to the trash and returns what was moved.
    @discardableResult
    public func delete(_ date: JournalDate, entry number: Int? = nil, now: Double) throws(JournalError) -> [JournalEntry] {
        try locked { () throws(JournalError) in
            let page = try read(date)
            guard page.bytes != nil else { throw .noNotes(date) }
            guard let number else { return try trashWhole(page, now: now) }
            purgeTrash(now: now)
            guard number >= 1, number <= page.day.entries.count else {
                throw .noSuchEntry(date, number: number, count: page.day.entries.count)
            }
            var rest = page.day
            let removed = rest.entries.remove(at: number - 1)
            let trashed = try putInTrash(Array(JournalDay(date: date, entries: [removed]).markdown.utf8), date: date, now: now)
            if case .failure(let error) = Result(catching: { () throws(JournalError) in try write(page, with: rest.entries.isEmpty ? nil : Array(rest.markdown.utf8)) }) {
                unlink(trashed)
                throw error
            }
            return [removed]
        }
    }

    /// Moves the day `page` was read from to the trash, if it still holds what was read: an edit that emptied the day.
    @discardableResult
    public func trash(_ page: Page, now: Double) throws(JournalError) -> [JournalEntry] {
        try locked { () throws(JournalError) in try trashWhole(page, now: now) }
    }

    /// The whole file goes to the trash byte for byte, as the user wrote it, then leaves the journal.
    private func trashWhole(_ page: Page, now: Double) throws(JournalError) -> [JournalEntry] {
        guard let bytes = page.bytes else { return [] }
        purgeTrash(now: now)
        let trashed = try putInTrash(bytes, date: page.day.date, now: now)
        do { try write(page, with: nil) } catch {
            unlink(trashed)
            throw error
        }
        return page.day.entries
    }

    /// Puts back every entry of `date` in the trash that the day does not hold, and returns them.
    @discardableResult
    public func restore(_ date: JournalDate, now: Double) throws(JournalError) -> [JournalEntry] {
        try locked { () throws(JournalError) in
            purgeTrash(now: now)
            let trashed = try trash().filter { $0.date == date }
            guard !trashed.isEmpty else { throw .nothingInTrash(date) }
            var page = try read(date)
            var restored: [JournalEntry] = []
            for item in trashed {
                let path = trashFolder + "/" + item.name
                guard let bytes = try Self.contents(of: path) else { continue }
                for entry in try JournalDay.parse(bytes, date: date, path: path).entries where !page.day.entries.contains(entry) {
                    page.day.add(entry)
                    restored.append(entry)
                }
            }
            if !restored.isEmpty { try write(page, with: Array(page.day.markdown.utf8)) }
            for item in trashed { unlink(trashFolder + "/" + item.name) }
            return restored
        }
    }

    /// What the trash holds: each file's date and when it was deleted.
    public func trash() throws(JournalError) -> [(name: String, date: JournalDate, deleted: Int64)] {
        try JournalError.filed { () throws(HistoryError) in try DataSubfolder.names(in: trashFolder) }.compactMap { name in
            let parts = name.split(separator: ".")
            guard parts.count == 3, parts[2] == "md", let date = try? JournalDate.parse(String(parts[0]), today: JournalDate(days: 0)),
                  let seconds = Int64(digits: parts[1].prefix { $0 != "-" }) else { return nil }
            return (name, date, seconds)
        }.sorted { ($0.date, $0.deleted, $0.name) < ($1.date, $1.deleted, $1.name) }
    }

    /// Removes trash files deleted more than `trashDays` days before `now` (regular files only).
    public func purgeTrash(now: Double) {
        // A trash that cannot be read is said by what reads it (restore); purging it is only tidying.
        for item in (try? trash()) ?? [] where Double(item.deleted) < now - Double(Self.trashDays) * 86_400 {
            var status = stat()
            let path = trashFolder + "/" + item.name
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    /// Writes `bytes` as a new trash file (never over another) and returns its path.
    private func putInTrash(_ bytes: [UInt8], date: JournalDate, now: Double) throws(JournalError) -> String {
        try JournalError.filed { () throws(HistoryError) in
            try DataSubfolder.create(folder)
            try DataSubfolder.create(trashFolder)
            let seconds = Int64(now.rounded(.down))
            var attempt = 0
            while true {
                let path = trashFolder + "/\(date).\(seconds)" + (attempt == 0 ? "" : "-\(attempt)") + ".md"
                let file = try ReplacementFile(path: path, mode: 0o600)
                try file.write(bytes)
                if try file.commitIfAbsent() { return path }
                attempt += 1
            }
        }
    }

    /// A file's bytes, or nil if there is none; a link, a non-file or a huge file is an error naming it.
    static func contents(of path: String) throws(JournalError) -> [UInt8]? {
        // One open for both the size and the bytes, so they are of the same file; a huge one is not read at all.
        let read = try JournalError.filed { () throws(HistoryError) -> (size: Int, bytes: [UInt8]?)? in
            guard let file = try PosixFile.openIfPresent(path, flags: O_RDONLY | PosixFile.inDataFolder) else { return nil }
            let size = try file.size()
            return (size, size <= sizeLimit ? try file.read() : nil)
        }
        guard let read else { return nil }
        guard let bytes = read.bytes else { throw .tooLarge(path: path, bytes: read.size, limit: sizeLimit) }
        return bytes
    }
}
