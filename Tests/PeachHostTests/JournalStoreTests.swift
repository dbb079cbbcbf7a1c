import Foundation
import Glibc
import PeachFiles
import PeachJournal
import PeachSupport
import PeachTestSupport
import Testing

/// The journal's day files: written and read back, hand edits read, and a
/// planted, damaged or meanwhile-changed file named in an error and left
/// byte for byte; the trash and restoring from it.
struct JournalStoreTests {
    static func date(_ text: String) throws -> JournalDate { try JournalDate.parse(text, today: JournalDate(days: 0)) }

    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    /// Noon on `date` in UTC, as seconds since 1970: a deletion's moment.
    static func noon(_ date: JournalDate) -> Double { Double(date.days) * 86_400 + 43_200 }

    @Test func entriesAreWrittenAsMarkdownInTimeOrderAndReadBack() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path + "/data")
        let day = try Self.date("2026-11-25")
        try store.add(JournalEntry(minute: 18 * 60, text: "Bach, bars 1-16\nthe shift is late"), on: day)
        try store.add(JournalEntry(minute: 9 * 60 + 5, text: "Long tones", take: "2026-11-25 09.05"), on: day)
        let text = String(decoding: try #require(Self.bytes(folder.path + "/data/journal/2026-11-25.md")), as: UTF8.self)
        #expect(text == "# 2026-11-25\n\n## 09:05\nTake: 2026-11-25 09.05\nLong tones\n\n## 18:00\nBach, bars 1-16\nthe shift is late\n")
        let page = try store.read(day)
        #expect(page.day.entries == [JournalEntry(minute: 545, text: "Long tones", take: "2026-11-25 09.05"),
                                     JournalEntry(minute: 1080, text: "Bach, bars 1-16\nthe shift is late")])
        #expect(try store.dates() == [day])
    }

    @Test func aHandWrittenFileIsReadLeniently() throws {
        let text = "\r\n# Tuesday\r\n\r\n## 7:30\r\n".replacingOccurrences(of: "## 7:30\r\n", with: "")
            + "## 07:30\r\n\r\nTake:   morning take  \r\nScales\r\n\r\n\r\n## 21:15\nÜbung macht\n\n  den Meister\n"
        let day = try JournalDay.parse(Array(text.utf8), date: Self.date("2026-11-24"), path: "p")
        #expect(day.entries == [JournalEntry(minute: 450, text: "Scales", take: "morning take"),
                                JournalEntry(minute: 1275, text: "Übung macht\n\n  den Meister")])
    }

    /// Words that look like the file's own marks (a heading, a take line) are escaped as Markdown escapes them, and read back as written.
    /// A file saved by an editor that begins it with a byte-order mark reads
    /// as it looks (it was "line 1: text before the first entry's heading").
    @Test func aByteOrderMarkIsNoTextBeforeTheTitle() throws {
        let day = try JournalDay.parse([0xEF, 0xBB, 0xBF] + Array("# 2026-11-28\r\n\r\n## 09:00\r\nscales\r\n".utf8), date: Self.date("2026-11-28"), path: "x.md")
        #expect(day.entries.map(\.text) == ["scales"] && day.entries.map(\.minute) == [540])
    }

    @Test func textThatLooksLikeAHeadingOrATakeReadsBackAsWritten() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        let day = try Self.date("2026-11-25")
        let entries = [JournalEntry(minute: 60, text: "Take: five, slower"), JournalEntry(minute: 61, text: "## 10:00 is when\n\\## I start\n### a subheading\nTake: not first"),
                       JournalEntry(minute: 62, text: "Take: a take's line in the text", take: "real take")]
        for entry in entries { try store.add(entry, on: day) }
        #expect(try store.read(day).day.entries == entries)
        let text = String(decoding: try #require(Self.bytes(store.path(of: day))), as: UTF8.self)
        #expect(text.contains("\n\\Take: five, slower\n") && text.contains("\n\\## 10:00 is when\n\\\\## I start\n### a subheading\nTake: not first\n"), "\(text)")
    }

    @Test func damagedFilesAreNamedByLineAndLeftAsTheyAre() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        let cases: [(String, [UInt8], JournalError)] = [
            ("2026-11-01", Array("# 2026-11-01\n\n## 09:00\nok\n".utf8) + [0x66, 0xFF, 0xFE, 0x0A], .notText(path: store.folder + "/2026-11-01.md", line: 5)),
            ("2026-11-02", Array("## 09:00\nfine\n## Morning\n".utf8), .badHeading(path: store.folder + "/2026-11-02.md", line: 3, text: "## Morning")),
            ("2026-11-03", Array("# 2026-11-03\nstray words\n## 09:00\n".utf8), .textBeforeFirstEntry(path: store.folder + "/2026-11-03.md", line: 2)),
            ("2026-11-04", [UInt8](repeating: 0x61, count: JournalStore.sizeLimit + 1),
             .tooLarge(path: store.folder + "/2026-11-04.md", bytes: JournalStore.sizeLimit + 1, limit: JournalStore.sizeLimit)),
        ]
        for (name, bytes, error) in cases {
            let path = store.folder + "/\(name).md"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(throws: error) { try store.read(Self.date(name)) }
            #expect(throws: error) { try store.add(JournalEntry(minute: 60, text: "more"), on: Self.date(name)) }
            #expect(throws: error) { try store.delete(Self.date(name), now: 0) }
            #expect(Self.bytes(path) == bytes, "\(name) changed")
        }
        // Listing goes on past them, naming each.
        try store.add(JournalEntry(minute: 60, text: "fine"), on: Self.date("2026-11-05"))
        let (days, problems) = try store.days()
        #expect(days.map(\.date.description) == ["2026-11-05"])
        #expect(problems == cases.map(\.2))
        #expect(FolderEntries.names(in: store.folder).filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func aPlantedSymbolicLinkIsNeverFollowed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        let target = folder.file("secret.txt"), link = store.folder + "/2026-11-25.md"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("## 09:00\nnot the journal's\n".utf8)))
        #expect(symlink(target, link) == 0)
        let error = JournalError.file(.symbolicLink(path: link))
        #expect(throws: error) { try store.read(Self.date("2026-11-25")) }
        #expect(throws: error) { try store.add(JournalEntry(minute: 60, text: "x"), on: Self.date("2026-11-25")) }
        #expect(throws: error) { try store.delete(Self.date("2026-11-25"), now: 0) }
        #expect(Self.bytes(target) == Array("## 09:00\nnot the journal's\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try store.trash().isEmpty)
    }

    /// A planted `.trash` link: deleting moved the day through it, and the
    /// purge deleted old-looking files in the folder it pointed to. Now
    /// refused; the day stays, the other folder is as it was. A `journal`
    /// folder that is a link is refused for reading and writing alike.
    @Test func aPlantedFolderLinkIsNeverFollowed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path + "/data")
        let day = try Self.date("2026-11-28")
        try store.add(JournalEntry(minute: 600, text: "scales"), on: day)
        let outside = folder.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let victim = outside + "/2025-01-01.1700000000.md"
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("## 09:00\nprecious\n".utf8)))
        #expect(symlink(outside, store.trashFolder) == 0)
        let refused = JournalError.file(.symbolicLink(path: store.trashFolder))
        #expect(throws: refused) { try store.delete(day, now: Self.noon(day)) }
        #expect(throws: refused) { try store.restore(day, now: Self.noon(day)) }
        #expect(throws: refused) { try store.trash() }
        store.purgeTrash(now: Self.noon(day))
        #expect(try store.read(day).day.entries.map(\.text) == ["scales"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["2025-01-01.1700000000.md"])

        let linked = JournalStore(dataDirectory: folder.path + "/linked")
        try FileManager.default.createDirectory(atPath: folder.path + "/linked", withIntermediateDirectories: true)
        #expect(symlink(outside, linked.folder) == 0)
        let folderRefused = JournalError.file(.symbolicLink(path: linked.folder))
        #expect(throws: folderRefused) { try linked.add(JournalEntry(minute: 60, text: "x"), on: day) }
        #expect(throws: folderRefused) { try linked.read(day) }
        #expect(throws: folderRefused) { try linked.dates() }
        #expect(throws: folderRefused) { try linked.days() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["2025-01-01.1700000000.md"])
    }

    @Test func aFileChangedBetweenReadAndWriteKeepsTheOtherChange() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        let day = try Self.date("2026-11-25")
        try store.add(JournalEntry(minute: 60, text: "first"), on: day)
        var page = try store.read(day)
        page.day.add(JournalEntry(minute: 120, text: "ours"))
        // A sync brings another machine's version in meanwhile.
        let theirs = Array("# 2026-11-25\n\n## 01:00\nfirst\n\n## 01:30\ntheirs\n".utf8)
        try Data(theirs).write(to: URL(fileURLWithPath: page.path))
        #expect(throws: JournalError.changedMeanwhile(path: page.path, kept: nil)) { try store.replace(page, with: Array(page.day.markdown.utf8)) }
        #expect(Self.bytes(page.path) == theirs)
        // A day that had no file, made meanwhile, is not replaced either; nor is a removal made over a change.
        let empty = try store.read(Self.date("2026-11-26"))
        try Data("## 08:00\nmade by hand\n".utf8).write(to: URL(fileURLWithPath: empty.path))
        #expect(throws: JournalError.changedMeanwhile(path: empty.path, kept: nil)) { try store.replace(empty, with: Array("x".utf8)) }
        #expect(throws: JournalError.changedMeanwhile(path: page.path, kept: nil)) { try store.replace(page, with: nil) }
        #expect(Self.bytes(empty.path) == Array("## 08:00\nmade by hand\n".utf8))
        #expect(Self.bytes(page.path) == theirs)
        #expect(FolderEntries.names(in: store.folder).sorted() == [".lock", "2026-11-25.md", "2026-11-26.md"], "the writers' lock, and no temporary file")
    }

    @Test func deletedDaysAndEntriesWaitInTheTrashAndComeBack() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        let day = try Self.date("2026-11-25"), now = Self.noon(day)
        // A hand-written day goes to the trash byte for byte.
        let handWritten = Array("# my day\n\n## 09:00\nscales\n\n\n## 10:00\narpeggios\n".utf8)
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store.path(of: day), contents: Data(handWritten)))
        #expect(try store.delete(day, now: now).count == 2)
        #expect(!FileManager.default.fileExists(atPath: store.path(of: day)))
        let trashed = try store.trash()
        #expect(trashed.map(\.name) == ["2026-11-25.\(Int(now)).md"])
        #expect(Self.bytes(store.trashFolder + "/" + trashed[0].name) == handWritten)
        #expect(throws: JournalError.noNotes(day)) { try store.delete(day, now: now) }
        // One entry of a new day, then the rest back: the day holds all three, by time, none twice.
        try store.add(JournalEntry(minute: 11 * 60, text: "etudes"), on: day)
        try store.add(JournalEntry(minute: 12 * 60, text: "pieces"), on: day)
        #expect(throws: JournalError.noSuchEntry(day, number: 3, count: 2)) { try store.delete(day, entry: 3, now: now) }
        #expect(try store.delete(day, entry: 1, now: now + 1) == [JournalEntry(minute: 660, text: "etudes")])
        #expect(try store.read(day).day.entries.map(\.text) == ["pieces"])
        #expect(try store.restore(day, now: now + 2).map(\.text) == ["scales", "arpeggios", "etudes"])
        #expect(try store.read(day).day.entries.map(\.text) == ["scales", "arpeggios", "etudes", "pieces"])
        #expect(try store.trash().isEmpty)
        #expect(throws: JournalError.nothingInTrash(day)) { try store.restore(day, now: now + 3) }
        // Deleting the last entry removes the day's file, to the trash.
        try store.delete(day, entry: 4, now: now + 4)
        try store.delete(day, now: now + 5)
        #expect(try store.dates().isEmpty)
        #expect(try store.trash().count == 2)
    }

    @Test func theTrashKeepsThirtyDays() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        let old = try Self.date("2026-10-01"), recent = try Self.date("2026-10-20"), today = try Self.date("2026-11-01")
        for day in [old, recent] {
            try store.add(JournalEntry(minute: 60, text: "x"), on: day)
            try store.delete(day, now: Self.noon(day))
        }
        // A link in the trash with an old date is not ours to remove (nor to follow).
        let planted = store.trashFolder + "/2026-09-01.100.md"
        #expect(symlink(folder.file("elsewhere"), planted) == 0)
        store.purgeTrash(now: Self.noon(today))
        #expect(try store.trash().map(\.date) == [try Self.date("2026-09-01"), recent])
        #expect(throws: JournalError.nothingInTrash(old)) { try store.restore(old, now: Self.noon(today)) }
    }

    @Test func searchIgnoresCaseInTextAndTakeWithinTheDates() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        try store.add(JournalEntry(minute: 60, text: "ÜBUNG in G"), on: Self.date("2026-11-01"))
        try store.add(JournalEntry(minute: 60, text: "scales"), on: Self.date("2026-11-02"))
        try store.add(JournalEntry(minute: 120, text: "", take: "Übung take"), on: Self.date("2026-11-02"))
        try store.add(JournalEntry(minute: 60, text: "übung again"), on: Self.date("2026-12-01"))
        let all = try store.search("übung").found
        #expect(all.map { "\($0.date) \($0.number)" } == ["2026-11-01 1", "2026-11-02 2", "2026-12-01 1"])
        let november = try store.search("ÜBUNG", in: try Self.date("2026-11-01")...Self.date("2026-11-30")).found
        #expect(november.count == 2)
        #expect(try store.search("arpeggio").found.isEmpty)
    }

    @Test func emptyEntriesAndBadTakeNamesAreRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = JournalStore(dataDirectory: folder.path)
        #expect(throws: JournalError.emptyEntry) { try store.add(JournalEntry(minute: 60, text: "  \n "), on: Self.date("2026-11-01")) }
        for name in ["a/b", "", "two\nlines", " padded"] {
            #expect(throws: JournalError.badTakeName(name)) { try store.add(JournalEntry(minute: 60, text: "x", take: name), on: Self.date("2026-11-01")) }
        }
        #expect(!FileManager.default.fileExists(atPath: store.folder))
    }

    @Test func exportsAsMarkdownAndPlainText() throws {
        let days = [JournalDay(date: try Self.date("2026-11-01"), entries: [JournalEntry(minute: 60, text: "a\n\nb", take: "t1")]),
                    JournalDay(date: try Self.date("2026-11-02"), entries: [JournalEntry(minute: 61, text: "c")])]
        #expect(JournalExport.document(days, format: .markdown) == "# 2026-11-01\n\n## 01:00\nTake: t1\na\n\nb\n\n# 2026-11-02\n\n## 01:01\nc\n")
        #expect(JournalExport.document(days, format: .text) == "2026-11-01\n  01:00\n    Take: t1\n    a\n\n    b\n\n2026-11-02\n  01:01\n    c\n")
    }

    @Test func anExportNeverReplacesAFile() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("out.md")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("mine".utf8)))
        let file = try ReplacementFile(path: path, mode: ReplacementFile.forTheUser)
        try file.write(Array("new".utf8))
        #expect(try file.commitIfAbsent() == false)
        #expect(Self.bytes(path) == Array("mine".utf8))
        let fresh = try ReplacementFile(path: folder.file("new.md"), mode: ReplacementFile.forTheUser)
        try fresh.write(Array("new".utf8))
        #expect(try fresh.commitIfAbsent())
        #expect(Self.bytes(folder.file("new.md")) == Array("new".utf8))
        #expect(FolderEntries.names(in: folder.path).sorted() == ["new.md", "out.md"])
    }
}
