import Glibc
import PeachFiles
import PeachSupport
import PeachTraining

/// The training history on disk, in a data folder that may be synchronised
/// between machines:
///
///     <data>/history/<machine>.jsonl   one answer per line, appended only by that machine
///     <data>/profile/<machine>.json    the profile snapshot, replaced atomically
///     <data>/<machine>.lock            held while this machine trains
///
/// The profile is rebuilt from every machine's history file. Reading needs
/// no lock; appending and writing the snapshot take the training lock.
public final class HistoryStore {
    public let directory: String
    public let machine: String
    private var lock: TrainingLock?
    /// Whether the own file is known to end in a newline (checked before the first append).
    private var tailIsClean = false
    private var historyEntrySynced = false

    /// Opens (and creates, mode 0700) the data folder. `machine` is sanitised
    /// to `[A-Za-z0-9._-]`. Temporary files this machine's Peach left when it
    /// was killed mid-write (a multi-megabyte import that a sync tool would
    /// copy everywhere) are removed. A store that only reads (`creating:
    /// false`: a report, an export) makes no folder, so a mistyped
    /// `--data-dir` leaves nothing behind: a folder not made yet holds no
    /// answers. A file where a folder belongs is refused either way.
    public init(directory: String, machine: String = MachineName.current, creating: Bool = true) throws(HistoryError) {
        self.directory = directory
        self.machine = MachineName.sanitised(machine)
        try creating ? DataDirectory.create(directory) : FolderCreation.requireFolderIfPresent(directory)
        for folder in [historyDirectory, directory + "/profile"] {
            try creating ? DataSubfolder.create(folder) : DataSubfolder.requireIfPresent(folder)
        }
        let importPrefix = self.machine + ".import-", snapshotName = self.machine + ".json"
        AtomicFile.removeStaleTemporaries(in: historyDirectory) { $0.hasPrefix(importPrefix) && $0.hasSuffix(".jsonl") }
        AtomicFile.removeStaleTemporaries(in: directory + "/profile") { $0 == snapshotName }
    }

    public var historyDirectory: String { directory + "/history" }
    public var ownHistoryPath: String { historyDirectory + "/" + machine + ".jsonl" }
    public var snapshotPath: String { directory + "/profile/" + machine + ".json" }
    public var lockPath: String { directory + "/" + machine + ".lock" }

    /// Takes this machine's training lock for the life of the store, or fails
    /// at once with `.alreadyTraining` if another process holds it.
    public func lockForTraining() throws(HistoryError) {
        if lock == nil { lock = try TrainingLock(path: lockPath, dataDirectory: directory) }
    }

    /// Appends `answer` to this machine's file as one line, with a single
    /// write(2), and flushes it to the disk before returning. Takes the
    /// training lock if not yet held. Before the first append a torn last
    /// line is moved aside into `<file>.torn-<unix time>`.
    public func append(_ answer: TrainingAnswer) throws(HistoryError) {
        if let problem = HistoryLine.problem(with: answer) { throw .invalidAnswer(problem) }
        try lockForTraining()
        if !tailIsClean {
            try TornTail.setAside(in: ownHistoryPath)
            tailIsClean = true
        }
        let file = try PosixFile(ownHistoryPath, flags: O_WRONLY | O_APPEND | O_CREAT | PosixFile.inDataFolder)
        let before = try file.size()
        do throws(HistoryError) {
            try file.write(Array((HistoryLine.encode(answer) + "\n").utf8))
        } catch {
            // A full disk or a file size limit can take part of the line: take it back, so no fragment is left.
            do { try file.truncate(to: before) } catch { tailIsClean = false }
            throw error
        }
        try file.syncData()
        if !historyEntrySynced {
            try PosixFile.syncDirectory(historyDirectory)  // a new file's name must survive a crash too
            historyEntrySynced = true
        }
    }

    /// Whether the next answer can be appended: this machine's file opens
    /// for appending (or its folder takes a new file) and the disk has a block
    /// free. Asked before each pair is played, so that no pair is played
    /// whose answer is bound to be lost. Takes the training lock if not yet held.
    public func checkRoom() throws(HistoryError) {
        try lockForTraining()
        let target: String
        if let file = try PosixFile.openIfPresent(ownHistoryPath, flags: O_WRONLY | O_APPEND | PosixFile.inDataFolder) {
            target = file.path
        } else {
            guard access(historyDirectory, W_OK) == 0 else { throw .cannotWrite(path: historyDirectory, reason: ErrnoText.describe(errno)) }
            target = historyDirectory
        }
        var disk = statvfs()
        guard statvfs(target, &disk) == 0 else { throw .cannotWrite(path: ownHistoryPath, reason: ErrnoText.describe(errno)) }
        guard disk.f_bavail > 0 else { throw .cannotWrite(path: ownHistoryPath, reason: ErrnoText.describe(ENOSPC)) }
    }

    /// Adds answers brought from elsewhere (`peach import`) as a history file
    /// of their own, `<machine>.import-<UTC time>.jsonl`, written whole and
    /// atomically: after a crash it is there complete or not at all. Takes
    /// the training lock if not yet held. Returns the file's path.
    public func addImported(_ answers: [TrainingAnswer], now: Double) throws(HistoryError) -> String {
        for answer in answers {
            if let problem = HistoryLine.problem(with: answer) { throw .invalidAnswer(problem) }
        }
        try lockForTraining()
        let stamp = UTCTimestamp.format(now).filter { $0 != "-" && $0 != ":" }.prefix(while: { $0 != "." }) + "Z"
        var path = historyDirectory + "/" + machine + ".import-" + stamp + ".jsonl"
        var suffix = 1
        while access(path, F_OK) == 0 {
            suffix += 1
            path = historyDirectory + "/" + machine + ".import-" + stamp + "-\(suffix).jsonl"
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(answers.count * 240)
        for answer in answers {
            bytes += HistoryLine.encode(answer).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        try AtomicFile.write(bytes, to: path)
        return path
    }

    /// Every answer in every machine's history file, merged in time order.
    public func readAll() throws(HistoryError) -> HistoryRead {
        try read(from: [:], isComplete: true)
    }

    /// What the profile is built from, for every answer in time order, in a
    /// quarter of the memory of `readAll` (a million answers take 24 MB), plus
    /// the latest answer in full.
    public func readEvidence() throws(HistoryError) -> EvidenceRead {
        let files = try readFiles(from: [:], keep: AnswerEvidence.init)
        return EvidenceRead(evidence: AnswerMerge.inTimeOrder(files.answers, writers: files.writers, time: \.time),
                            latest: files.latest, warnings: files.warnings, damaged: files.damaged)
    }

    /// Only the answers past the offsets of an earlier read's `consumedBytes`
    /// (all of a file not in `since`). If a file has shrunk, vanished or been
    /// replaced, everything is read again and `isComplete` is true.
    public func readNew(since offsets: [String: Int]) throws(HistoryError) -> HistoryRead {
        let names = Set(try historyFileNames())
        for (name, offset) in offsets {
            guard names.contains(name), try continuesAfter(offset, in: historyDirectory + "/" + name) else { return try readAll() }
        }
        return try read(from: offsets, isComplete: false)
    }

    /// Replaces the profile snapshot atomically.
    public func writeSnapshot(_ bytes: [UInt8]) throws(HistoryError) {
        try AtomicFile.write(bytes, to: snapshotPath)
    }

    /// Whether this store holds the training lock.
    public var holdsTrainingLock: Bool { lock != nil }

    /// Moves a damaged snapshot to `<snapshot>.damaged-<unix time>` (or `-2`,
    /// `-3`… after it: an earlier one is never replaced), so the next one is
    /// written fresh and the old bytes stay for a look. Returns the new path.
    public func setSnapshotAside(now: Int = time(nil)) throws(HistoryError) -> String {
        let base = snapshotPath + ".damaged-\(now)"
        var candidate = base, suffix = 1
        // link(2) never replaces an existing name, as rename(2) would.
        while link(snapshotPath, candidate) != 0 {
            guard errno == EEXIST else { throw .cannotWrite(path: candidate, reason: ErrnoText.describe(errno)) }
            suffix += 1
            candidate = base + "-\(suffix)"
        }
        guard unlink(snapshotPath) == 0 else { throw .cannotWrite(path: snapshotPath, reason: ErrnoText.describe(errno)) }
        try PosixFile.syncDirectory(ParentFolder.of( snapshotPath))
        return candidate
    }

    /// The profile snapshot, or nil if none has been written.
    public func readSnapshot() throws(HistoryError) -> [UInt8]? {
        try PosixFile.openIfPresent(snapshotPath, flags: O_RDONLY | PosixFile.inDataFolder)?.read()
    }

    /// How many history files there are, every machine's.
    public var historyFileCount: Int {
        get throws(HistoryError) { try historyFileNames().count }
    }

    /// The `history/*.jsonl` files by name, sorted; hidden files are left out. A folder that cannot be read is an error, not an empty history.
    private func historyFileNames() throws(HistoryError) -> [String] {
        try DataSubfolder.names(in: historyDirectory).filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted()
    }

    private func read(from offsets: [String: Int], isComplete: Bool) throws(HistoryError) -> HistoryRead {
        let files = try readFiles(from: offsets) { $0 }
        return HistoryRead(answers: AnswerMerge.inTimeOrder(files.answers, writers: files.writers, time: \.time), warnings: files.warnings,
                           damaged: files.damaged, consumedBytes: files.consumedBytes, isComplete: isComplete)
    }

    /// What `readFiles` found.
    private struct FilesRead<Element> {
        var answers: [[Element]] = []
        var writers: [String] = []
        var latest: TrainingAnswer?
        var warnings: [HistoryWarning] = []
        var damaged: [DamagedLines] = []
        var consumedBytes: [String: Int] = [:]
    }

    /// Every history file from its offset on, each answer kept as `keep`
    /// makes it: the answers per file, the latest answer in full, warnings,
    /// damaged lines, and the bytes consumed per file.
    private func readFiles<Element: Sendable>(from offsets: [String: Int], keep: @escaping @Sendable (TrainingAnswer) -> Element) throws(HistoryError)
        -> FilesRead<Element> {
        var result = FilesRead<Element>()
        let names = try historyFileNames(), directory = historyDirectory
        // Each machine's file is read on a core of its own: a rebuild reads them all, and parsing is the cost.
        let reads = names.concurrentMap { name in
            Result { () throws(HistoryError) in try HistoryFileReader.read(directory + "/" + name, from: offsets[name] ?? 0, keep: keep) }
        }
        for (name, read) in zip(names, reads) {
            let fileRead = try read.get()
            result.answers.append(fileRead.answers)
            result.writers.append(Self.writer(of: name, among: names))
            result.warnings += fileRead.warning.map { [$0] } ?? []
            if fileRead.damaged.count > 0 {
                result.damaged.append(fileRead.damaged)
                result.warnings.append(.damaged(fileRead.damaged))
            }
            result.consumedBytes[name] = fileRead.consumed
            if let latest = fileRead.latest, latest.time >= result.latest?.time ?? -.infinity { result.latest = latest }
        }
        return result
    }

    /// The machine whose answers a history file holds: its own name, or, for
    /// a copy named after another file (`desktop.sync-conflict-….jsonl`,
    /// `desktop (conflicted copy).jsonl`, `desktop.import-….jsonl`), that file's machine.
    public static func writer(of name: String, among names: [String]) -> String {
        let stem = String(name.dropLast(".jsonl".count))
        let owners = names.map { String($0.dropLast(".jsonl".count)) }
            .filter { $0 != stem && (stem.hasPrefix($0 + ".") || stem.hasPrefix($0 + " ")) }
        return owners.max(by: { $0.count < $1.count }) ?? stem
    }

    /// Whether the file at `path` still holds at least `offset` bytes ending
    /// in a line's end just before that offset, as a file that only grew would.
    private func continuesAfter(_ offset: Int, in path: String) throws(HistoryError) -> Bool {
        guard offset > 0 else { return true }
        guard let file = try PosixFile.openIfPresent(path, flags: O_RDONLY | PosixFile.inDataFolder), try file.size() >= offset else { return false }
        var byte: [UInt8] = [0]
        // A read may have ended at a whole last line without its newline, that is at its closing brace.
        return try file.read(into: &byte, 0..<1, at: offset - 1) == 1 && (byte[0] == 0x0A || byte[0] == UInt8(ascii: "}"))
    }
}
