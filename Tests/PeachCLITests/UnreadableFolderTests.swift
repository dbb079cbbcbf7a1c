import Foundation
import Glibc
import PeachTestSupport
import Testing

/// A folder of the user's data that cannot be read is an error naming it,
/// never an empty history or journal: `peach export` into a backup script
/// wrote a header-only CSV and exited 0 over 19,000 answers. Root reads
/// every folder, so as root the program runs as `nobody` (a copy of it, where
/// `nobody` may run it, over folders it owns).
@Suite struct UnreadableFolderTests {
    /// The command line to run the program as a user a mode of 000 keeps out.
    static func unprivileged(_ folder: TemporaryDirectory, _ arguments: [String]) throws -> [String] {
        guard getuid() == 0 else { return [BuildProducts.peach] + arguments }
        let copy = folder.file("peach")
        if !FileManager.default.fileExists(atPath: copy) { try FileManager.default.copyItem(atPath: BuildProducts.peach, toPath: copy) }
        #expect(chmod(folder.path, 0o755) == 0 && chmod(copy, 0o755) == 0)
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", copy] + arguments
    }

    /// Makes `path` a folder holding `file`, owned by whoever runs the program, and then closed to it.
    static func closedFolder(_ path: String, holding file: String, _ contents: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path + "/" + file, contents: Data(contents.utf8)))
        if getuid() == 0 {
            var parent = path
            while parent.count > 1, !parent.hasSuffix("/data") { parent = (parent as NSString).deletingLastPathComponent }
            _ = try Shell.run(["chown", "-R", "65534:65534", parent])
        }
        #expect(chmod(path, 0) == 0)
    }

    @Test func anUnreadableHistoryIsAnErrorNotNoAnswers() throws {
        let folder = TemporaryDirectory()
        defer { _ = chmod(folder.path + "/data/history", 0o700); folder.remove() }
        let data = folder.path + "/data"
        try Self.closedFolder(data + "/history", holding: "m1.jsonl", "")
        for command in [["stats"], ["export", "-"], ["history", "check"], ["profile"]] {
            let result = try Shell.run(try Self.unprivileged(folder, command + ["--data-dir", data]), environment: ["HOME": "/nonexistent"])
            #expect(result.status != 0, "\(command): \(result)")
            #expect(result.standardError.contains("\(data)/history") && result.standardError.contains("Permission denied"), "\(command): \(result.standardError)")
            #expect(!result.standardOutput.contains("date,"), "no empty CSV: \(result.standardOutput)")
        }
    }

    /// The calendar's recording marks come from the recordings folder: one that cannot be read is said,
    /// naming it, as `peach record list` says it (the calendar had quietly shown no recordings); the
    /// calendar still shows the rest. A folder that may be entered but not listed is no empty library either.
    @Test(arguments: [0, 0o100])
    func anUnreadableRecordingsFolderIsSaidByTheCalendar(mode: Int) throws {
        let folder = TemporaryDirectory()
        defer { _ = chmod(folder.path + "/data/recordings", 0o700); folder.remove() }
        let data = folder.path + "/data"
        try Self.closedFolder(data + "/recordings", holding: "take.wav", "")
        #expect(chmod(data + "/recordings", mode_t(mode)) == 0)
        for command in [["journal", "calendar", "--plain"], ["journal", "calendar", "--json"]] {
            let result = try Shell.run(try Self.unprivileged(folder, command + ["--data-dir", data]), environment: ["HOME": "/nonexistent"])
            #expect(result.status == 0, "\(command): \(result)")
            #expect(result.standardError.contains("cannot read \(data)/recordings: Permission denied; the calendar shows no recordings"),
                    "\(command): \(result.standardError)")
        }
        let list = try Shell.run(try Self.unprivileged(folder, ["record", "list", "--data-dir", data]), environment: ["HOME": "/nonexistent"])
        #expect(list.status != 0, "\(list)")
        #expect(list.standardError.contains("\(data)/recordings") && list.standardError.contains("Permission denied"), "\(list.standardError)")
    }

    @Test func anUnreadableJournalIsAnErrorNotNoNotes() throws {
        let folder = TemporaryDirectory()
        defer { _ = chmod(folder.path + "/data/journal", 0o700); folder.remove() }
        let data = folder.path + "/data"
        try Self.closedFolder(data + "/journal", holding: "2026-11-28.md", "## 09:00\nscales\n")
        for command in [["journal", "list"], ["journal", "search", "scales"]] {
            let result = try Shell.run(try Self.unprivileged(folder, command + ["--data-dir", data]), environment: ["HOME": "/nonexistent"])
            #expect(result.status != 0, "\(command): \(result)")
            #expect(result.standardError.contains("\(data)/journal") && result.standardError.contains("Permission denied"), "\(command): \(result.standardError)")
        }
    }
}
