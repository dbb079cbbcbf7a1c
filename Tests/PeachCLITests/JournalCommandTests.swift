import Foundation
import Glibc
import PeachHistory
import PeachHost
import PeachTestSupport
import Testing

/// A home for `peach journal` in a test's own folder: XDG folders, a time
/// zone, and editors that are small scripts, run for real through $EDITOR.
struct JournalHome {
    let folder = TemporaryDirectory()

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
         "TMPDIR": folder.path, "TZ": "Europe/Berlin", "VISUAL": "", "EDITOR": "false"]
    }

    var data: String { folder.path + "/data/peach" }
    var journal: String { data + "/journal" }
    func day(_ date: String) -> String { journal + "/\(date).md" }

    func peach(_ arguments: [String], editor: String? = nil, environment extra: [String: String] = [:], input: String? = nil) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach, "journal"] + arguments,
                      environment: environment.merging(editor.map { ["EDITOR": $0] } ?? [:]) { $1 }.merging(extra) { $1 }, input: input)
    }

    /// An executable shell script standing in for the editor; `$1` is the file to edit.
    func editor(_ name: String, _ body: String) throws -> String {
        let path = folder.file(name)
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Leftover editor copies in the temporary folder.
    var editorCopies: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("peach-journal-") }
    }

    /// Training answers at these UTC moments, written as Peach writes them.
    func train(at times: [Double]) throws {
        _ = try HistoryStore(directory: data).addImported(times.map { answer($0) }, now: times.max()! + 60)
    }

    /// Seconds since 1970 of a UTC date and time.
    static func utc(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Double) -> Double {
        Double(CivilDays.days(fromCivil: year, month, day)) * 86_400 + hour * 3600
    }
}

@Suite struct JournalCommandTests {
    /// When every day there is fails to read, that is no "No notes yet": the
    /// warnings say why and the status is 1 (it printed the empty journal's line and 0).
    @Test func daysThatCannotBeReadAreNoEmptyJournal() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        try FileManager.default.createDirectory(atPath: home.journal, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: home.day("2026-11-20"), contents: Data([0x23, 0x20, 0xFF, 0xFE, 0x0A])))
        for command in [["list"], ["search", "scales"]] {
            let result = try home.peach(command)
            #expect(result.status == 1 && result.standardOutput.isEmpty && result.standardError.contains(home.day("2026-11-20")), "\(command): \(result)")
        }
    }

    /// Copies a sync tool left (another machine's notes for a day, or its
    /// settings) were passed over without a word; each is named, with what to do.
    @Test func syncConflictCopiesAreSaid() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        #expect(try home.peach(["add", "--date", "2026-11-20", "--time", "09:00", "Long tones"]).status == 0)
        let copy = home.journal + "/2026-11-20.sync-conflict-20261120-120000-ABCDEF7.md"
        try "# 2026-11-20\n\n## 10:00\nfrom the laptop\n".write(toFile: copy, atomically: true, encoding: .utf8)
        try "# 2026-11-21\n".write(toFile: home.journal + "/2026-11-21 (conflicted copy 2026-11-21).md", atomically: true, encoding: .utf8)
        // The user's own notes beside a day are no sync tool's copies.
        try "plans\n".write(toFile: home.journal + "/2026-11-20 plans for next week.md", atomically: true, encoding: .utf8)
        try "plans\n".write(toFile: home.journal + "/2026-11-20.draft.md", atomically: true, encoding: .utf8)
        let list = try home.peach(["list"])
        #expect(list.status == 0 && list.standardOutput.contains("Long tones"), "\(list)")
        #expect(list.standardError.contains("\(copy) is a sync tool's copy of 2026-11-20 that it could not merge"), "\(list.standardError)")
        #expect(list.standardError.contains("2026-11-21 (conflicted copy 2026-11-21).md is a sync tool's copy of 2026-11-21"), "\(list.standardError)")
        #expect(!(try home.peach(["list", "--to", "2026-11-19"])).standardError.contains("sync tool"), "outside the dates asked for: not said")
        #expect(!list.standardError.contains("plans for next week") && !list.standardError.contains("draft"), "\(list.standardError)")

        let config = home.folder.path + "/config/peach"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "{}\n".write(toFile: config + "/settings.json", atomically: true, encoding: .utf8)
        try "{\"reference\": 415}\n".write(toFile: config + "/settings.sync-conflict-20261120-120000-ABCDEF7.json", atomically: true, encoding: .utf8)
        let settings = try Shell.run([BuildProducts.peach, "settings", "list"], environment: home.environment)
        #expect(settings.status == 0 && settings.standardError.contains(
            "settings.sync-conflict-20261120-120000-ABCDEF7.json is a sync tool's copy of \(config)/settings.json that it could not merge"), "\(settings)")
    }

    @Test func notesAreAddedListedSearchedAndExported() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let add = try home.peach(["add", "--date", "2026-11-20", "--time", "18:30", "--take", "2026-11-20 18.30", "Bach,", "bars", "1-16"])
        #expect(add.status == 0 && add.standardOutput == "Added to 2026-11-20 at 18:30.\n", "\(add)")
        #expect(try home.peach(["add", "--date", "2026-11-20", "--time", "09:00", "Long tones"]).status == 0)
        #expect(try home.peach(["add", "--date", "2026-11-21", "--time", "10:15", "Vibrato on the A string"]).status == 0)
        #expect(home.text(home.day("2026-11-20")) == "# 2026-11-20\n\n## 09:00\nLong tones\n\n## 18:30\nTake: 2026-11-20 18.30\nBach, bars 1-16\n")
        let list = try home.peach(["list", "--from", "2026-11-20", "--to", "2026-11-20"])
        #expect(list.standardOutput == "2026-11-20\n   1  09:00  Long tones\n   2  18:30  Take: 2026-11-20 18.30\n             Bach, bars 1-16\n")
        let json = try JSONSerialization.jsonObject(with: Data(try home.peach(["list", "--json"]).standardOutput.utf8)) as? [[String: Any]]
        #expect(json?.map { $0["date"] as? String } == ["2026-11-20", "2026-11-21"])
        #expect(((json?[0]["entries"] as? [[String: Any]])?[1]["take"] as? String) == "2026-11-20 18.30")
        let search = try home.peach(["search", "VIBRATO"])
        #expect(search.standardOutput == "2026-11-21\n   1  10:15  Vibrato on the A string\n")
        #expect(try home.peach(["search", "bach", "--to", "2026-11-19"]).standardOutput == "No notes found.\n")
        let blank = try home.peach(["search", " "])
        #expect(blank.status == 64 && blank.standardError.hasPrefix("Error: give the words to look for: blank ones are in every note\n"), "\(blank)")
        #expect(try home.peach(["list", "--to", "2026-11-19"]).standardOutput == "No notes found.\n")
        #expect(try home.peach(["search", "18.30"]).standardOutput.contains("Take: 2026-11-20 18.30"))
        // Export: text to standard output; Markdown to a new file, never over an existing one.
        let text = try home.peach(["export", "--format", "text", "--from", "2026-11-21"])
        #expect(text.standardOutput == "2026-11-21\n  10:15\n    Vibrato on the A string\n")
        let file = home.folder.file("journal.md")
        let export = try home.peach(["export", "--output", file])
        #expect(export.status == 0 && export.standardError == "Wrote 3 notes to \(file).\n")
        #expect(home.text(file)?.hasPrefix("# 2026-11-20\n\n## 09:00\nLong tones\n") == true)
        let before = home.text(file)
        let again = try home.peach(["export", "--format", "markdown", "--output", file])
        #expect(again.status == 1 && again.standardError.contains("\(file) already exists: Peach never overwrites a file"), "\(again.standardError)")
        #expect(home.text(file) == before)
        // A name ending in .txt writes text (it wrote Markdown); a --format the ending contradicts is refused.
        let plain = home.folder.file("notes.txt")
        #expect(try home.peach(["export", "--from", "2026-11-21", "--output", plain]).status == 0)
        #expect(home.text(plain) == "2026-11-21\n  10:15\n    Vibrato on the A string\n")
        let clash = try home.peach(["export", "--format", "text", "--output", home.folder.file("d.md")])
        #expect(clash.status == 64 && clash.standardError.contains("--format text, but \(home.folder.file("d.md")) ends in .md"), "\(clash)")
    }

    @Test func datesThatDoNotExistAreRefusedAndNothingIsWritten() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        #expect(try home.peach(["list"]).standardOutput == "No notes yet: peach journal add WORDS writes the first.\n")
        for (arguments, message) in [(["add", "--date", "2026-02-30", "x"], "'2026-02-30' is not a date"),
                                     (["add", "--date", "2026-13-01", "x"], "'2026-13-01' is not a date"),
                                     (["add", "--date", "tomorrowish", "x"], "'tomorrowish' is not a date"),
                                     (["add", "--time", "25:00", "x"], "'25:00' is not a time"),
                                     (["add", "--take", "a/b", "x"], "'a/b' cannot be a take's name"),
                                     (["list", "--from", "2026-11-02", "--to", "2026-11-01"], "--from 2026-11-02 is after --to 2026-11-01"),
                                     (["delete", "2026-02-29"], "'2026-02-29' is not a date"),
                                     (["calendar", "2026-13"], "'2026-13' is not a month")] {
            let result = try home.peach(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.journal))
    }

    @Test func addWithoutWordsOpensTheEditor() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let writes = try home.editor("writes.sh", "printf 'Long tones\\nwith the drone on D\\n' > \"$1\"")
        let added = try home.peach(["add", "--date", "2026-11-24", "--time", "07:45"], editor: writes)
        #expect(added.status == 0 && added.standardOutput == "Added to 2026-11-24 at 07:45.\n", "\(added)")
        #expect(home.text(home.day("2026-11-24")) == "# 2026-11-24\n\n## 07:45\nLong tones\nwith the drone on D\n")
        // $VISUAL comes before $EDITOR; an empty file adds nothing, and says so.
        let empty = try home.peach(["add", "--date", "2026-11-25"], editor: "false", environment: ["VISUAL": try home.editor("empty.sh", "exit 0")])
        #expect(empty.status == 0 && empty.standardOutput == "Nothing written: no note added.\n", "\(empty)")
        #expect(!FileManager.default.fileExists(atPath: home.day("2026-11-25")))
        // An editor that fails having saved nothing leaves nothing behind.
        let aborted = try home.peach(["add", "--date", "2026-11-25"], editor: "false")
        #expect(aborted.status == 1 && aborted.standardError == "Error: the editor (false) ended with status 1: nothing was changed\n", "\(aborted)")
        #expect(home.editorCopies.isEmpty)
        // One that fails having saved words changes nothing, and its words are kept and named (they were kept unnamed).
        let failed = try home.peach(["add", "--date", "2026-11-25"], editor: try home.editor("fails.sh", "echo words > \"$1\"; exit 3"))
        let copy = try #require(home.editorCopies.first)
        #expect(failed.status == 1 && failed.standardError.contains("ended with status 3: nothing was changed; what it saved is kept in \(home.folder.file(copy))"),
                "\(failed)")
        #expect(!FileManager.default.fileExists(atPath: home.day("2026-11-25")))
        #expect(home.text(home.folder.file(copy)) == "words\n")
    }

    /// On a full disk (a real small filesystem), words that exist nowhere
    /// else are not lost: the editor's file is kept and named, and words read
    /// from standard input are said back; the day as it was stays.
    @Test func aFullDiskKeepsTheWordsOfANote() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        guard let disk = try SmallDisk.mountOrSkip(at: home.folder.file("disk"), bytes: 1 << 16) else { return }
        defer { disk.unmount() }
        let data = disk.path + "/data"
        #expect(try home.peach(["add", "--data-dir", data, "--date", "2026-11-24", "--time", "07:00", "first"]).status == 0)
        disk.fill()
        let day = data + "/journal/2026-11-24.md"
        let words = "Long tones, then the étude " + String(repeating: "and more ", count: 500)
        let piped = try home.peach(["add", "--data-dir", data, "--date", "2026-11-24", "-"], input: words)
        #expect(piped.status == 1)
        #expect(piped.standardError == "Error: cannot write \(day): No space left on device\nwhat you wrote was not saved; here it is:\n\(words.trimmingCharacters(in: .whitespaces))\n",
                "\(piped.standardError.prefix(300))")
        let writes = try home.editor("writes.sh", "printf '%s\\n' '\(words)' > \"$1\"")
        let edited = try home.peach(["add", "--data-dir", data, "--date", "2026-11-24"], editor: writes)
        let copy = try #require(home.editorCopies.first)
        #expect(edited.status == 1 && edited.standardError.hasSuffix("No space left on device; what you wrote is kept in \(home.folder.file(copy))\n"),
                "\(edited.standardError)")
        #expect(home.text(home.folder.file(copy)) == words + "\n")
        #expect(home.text(day) == "# 2026-11-24\n\n## 07:00\nfirst\n")
    }

    /// After `--` the words are the note's, even `--lang` (it chose the language and left the note without it).
    @Test func wordsAfterTwoDashesAreAllTheNotes() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let added = try home.peach(["add", "--date", "2026-01-01", "--time", "08:00", "--", "--lang", "de", "is", "a", "flag"])
        #expect(added.status == 0 && added.standardOutput == "Added to 2026-01-01 at 08:00.\n", "\(added)")
        #expect(home.text(home.day("2026-01-01")) == "# 2026-01-01\n\n## 08:00\n--lang de is a flag\n")
    }

    @Test func aDashTakesTheNoteFromStandardInput() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let piped = try home.peach(["add", "--date", "2026-11-24", "--time", "07:45", "-"], input: "Long tones\nwith the drone on D\n\n")
        #expect(piped.status == 0 && piped.standardOutput == "Added to 2026-11-24 at 07:45.\n", "\(piped)")
        #expect(home.text(home.day("2026-11-24")) == "# 2026-11-24\n\n## 07:45\nLong tones\nwith the drone on D\n")
        let blank = try home.peach(["add", "--date", "2026-11-25", "-"], input: " \n\n")
        #expect(blank.status == 0 && blank.standardOutput == "Nothing written: no note added.\n", "\(blank)")
        #expect(!FileManager.default.fileExists(atPath: home.day("2026-11-25")))
    }

    /// vi, the editor Peach falls back to, reads its keys from standard input; run on a pipe it would wait for
    /// ever. An editor the user named runs as named (the scripts above run without a terminal too).
    @Test func theFallbackEditorNeedsATerminal() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        for arguments in [["add", "--date", "2026-11-24"], ["edit", "2026-11-24"]] {
            let refused = try home.peach(arguments, editor: "", input: "i words\u{1b}:wq\n")
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.standardError == "Error: vi needs a terminal, and standard input is not one: set $VISUAL to an editor that opens a window "
                        + "of its own (peach journal add - takes a note from standard input)\n", "\(refused.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.journal))
        #expect(home.editorCopies.isEmpty)
    }

    @Test func editWritesBackWhatWasSavedUnlessTheDayChangedMeanwhile() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        #expect(try home.peach(["add", "--date", "2026-11-24", "--time", "07:45", "scales", "in", "G"]).status == 0)
        let edits = try home.editor("edits.sh", "sed -i 's/scales/arpeggios/' \"$1\"")
        let edited = try home.peach(["edit", "2026-11-24"], editor: edits)
        #expect(edited.status == 0 && edited.standardOutput == "Saved \(home.day("2026-11-24")).\n", "\(edited)")
        #expect(home.text(home.day("2026-11-24")) == "# 2026-11-24\n\n## 07:45\narpeggios in G\n")
        #expect(home.editorCopies.isEmpty)
        #expect(try home.peach(["edit", "2026-11-24"], editor: "true").standardOutput == "No change to 2026-11-24.\n")
        // While the editor is open, a sync brings another machine's note into the same day.
        let theirs = "# 2026-11-24\n\n## 07:45\narpeggios in G\n\n## 23:00\nfrom the other laptop\n"
        let racing = try home.editor("races.sh", "sed -i 's/arpeggios/etudes/' \"$1\"\nprintf '\\n## 23:00\\nfrom the other laptop\\n' >> '\(home.day("2026-11-24"))'")
        let conflict = try home.peach(["edit", "2026-11-24"], editor: racing)
        #expect(conflict.status == 1, "\(conflict)")
        #expect(home.text(home.day("2026-11-24")) == theirs)
        let copy = try #require(home.editorCopies.first)
        #expect(conflict.standardError.contains("\(home.day("2026-11-24")) changed while you edited it"), "\(conflict.standardError)")
        #expect(conflict.standardError.contains(home.folder.file(copy)))
        #expect(home.text(home.folder.file(copy)) == "# 2026-11-24\n\n## 07:45\netudes in G\n")
        // A saved copy that would not read back is named at its line, and the day is left alone.
        let breaks = try home.editor("breaks.sh", "printf '## Morning\\n' >> \"$1\"")
        let broken = try home.peach(["edit", "2026-11-24"], editor: breaks)
        #expect(broken.status == 1 && broken.standardError.contains("line 8: \"## Morning\" is not an entry's heading"), "\(broken.standardError)")
        #expect(home.text(home.day("2026-11-24")) == theirs)
    }

    /// An edit that empties the day is a delete: the notes go to the trash and come back with restore.
    @Test func anEditThatEmptiesTheDayPutsItInTheTrash() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        #expect(try home.peach(["add", "--date", "2026-09-01", "--time", "08:00", "long tones"]).status == 0)
        let empties = try home.editor("empties.sh", ": > \"$1\"")
        let emptied = try home.peach(["edit", "2026-09-01"], editor: empties)
        #expect(emptied.status == 0 && emptied.standardOutput.hasPrefix("Moved 2026-09-01 to the trash"), "\(emptied)")
        #expect(!FileManager.default.fileExists(atPath: home.day("2026-09-01")))
        #expect(home.editorCopies.isEmpty)
        #expect(try home.peach(["restore", "2026-09-01"]).status == 0)
        #expect(home.text(home.day("2026-09-01")) == "# 2026-09-01\n\n## 08:00\nlong tones\n")
    }

    /// Notes added at once by several processes (a script, two terminals) are
    /// all kept: each waits for the other's write instead of replacing it.
    @Test func notesAddedAtOnceAreAllKept() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let processes = try (1...8).map { number in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuildProducts.peach)
            process.arguments = ["journal", "add", "--date", "2026-04-02", "note \(number)"]
            process.environment = home.environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let day = home.text(home.day("2026-04-02")) ?? ""
        #expect((1...8).allSatisfy { day.contains("note \($0)\n") }, "\(day)")
    }

    /// A note that would make its day larger than the journal reads back is
    /// refused before anything is written, and its words (from a pipe) said back.
    @Test func aNoteThatWouldOverfillItsDayIsRefused() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        #expect(try home.peach(["add", "--date", "2026-06-04", "early"]).status == 0)
        let before = home.text(home.day("2026-06-04"))
        let huge = String(repeating: "b", count: 1_100_000)
        let refused = try home.peach(["add", "--date", "2026-06-04", "-"], input: huge)
        #expect(refused.status == 1, "\(refused.status)")
        #expect(refused.standardError.contains("\(home.day("2026-06-04")) would hold 1100"), "\(refused.standardError.prefix(300))")
        #expect(refused.standardError.contains("nothing was changed") && refused.standardError.contains(huge))
        #expect(home.text(home.day("2026-06-04")) == before)
        #expect(try home.peach(["list", "--from", "2026-06-04", "--to", "2026-06-04"]).standardOutput.contains("early"))
    }

    @Test func damagedAndPlantedDayFilesAreNamedAndLeftAlone() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        try FileManager.default.createDirectory(atPath: home.journal, withIntermediateDirectories: true)
        let latin1: [UInt8] = Array("## 09:00\nK".utf8) + [0xF6] + Array("rper\n".utf8)
        #expect(FileManager.default.createFile(atPath: home.day("2026-11-01"), contents: Data(latin1)))
        let target = home.folder.file("elsewhere.md")
        #expect(FileManager.default.createFile(atPath: target, contents: Data("## 09:00\nnot yours\n".utf8)))
        #expect(symlink(target, home.day("2026-11-02")) == 0)
        #expect(try home.peach(["add", "--date", "2026-11-03", "fine"]).status == 0)
        let list = try home.peach(["list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.hasPrefix("2026-11-03\n"))
        #expect(list.standardError.contains("\(home.day("2026-11-01")) line 2: not UTF-8 text"), "\(list.standardError)")
        #expect(list.standardError.contains("refused \(home.day("2026-11-02")): it is a symbolic link"))
        let add = try home.peach(["add", "--date", "2026-11-02", "more"])
        #expect(add.status == 1 && add.standardError.contains("symbolic link"))
        #expect(try home.peach(["delete", "2026-11-01"]).status == 1)
        #expect(FileManager.default.contents(atPath: home.day("2026-11-01")).map(Array.init) == latin1)
        #expect(home.text(target) == "## 09:00\nnot yours\n")
    }

    @Test func deleteAndRestore() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        for (time, words) in [("09:00", "scales"), ("10:00", "etudes")] {
            #expect(try home.peach(["add", "--date", "2026-11-24", "--time", time, words]).status == 0)
        }
        let one = try home.peach(["delete", "2026-11-24", "--entry", "1"])
        #expect(one.standardOutput == "Moved entry 1 of 2026-11-24 to the trash: `peach journal restore 2026-11-24` brings it back within 30 days.\n")
        #expect(try home.peach(["delete", "2026-11-24", "--entry", "5"]).standardError.contains("2026-11-24 has 1 entry: there is no entry 5"))
        let zero = try home.peach(["delete", "2026-11-24", "--entry", "0"])
        #expect(zero.status == 64 && zero.standardError.contains("--entry 0: entries are numbered from 1"), "\(zero)")
        #expect(try home.peach(["delete", "2026-11-24"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.day("2026-11-24")))
        #expect(try home.peach(["delete", "2026-11-24"]).standardError.contains("no notes on 2026-11-24"))
        let restore = try home.peach(["restore", "2026-11-24"])
        #expect(restore.status == 0 && restore.standardOutput == "Restored 2 notes of 2026-11-24.\n", "\(restore)")
        #expect(home.text(home.day("2026-11-24")) == "# 2026-11-24\n\n## 09:00\nscales\n\n## 10:00\netudes\n")
        #expect(try home.peach(["restore", "2026-11-24"]).standardError.contains("the trash holds nothing of 2026-11-24"))
    }

    /// Plain mode: the days of the month with notes, training (counted on the
    /// local day: 23:30 UTC is the next day in Berlin) and their notes.
    @Test func thePlainCalendarListsTheMonthsActiveDays() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        try home.train(at: [JournalHome.utc(2026, 11, 2, 23.5), JournalHome.utc(2026, 11, 3, 8), JournalHome.utc(2026, 10, 31, 23.5),
                            JournalHome.utc(2026, 11, 30, 23.5)])
        #expect(try home.peach(["add", "--date", "2026-11-03", "--time", "19:00", "Long", "tones"]).status == 0)
        let plain = try home.peach(["calendar", "2026-11", "--plain"])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.standardOutput == """
            November 2026: 2 days with activity.
            Sunday 2026-11-01 · 1 training answer
            Tuesday 2026-11-03 · 1 note · 2 training answers
               1  19:00  Long tones

            """, "\(plain.standardOutput)")
        let json = try JSONSerialization.jsonObject(with: Data(try home.peach(["calendar", "2026-11", "--json"]).standardOutput.utf8)) as? [String: Any]
        let days = try #require(json?["days"] as? [[String: Any]])
        #expect(json?["month"] as? String == "2026-11")
        #expect(days.map { $0["date"] as? String } == ["2026-11-01", "2026-11-03"])
        #expect(days.map { $0["answers"] as? Int } == [1, 2])
        #expect(days.map { $0["recordings"] as? [String] } == [[], []])
        #expect(try home.peach(["calendar", "2026-12", "--plain"]).standardOutput == "December 2026: 1 day with activity.\nTuesday 2026-12-01 · 1 training answer\n")
    }

    /// A take recorded today marks today in the calendar, and a note names it
    /// by a unique beginning: the note is kept with the take's full name, on the
    /// take's day. A take the library does not have is kept as written, with a warning.
    @Test func recordingsMarkTheirDayAndANoteNamesATake() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let input = home.folder.file("scale.wav")
        #expect(try Shell.run(["sox", "-n", "-r", "48000", "-c", "1", "-b", "16", input, "synth", "0.5", "sine", "440"]).status == 0)
        let recorded = try Shell.run([BuildProducts.peach, "record", "--input", input, "--name", "Bach prelude"], environment: home.environment)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let added = try home.peach(["add", "--take", "bach", "Played", "it", "slower"])
        #expect(added.status == 0, "\(added.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(try home.peach(["calendar", "--json"]).standardOutput.utf8)) as? [String: Any]
        let days = try #require(json?["days"] as? [[String: Any]])
        #expect(days.count == 1 && days[0]["recordings"] as? [String] == ["Bach prelude"], "\(days)")
        #expect(((days.first?["entries"] as? [[String: Any]])?.first?["take"] as? String) == "Bach prelude", "\(days)")
        let elsewhere = try home.peach(["add", "--take", "Brahms on the phone", "Nothing"])
        #expect(elsewhere.status == 0 && elsewhere.standardError.contains("no take named 'Brahms on the phone' is in the recordings here"),
                "\(elsewhere.standardError)")
        #expect(try home.peach(["list"]).standardOutput.contains("Take: Brahms on the phone"))
    }

    @Test func germanOnce() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let german = ["LANG": "de_DE.UTF-8"]
        #expect(try home.peach(["add", "--date", "2026-03-02", "--time", "08:00", "Tonleitern"], environment: german).standardOutput
                == "Zum 2026-03-02 um 08:00 hinzugefügt.\n")
        #expect(try home.peach(["calendar", "2026-03", "--plain"], environment: german).standardOutput
                == "März 2026: 1 Tag mit Aktivität.\nMontag 2026-03-02 · 1 Notiz\n   1  08:00  Tonleitern\n")
        let bad = try home.peach(["add", "--date", "2026-02-30", "x"], environment: german)
        #expect(bad.status == 64 && bad.standardError.contains("'2026-02-30' ist kein Datum"), "\(bad.standardError)")
        #expect(try home.peach(["--help"], environment: german).standardOutput.contains("Ein Übe-Tagebuch führen"))
    }
}
