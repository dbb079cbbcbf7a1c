import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// Files Peach writes for the user (a WAV, an SVG, a CSV): complete or not
/// there at all, never in place of another file, with the user's umask.
@Suite struct OutputFileTests {
    /// `peach` with `arguments` under `umask`, with XDG folders of its own in
    /// `folder`, run from the `directory` given (relative names land there).
    static func peach(_ arguments: [String], umask: String = "022", in folder: TemporaryDirectory, from directory: String? = nil,
                      input: String? = nil) throws -> Shell.Output {
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        return try Shell.run(["sh", "-c", (directory.map { "cd '\($0)' && " } ?? "") + "umask \(umask) && exec '\(BuildProducts.peach)' \(quoted)"],
                             environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                                           "XDG_CACHE_HOME": folder.file("cache")], input: input)
    }

    /// A file at the name given, the user's own, is refused before anything
    /// plays or is written, and keeps every byte; nothing is left beside it.
    @Test func anExistingFileIsNeverReplaced() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let mine = Data("a recording the user made".utf8), files = folder.file("files")
        let names = ["keep.wav", "keep.flac", "p.svg", "h.csv", "notes.md"]
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        func file(_ name: String) -> String { files + "/" + name }
        for name in names { try mine.write(to: URL(fileURLWithPath: file(name))) }
        #expect(try Self.peach(["journal", "add", "--date", "2026-11-24", "scales"], in: folder).status == 0)
        let commands = [["play", "A4", "--duration", "0.1", "--wav", file("keep.wav")],
                        ["metronome", "100", "--bars", "1", "--wav", file("keep.flac")],
                        ["profile", "--svg", file("p.svg")], ["export", "--csv", file("h.csv")],
                        ["journal", "export", "--output", file("notes.md")]]
        for (arguments, name) in zip(commands, names) {
            let refused = try Self.peach(arguments, in: folder)
            #expect(refused.status == 1, "\(arguments): \(refused)")
            #expect(refused.standardError.contains("\(file(name)) already exists: Peach never overwrites a file, so choose another name"),
                    "\(refused.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file(name))) == mine, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: files).sorted() == names.sorted(), "no temporary file is left")
        // A new name is written, a device directly.
        let played = try Self.peach(["play", "A4", "--duration", "0.1", "--wav", file("new.wav")], in: folder)
        #expect(played.status == 0, "\(played.standardError)")
        #expect(try WavFile.read(path: file("new.wav")).frameCount >= 4800)
        #expect(try Self.peach(["play", "A4", "--duration", "0.1", "--wav", "/dev/null"], in: folder).status == 0)
    }

    /// An empty name is refused before anything is rendered or written: it
    /// once made a temporary file in the current folder and lost the render
    /// at the end.
    @Test func anEmptyNameIsRefusedFirst() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let cases = [(["play", "A4", "--wav", ""], "--wav"), (["export", "--csv", ""], "<file>"), (["profile", "--svg", ""], "--svg"),
                     (["journal", "export", "--output", ""], "--output"), (["record", "export", "take", ""], "<file>")]
        for (arguments, option) in cases {
            let result = try Self.peach(arguments, in: folder, from: work)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.standardError.hasPrefix("Error: \(option) is empty: give the name of the file to write\n"), "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
    }

    /// A name promising a format Peach does not write is refused before
    /// anything is rendered: `--wav take.mp3` once wrote WAV under that name,
    /// and `--svg profile.png` an SVG, which players and viewers then misread.
    @Test func aNameForAnotherFormatIsRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let cases = [(["play", "A4", "--wav", "take.mp3"], "take.mp3 ends in .mp3, but Peach writes WAV or FLAC there: end the name in .wav or .flac"),
                     (["metronome", "--wav", "Clicks.OGG", "--bars", "1"], "Clicks.OGG ends in .ogg, but Peach writes WAV or FLAC there"),
                     (["record", "export", "take", "lesson.m4a"], "lesson.m4a ends in .m4a, but Peach writes WAV or FLAC there"),
                     (["profile", "--svg", "profile.png"], "profile.png ends in .png, but Peach writes SVG there: end the name in .svg"),
                     (["export", "--csv", "history.jsonl"], "history.jsonl ends in .jsonl, but Peach writes CSV there: end the name in .csv or .txt"),
                     (["journal", "export", "--output", "notes.pdf"], "notes.pdf ends in .pdf, but Peach writes Markdown or plain text there")]
        for (arguments, message) in cases {
            let result = try Self.peach(arguments, in: folder, from: work)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.standardError.hasPrefix("Error: \(message)"), "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        let wave = try Self.peach(["play", "A4", "--duration", "0.1", "--wav", "take.wave"], in: folder, from: work)
        #expect(wave.status == 0 && FileManager.default.fileExists(atPath: work + "/take.wave"), "a name of no other format is written as WAV: \(wave)")
    }

    /// Standard output (`-`, or /dev/stdout wherever the shell points it) and
    /// a device are written directly, never refused as a name taken: an
    /// export to /dev/null, `--svg -` or `--wav /dev/stdout > take.wav` was
    /// "already exists". The words "Wrote …" go beside the data, not into it.
    @Test func standardOutputAndDevicesAreWrittenDirectly() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        #expect(try Self.peach(["train", "--headless", "--no-audio"], in: folder, input: "higher\nlower\n").status == 0)
        let csv = try Self.peach(["export", "--csv", "-"], in: folder, from: work)
        #expect(csv.status == 0 && csv.standardOutput.hasPrefix("timestamp,key,note,") && csv.standardOutput.split(whereSeparator: \.isNewline).count == 3, "\(csv)")
        #expect(csv.standardError.isEmpty, "\(csv.standardError)")
        let svg = try Self.peach(["profile", "--svg", "-"], in: folder, from: work)
        #expect(svg.status == 0 && svg.standardOutput.hasPrefix("<?xml") && svg.standardOutput.hasSuffix("</svg>\n"), "\(svg.standardError)")
        let notes = try Self.peach(["journal", "export", "--output", "/dev/stdout"], in: folder, from: work)
        #expect(notes.status == 0 && notes.standardError.isEmpty, "\(notes)")
        for arguments in [["export", "--csv", "/dev/null"], ["profile", "--svg", "/dev/null"], ["journal", "export", "--output", "/dev/null"]] {
            let result = try Self.peach(arguments, in: folder, from: work)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty, "no file called - or anything else")

        // A shell's redirection is the user's choice of file: the WAV is written into it, its sizes filled in at the end.
        let take = folder.file("take.wav")
        let redirected = try Shell.run(["sh", "-c", "exec '\(BuildProducts.peach)' play A4 --duration 0.25 --wav /dev/stdout > '\(take)'"],
                                       environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data")])
        #expect(redirected.status == 0, "\(redirected)")
        let wav = try WavFile.read(path: take)
        #expect(wav.sampleRate == 48000 && wav.frameCount >= 12000 && wav.frameCount < 14400, "\(wav.frameCount) frames")
    }

    /// Where standard output already carries something (the headless
    /// protocol, --json, a screen), `--wav -` is refused rather than mixed in.
    @Test(arguments: [
        (["train", "--headless", "--wav", "-"], "--headless"), (["train", "--wav", "/dev/stdout"], "the screen"),
        (["metronome", "--json", "--bars", "1", "--wav", "-"], "--json"), (["drone", "A", "--wav", "-"], "the screen"),
        // Live (a capture device), the tuner's drone sounds while --json prints its readings.
        (["tuner", "--json", "--drone", "D3", "--wav", "-"], "--json"), (["grid", "--wav", "-"], "the screen"),
    ])
    func standardOutputIsNotSharedWithTheSound(arguments: [String], owner: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(arguments, in: folder)
        #expect(result.status == 64 && result.standardOutput.isEmpty, "\(arguments): \(result)")
        #expect(result.standardError.hasPrefix("Error: --wav \(arguments.last!) is standard output, which \(owner) writes to: give --wav a file name\n"),
                "\(result.standardError)")
    }

    /// An empty --data-dir or --settings-file is refused: the one would have
    /// trained into the usual history (a script's `--data-dir "$UNSET"`), the
    /// other left a lock file in the current folder.
    @Test func anEmptyFolderOrSettingsFileIsRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let cases = [(["train", "--headless", "--no-audio", "--data-dir", ""], "--data-dir is empty: give the data folder"),
                     (["stats", "--data-dir", ""], "--data-dir is empty: give the data folder"),
                     (["settings", "set", "style", "0.3", "--settings-file", ""], "--settings-file is empty")]
        for (arguments, message) in cases {
            let result = try Self.peach(arguments, in: folder, from: work, input: "higher\n")
            #expect(result.status == 64 && result.standardError.hasPrefix("Error: " + message), "\(arguments): \(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("data")), "nothing trained into the usual folder")
        #expect(!FileManager.default.fileExists(atPath: folder.file("config")), "no settings written")
    }

    @Test(arguments: [("022", 0o644), ("077", 0o600)])
    func exportsTakeTheUsersUmask(umask: String, mode: Int) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let wav = folder.file("a.wav"), svg = folder.file("p.svg"), csv = folder.file("h.csv")
        for arguments in [["play", "A4", "--duration", "0.1", "--wav", wav], ["profile", "--svg", svg], ["export", "--csv", csv]] {
            let result = try Self.peach(arguments, umask: umask, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        for file in [wav, svg, csv] {
            let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(permissions == mode, "\(file): \(String(permissions ?? 0, radix: 8))")
        }
    }

    @Test func aBadPathIsNamedAsTheUserGaveIt() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for (arguments, path) in [(["profile", "--svg", "/nonexistent-folder/p.svg"], "/nonexistent-folder/p.svg"),
                                  (["export", "--csv", "/nonexistent-folder/h.csv"], "/nonexistent-folder/h.csv")] {
            let result = try Self.peach(arguments, in: folder)
            #expect(result.status != 0)
            #expect(result.standardError.contains("cannot write \(path): No such file or directory"), "\(result.standardError)")
            #expect(!result.standardError.contains(".tmp-"), "\(result.standardError)")
        }
    }
}
