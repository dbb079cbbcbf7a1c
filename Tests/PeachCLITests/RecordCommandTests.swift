import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// `peach record` without a terminal and its subcommands: takes read back
/// sample for sample against the input (a file, ALSA's `file` PCM), a full
/// disk, damaged and planted files, and a library that never overwrites.
@Suite(.serialized) struct RecordCommandTests {
    static func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache", "TZ": "UTC"]
    }

    static func peach(_ arguments: [String], _ folder: TemporaryDirectory, extra: [String: String] = [:]) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: environment(folder).merging(extra) { $1 })
    }

    static func recordings(_ folder: TemporaryDirectory) -> String { folder.path + "/data/peach/recordings" }

    /// A 16-bit WAV made by sox from `effects` (16-bit samples come back exactly from a 24-bit FLAC).
    static func input(_ folder: TemporaryDirectory, _ name: String, channels: Int = 1, rate: Int = 48000, _ effects: [String]) throws -> String {
        let path = folder.file(name)
        let sox = try Shell.run(["sox", "-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "16", path] + effects)
        #expect(sox.status == 0, "\(sox.standardError)")
        return path
    }

    /// One channel of a sound file, as libsndfile reads it.
    static func samples(_ path: String, channel: Int = 0) throws -> [Float] {
        try SoundFileReader(path: path).readAll()[channel]
    }

    /// The bytes of every take file, by name.
    static func takeFiles(_ folder: TemporaryDirectory) throws -> [String: Data] {
        let names = FolderEntries.names(in: recordings(folder)).filter { !$0.hasPrefix(".") }
        return Dictionary(uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: recordings(folder) + "/" + $0))) })
    }

    static func listed(_ folder: TemporaryDirectory, _ arguments: [String] = []) throws -> [String: Any] {
        let list = try peach(["record", "list", "--json"] + arguments, folder)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(!list.standardOutput.contains("\\/"), "paths keep their slashes as written, as every --json does")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
    }

    static func takes(_ folder: TemporaryDirectory, _ arguments: [String] = []) throws -> [[String: Any]] {
        try listed(folder, arguments)["takes"] as? [[String: Any]] ?? []
    }

    @Test func aFileInputIsRecordedSampleForSampleAsFLACAndAsWAV() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "2", "sine", "441", "vol", "0.5", "synth", "2", "whitenoise", "amod", "0.3"])
        let heard = try Self.samples(input)
        let flac = try Self.peach(["record", "--input", input, "--seconds", "1.5", "--name", "scales"], folder)
        #expect(flac.status == 0, "\(flac.standardError)")
        #expect(flac.standardOutput.contains("Saved the take 'scales' (0:01, FLAC)"), "\(flac.standardOutput)")
        let take = Self.recordings(folder) + "/scales.flac"
        #expect(try Self.samples(take) == Array(heard.prefix(72_000)), "the FLAC holds the input's first 1.5 s exactly")

        let wav = try Self.peach(["record", "--input", input, "--wav", "--name", "whole"], folder)
        #expect(wav.status == 0, "\(wav.standardError)")
        #expect(try Self.samples(Self.recordings(folder) + "/whole.wav") == heard, "the WAV holds the whole input: it ended the take")
        #expect(FolderEntries.names(in: Self.recordings(folder) + "/.partial").isEmpty, "no partial file stays")
    }

    @Test func oneChannelOfAStereoInputIsRecorded() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "stereo.wav", channels: 2, ["synth", "0.5", "sine", "300", "sine", "500", "vol", "0.4"])
        let result = try Self.peach(["record", "--input", input, "--channel", "2", "--name", "right"], folder)
        #expect(result.status == 0, "\(result.standardError)")
        let take = try SoundFileReader(path: Self.recordings(folder) + "/right.flac")
        #expect(take.channels == 1)
        #expect(take.readAll()[0] == (try Self.samples(input, channel: 1)))
    }

    /// ALSA's `file` PCM reading an infile stands in for a sound card: the take holds what it captured.
    /// An input with no signal still makes a take, and says it heard nothing; an unknown device is named.
    @Test func anInputWithNoSignalIsSaidAndAnUnknownDeviceIsNamed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "silent.wav", ["trim", "0", "1"])
        let silent = try Self.peach(["record", "--input", input, "--name", "quiet"], folder)
        #expect(silent.status == 0 && silent.standardError.contains("The take is silent: nothing was heard from \(input)."), "\(silent.standardError)")
        let unknown = try Self.peach(["record", "--input-device", "nosuch", "--seconds", "1"], folder, extra: ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf"])
        #expect(unknown.status == 1 && unknown.standardError.contains("no capture device 'nosuch'"), "\(unknown.standardError)")
        #expect(try Self.takes(folder).map { $0["name"] as? String } == ["quiet"], "no take for a device that never opened")
    }

    @Test func capturesThroughTheALSAFilePCM() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let raw = folder.file("heard.raw")
        let written = try AlsaTestConfiguration.writeSine(raw, frequency: 441, frames: 48_000)
        let result = try Self.peach(["record", "--input-device", AlsaTestConfiguration.captureName, "--seconds", "0.5", "--wav", "--name", "device"], folder,
                                    extra: try AlsaTestConfiguration.writeCapture(in: folder, infile: raw))
        #expect(result.status == 0, "\(result.standardError)")
        let take = try Self.samples(Self.recordings(folder) + "/device.wav")
        #expect(take.count == 24_000)
        let worst = take.indices.map { abs(Double(take[$0]) - Double(written[$0]) / 2147483648) }.max() ?? 1
        #expect(worst < 1e-7, "largest difference \(worst)")
    }

    /// Recording from a device without a terminal (a script, a service), a
    /// second, other stop signal (SIGHUP after SIGTERM) is the same stop under
    /// way: it killed Peach with the audio left in the partial folder.
    @Test func aSecondOtherSignalDoesNotCutTheTakeShort() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.peach)
        process.arguments = ["record", "--input-device", AlsaTestConfiguration.deviceName, "--name", "service", "--plain"]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment(folder)) { $1 }
            .merging(try AlsaTestConfiguration.write(in: folder)) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let partial = Self.recordings(folder) + "/.partial/service.flac.wav"
        let start = Date()
        while RecordScreenTests.size(partial) < 100 + 48_000 * 4 / 2, Date().timeIntervalSince(start) < 20 { usleep(20_000) }
        kill(process.processIdentifier, SIGTERM)
        kill(process.processIdentifier, SIGHUP)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM, "ended by the first signal, the take kept")
        #expect(RecordScreenTests.size(Self.recordings(folder) + "/service.flac") > 0)
        #expect(FolderEntries.names(in: Self.recordings(folder) + "/.partial").isEmpty)
    }

    @Test func aFullDiskStopsTheTakeSaysSoAndKeepsWhatWasWritten() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        guard let disk = try SmallDisk.mountOrSkip(at: folder.file("disk"), bytes: 1 << 20) else { return }
        defer { disk.unmount() }
        let input = try Self.input(folder, "long.wav", ["synth", "10", "sine", "441", "vol", "0.5"])
        let data = disk.path + "/data"
        let result = try Self.peach(["record", "--input", input, "--data-dir", data, "--name", "long"], folder)
        #expect(result.status == 1)
        #expect(result.standardError.contains("The disk is full: the take stopped after 0:0"), "\(result.standardError)")
        // The FLAC needs room the disk has not got: the WAV written so far is the take.
        #expect(result.standardOutput.contains("Saved the take 'long' as WAV"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("The FLAC could not be made: cannot write \(data)/recordings/long.flac: No space left on device"),
                "\(result.standardOutput)")
        let kept = try Self.samples(data + "/recordings/long.wav")
        #expect(kept.count > 48_000 && kept.count < 480_000, "\(kept.count) frames kept")
        #expect(kept == Array(try Self.samples(input).prefix(kept.count)), "what was written is the input's start, whole")
        #expect(FolderEntries.names(in: data + "/recordings/.partial").isEmpty)
        // On the full disk, an export and a new take say what could not be written, not a take that stopped after 0:00.
        let export = try Self.peach(["record", "export", "long", disk.path + "/copy.wav", "--data-dir", data], folder)
        #expect(export.status == 1 && export.standardError == "Error: cannot write \(disk.path)/copy.wav: No space left on device\n", "\(export.standardError)")
        let more = try Self.peach(["record", "--input", input, "--data-dir", data, "--name", "more"], folder)
        #expect(more.status == 1 && more.standardError.contains("cannot write \(data)/recordings: No space left on device"), "\(more.standardError)")
        #expect(!more.standardError.contains("stopped after"))
    }

    /// Listed by name, length or size as recorder users asked, newest first
    /// by default, each with its size on disk.
    @Test func takesAreSortedByNameLengthOrSize() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for (name, effects) in [("b short", ["synth", "1", "sine", "441"]), ("A long", ["synth", "3", "sine", "441"]), ("c noise", ["synth", "2", "whitenoise"])] {
            let input = try Self.input(folder, name + ".wav", effects)
            #expect(try Self.peach(["record", "--input", input, "--name", name], folder).status == 0)
        }
        let sizes = Dictionary(uniqueKeysWithValues: try Self.takes(folder).map { ($0["name"] as? String ?? "", $0["bytes"] as? Int ?? 0) })
        for (name, bytes) in sizes {
            let onDisk = try FileManager.default.attributesOfItem(atPath: Self.recordings(folder) + "/" + name + ".flac")[.size] as? Int
            #expect(bytes == onDisk, "\(name)")
        }
        let bySize = sizes.sorted { $0.value > $1.value }.map(\.key)
        for (order, expected) in [("name", ["A long", "b short", "c noise"]), ("length", ["A long", "c noise", "b short"]), ("SIZE", bySize)] {
            #expect(try Self.takes(folder, ["--sort", order]).map { $0["name"] as? String ?? "" } == expected, "\(order)")
        }
        let text = try Self.peach(["record", "list", "--sort", "name"], folder).standardOutput.split(separator: "\n")
        #expect(text.first == "Started            Length      Size  Format  Name", "\(text)")
        #expect(text.count == 4 && text[2].hasSuffix("FLAC    b short") && text[3].hasSuffix("FLAC    c noise"), "\(text)")
        #expect(text[1].contains("  0:03 ") && text[1].contains(" kB  FLAC    A long"), "\(text[1])")
        let refused = try Self.peach(["record", "list", "--sort", "colour"], folder)
        #expect(refused.status == 64 && refused.standardError.contains("'colour'"), "\(refused.standardError)")
    }

    @Test func damagedAndPlantedFilesAreListedWithWhyAndLeftAsTheyAre() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "1", "sine", "441"])
        #expect(try Self.peach(["record", "--input", input, "--name", "good"], folder).status == 0)
        let recordings = Self.recordings(folder)
        let good = try Data(contentsOf: URL(fileURLWithPath: recordings + "/good.flac"))
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: recordings + "/cut.flac"))
        var corrupt = good
        corrupt.replaceSubrange(0..<16, with: Data(repeating: 0x55, count: 16))
        try corrupt.write(to: URL(fileURLWithPath: recordings + "/corrupt.flac"))
        try "a note".write(toFile: recordings + "/notes.txt", atomically: true, encoding: .utf8)
        try Data().write(to: URL(fileURLWithPath: recordings + "/empty.wav"))
        let secret = folder.file("secret.wav")
        try Data("not to be touched".utf8).write(to: URL(fileURLWithPath: secret))
        #expect(symlink(secret, recordings + "/planted.wav") == 0)

        let list = try Self.peach(["record", "list"], folder)
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("good"))
        // libsndfile's words end our line without their full stop; an empty file is said so (libsndfile calls it an unknown format).
        for (file, reason) in [("cut.flac", "cut short or corrupt at its end"), ("corrupt.flac", "unreadable as sound: Format not recognised\n"),
                               ("notes.txt", "not a take"), ("planted.wav", "a symbolic link, which Peach does not follow"),
                               ("empty.wav", "empty: a file of no bytes\n")] {
            #expect(list.standardOutput.contains(recordings + "/" + file + ": " + reason), "\(file) in \(list.standardOutput)")
        }
        let json = try Self.listed(folder)
        #expect((json["takes"] as? [Any])?.count == 1 && (json["damaged"] as? [Any])?.count == 5)
        #expect(try Data(contentsOf: URL(fileURLWithPath: secret)) == Data("not to be touched".utf8))
        for file in ["cut.flac", "corrupt.flac", "notes.txt", "empty.wav"] { #expect(access(recordings + "/" + file, F_OK) == 0, "\(file) is still there") }
        // A damaged file cannot be named as a take.
        let play = try Self.peach(["record", "export", "cut", folder.file("out.wav")], folder)
        #expect(play.status != 0 && access(folder.file("out.wav"), F_OK) != 0)
    }

    /// A link or a file where the recordings folder belongs is refused by every
    /// command, as recording refuses it: `list` called a file "no takes yet",
    /// and `list` and `rename` followed a link (rename changed a file it pointed into).
    @Test func aLinkOrAFileInPlaceOfTheFolderIsRefusedByEveryCommand() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try Data("not a take".utf8).write(to: URL(fileURLWithPath: elsewhere + "/Bach.wav"))
        try FileManager.default.createDirectory(atPath: folder.path + "/data/peach", withIntermediateDirectories: true)
        #expect(symlink(elsewhere, Self.recordings(folder)) == 0)
        for command in [["record", "list"], ["record", "rename", "Bach", "Mozart"], ["record", "delete", "Bach"], ["record", "list", "--trash"]] {
            let refused = try Self.peach(command, folder)
            #expect(refused.status == 1 && refused.standardError.contains("refused \(Self.recordings(folder)): it is a symbolic link"), "\(command): \(refused)")
        }
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/Bach.wav"))
        unlink(Self.recordings(folder))
        try Data().write(to: URL(fileURLWithPath: Self.recordings(folder)))
        let file = try Self.peach(["record", "list"], folder)
        #expect(file.status == 1 && file.standardError == "Error: cannot read \(Self.recordings(folder)): Not a directory\n", "\(file)")
    }

    @Test func renamingRefusesATakenNameASlashAndADotAndKeepsTheStartTime() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.5", "sine", "441"])
        #expect(try Self.peach(["record", "--input", input], folder).status == 0)
        #expect(try Self.peach(["record", "--input", input, "--name", "Etude"], folder).status == 0)
        let before = try Self.takes(folder)
        let defaultName = try #require(before.first { $0["name"] as? String != "Etude" }?["name"] as? String)
        #expect(defaultName.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d-\d\d-\d\d/) != nil, "named by its start: \(defaultName)")
        let bytes = try Self.takeFiles(folder)

        let taken = try Self.peach(["record", "rename", defaultName, "Etude"], folder)
        #expect(taken.status == 1 && taken.standardError.contains("a take called 'Etude' already exists"), "\(taken.standardError)")
        let slash = try Self.peach(["record", "rename", "Etude", "a/b"], folder)
        #expect(slash.status == 64 && slash.standardError.contains("'a/b' holds a '/'"), "\(slash.standardError)")
        let dot = try Self.peach(["record", "rename", "Etude", ".hidden"], folder)
        #expect(dot.status == 64 && dot.standardError.contains("starts with a dot"))
        // Longer than a file name allows with the take's endings: said before anything is written ("File name too long" came after).
        let long = try Self.peach(["record", "rename", "Etude", String(repeating: "ü", count: 101)], folder)
        #expect(long.status == 64 && long.standardError.contains("is too long for a take's name: 202 bytes, where 200 is the most"), "\(long.standardError)")
        // Names no command could find again: a dash (read as an option), spaces at an end (typed names are trimmed).
        for (name, words) in [("-dash", "starts with a dash"), (" lead", "begins or ends with a space"), ("lead ", "begins or ends with a space"), ("   ", "begins or ends with a space")] {
            let refused = try Self.peach(["record", "rename", "Etude", "--", name], folder)
            #expect(refused.status == 64 && refused.standardError.contains(words), "\(name): \(refused.standardError)")
        }
        let longest = String(repeating: "ü", count: 100)
        #expect(try Self.peach(["record", "rename", "Etude", longest], folder).status == 0)
        #expect(try Self.peach(["record", "delete", longest], folder).status == 0, "its trash name fits too")
        #expect(try Self.peach(["record", "restore", longest], folder).status == 0)
        #expect(try Self.peach(["record", "rename", longest, "Etude"], folder).status == 0)
        // An empty name begins every name, but names no take (it chose the only one of a kind, or an ambiguity).
        let unnamed = try Self.peach(["record", "delete", " "], folder)
        #expect(unnamed.status == 1 && unnamed.standardError == "Error: no take is called ' '\n", "\(unnamed.standardError)")
        let recordedTaken = try Self.peach(["record", "--input", input, "--name", "Etude"], folder)
        #expect(recordedTaken.status == 1 && recordedTaken.standardError.contains("a take called 'Etude' already exists"))
        let after = try Self.takeFiles(folder)
        #expect(after == bytes, "nothing was overwritten or moved")

        let start = before.first { $0["name"] as? String == defaultName }?["start"] as? Int
        let renamed = try Self.peach(["record", "rename", String(defaultName.prefix(10)), "Morning scales"], folder)
        #expect(renamed.status == 0, "\(renamed.standardError)")
        let now = try Self.takes(folder)
        #expect(now.first { $0["name"] as? String == "Morning scales" }?["start"] as? Int == start, "the start time survives the rename")
        // Two names apart only in case: the one typed exactly is meant (neither could be named before).
        #expect(try Self.peach(["record", "rename", "Etude", "morning scales"], folder).status == 0)
        let exact = try Self.peach(["record", "rename", "Morning scales", "Evening scales"], folder)
        #expect(exact.status == 0, "\(exact.standardError)")
        #expect(Set(try Self.takes(folder).compactMap { $0["name"] as? String }) == ["Evening scales", "morning scales"])
    }

    @Test func aDeletedTakeWaitsInTheTrashUntilRestoredOrThirtyDaysHavePassed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.5", "sine", "441"])
        #expect(try Self.peach(["record", "--input", input, "--name", "Sonata"], folder).status == 0)
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.recordings(folder) + "/Sonata.flac"))
        let deleted = try Self.peach(["record", "delete", "son"], folder)
        #expect(deleted.status == 0 && deleted.standardOutput.contains("Moved 'Sonata' to the trash"), "\(deleted.standardOutput)")
        #expect(try Self.takes(folder).isEmpty)
        #expect(try Self.peach(["record", "list", "--trash"], folder).standardOutput.contains("Sonata"))
        // For scripts too, and searched; a take's date and order do not apply to the trash (they were ignored).
        let json = try Self.peach(["record", "list", "--trash", "--json", "--search", "sona"], folder)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]], "\(json)")
        #expect(listed.count == 1 && listed[0]["name"] as? String == "Sonata" && listed[0]["format"] as? String == "flac" && listed[0]["deleted"] is Int)
        #expect(try Self.peach(["record", "list", "--trash", "--search", "etude"], folder).standardOutput == "No take matches.\n")
        let sorted = try Self.peach(["record", "list", "--trash", "--sort", "size"], folder)
        #expect(sorted.status == 64 && sorted.standardError.contains("--date and --sort go with the takes"), "\(sorted.standardError)")
        // Meanwhile a new take took the name: restoring would overwrite it, so it is refused.
        #expect(try Self.peach(["record", "--input", input, "--name", "Sonata", "--wav"], folder).status == 0)
        let refused = try Self.peach(["record", "restore", "Sonata"], folder)
        #expect(refused.status == 1 && refused.standardError.contains("a take called 'Sonata' already exists"))
        #expect(refused.standardError.contains("rename that one first (`peach record rename Sonata NEW`)"), "\(refused.standardError)")
        #expect(try Self.peach(["record", "delete", "Sonata"], folder).status == 0)
        #expect(try Self.peach(["record", "restore", "Sonata"], folder).status == 0)
        #expect(try Self.takes(folder).map { $0["format"] as? String } == ["wav"], "the last deleted comes back first")
        #expect(try Self.peach(["record", "rename", "Sonata", "Sonata (new)"], folder).status == 0)
        #expect(try Self.peach(["record", "restore", "Sonata"], folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.recordings(folder) + "/Sonata.flac")) == original)

        // The trash keeps 30 days: an older one goes at the next run, a newer one stays.
        let trash = Self.recordings(folder) + "/.trash"
        let now = Int(time(nil))
        try original.write(to: URL(fileURLWithPath: trash + "/\(now - 31 * 86_400) Old.flac"))
        try original.write(to: URL(fileURLWithPath: trash + "/\(now - 29 * 86_400) Recent.flac"))
        let trashList = try Self.peach(["record", "list", "--trash"], folder).standardOutput
        #expect(!trashList.contains("Old") && trashList.contains("Recent"), "\(trashList)")
        #expect(access(trash + "/\(now - 31 * 86_400) Old.flac", F_OK) != 0)
    }

    @Test func exportCopiesOutAsWAVOrFLACAndNeverOverwrites() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.7", "sine", "441", "vol", "0.5"])
        #expect(try Self.peach(["record", "--input", input, "--name", "Lesson"], folder).status == 0)
        let wav = folder.file("lesson.wav")
        #expect(try Self.peach(["record", "export", "Lesson", wav], folder).status == 0)
        #expect(try Self.samples(wav) == (try Self.samples(input)))
        let flac = folder.file("lesson.audio")
        #expect(try Self.peach(["record", "export", "Lesson", flac, "--format", "flac"], folder).status == 0)
        #expect(try SoundFileReader(path: flac).readAll()[0] == (try Self.samples(input)))
        // A --format the name's ending contradicts is refused (it wrote WAV into c.flac).
        let clash = try Self.peach(["record", "export", "Lesson", folder.file("c.flac"), "--format", "wav"], folder)
        #expect(clash.status == 64 && clash.standardError.contains("--format wav, but \(folder.file("c.flac")) ends in .flac"), "\(clash)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("c.flac")))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: wav))
        let again = try Self.peach(["record", "export", "Lesson", wav], folder)
        #expect(again.status == 1 && again.standardError.contains("already exists: Peach never overwrites a file"), "\(again.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: wav)) == Data("mine".utf8))

        // Standard output (`-`, here pointed at a file by the shell) and a device are written directly, and only the take goes there.
        let piped = folder.file("piped.flac")
        let out = try Shell.run(["sh", "-c", "exec '\(BuildProducts.peach)' record export Lesson - > '\(piped)'"], environment: Self.environment(folder))
        #expect(out.status == 0 && out.standardOutput.isEmpty, "\(out)")
        #expect(try SoundFileReader(path: piped).readAll()[0] == (try Self.samples(input)))
        #expect(try Self.peach(["record", "export", "Lesson", "/dev/null"], folder).status == 0)
    }

    @Test func takesAreFoundByNameByDayAndByMonthAndAmbiguousNamesListTheCandidates() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.3", "sine", "441"])
        for name in ["Scale in C", "Scale in D", "Bach"] { #expect(try Self.peach(["record", "--input", input, "--name", name], folder).status == 0) }
        #expect(try Self.takes(folder, ["--search", "SCALE"]).compactMap { $0["name"] as? String }.sorted() == ["Scale in C", "Scale in D"])
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let month = String(format: "%04d-%02d", parts.tm_year + 1900, parts.tm_mon + 1)
        #expect(try Self.takes(folder, ["--date", month + String(format: "-%02d", parts.tm_mday)]).count == 3)
        #expect(try Self.takes(folder, ["--date", month]).count == 3)
        #expect(try Self.takes(folder, ["--date", "1999-01-01"]).isEmpty)
        let badDate = try Self.peach(["record", "list", "--date", "2026-02-30"], folder)
        #expect(badDate.status == 64 && badDate.standardError.contains("'2026-02-30' is not a date"))
        let ambiguous = try Self.peach(["record", "export", "scale", folder.file("x.wav")], folder)
        #expect(ambiguous.status == 1 && ambiguous.standardError.contains("Scale in C") && ambiguous.standardError.contains("Scale in D"),
                "\(ambiguous.standardError)")
        let unknown = try Self.peach(["record", "delete", "Mozart"], folder)
        #expect(unknown.status == 1 && unknown.standardError.contains("Mozart"))
    }

    /// A synced folder brought `g.wav` beside `g.flac`: "fits more than one
    /// take: g, g" named neither. They are listed by file name, and found by it.
    @Test func twoTakesOfOneNameAreToldApartByTheirFileNames() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.3", "sine", "441"])
        #expect(try Self.peach(["record", "--input", input, "--name", "g"], folder).status == 0)
        #expect(try Self.peach(["record", "--input", input, "--name", "h", "--wav"], folder).status == 0)
        #expect(rename(Self.recordings(folder) + "/h.wav", Self.recordings(folder) + "/g.wav") == 0)
        let ambiguous = try Self.peach(["record", "delete", "g"], folder)
        #expect(ambiguous.status == 1 && ambiguous.standardError.contains("take: g.wav, g.flac;"), "\(ambiguous.standardError)")
        let deleted = try Self.peach(["record", "delete", "g.wav"], folder)
        #expect(deleted.status == 0, "\(deleted.standardError)")
        #expect(access(Self.recordings(folder) + "/g.wav", F_OK) != 0 && access(Self.recordings(folder) + "/g.flac", F_OK) == 0)
        #expect(try Self.peach(["record", "export", "g", folder.file("g.flac")], folder).status == 0, "one take of the name is left")
    }

    @Test func aTakePlaysThroughTheChosenOutput() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.5", "sine", "441", "vol", "0.5"])
        #expect(try Self.peach(["record", "--input", input, "--name", "Take"], folder).status == 0)
        let played = folder.file("played.wav")
        let result = try Self.peach(["record", "play", "Take", "--wav", played], folder)
        #expect(result.status == 0, "\(result.standardError)")
        let heard = try WavFile.read(path: played).samples[0]
        let expected = try Self.samples(input)
        #expect(heard.count >= expected.count)
        // After the monitor's first block, which fades in, the take sample for sample.
        #expect(zip(heard[256..<expected.count], expected[256...]).allSatisfy { abs($0 - Double($1)) < 1e-6 })
        // To standard output, the take alone: "Playing …" goes beside it (it once ended the WAV).
        let piped = folder.file("piped.wav")
        let out = try Shell.run(["sh", "-c", "exec '\(BuildProducts.peach)' record play Take --wav - > '\(piped)'"], environment: Self.environment(folder))
        #expect(out.status == 0 && out.standardError.hasPrefix("Playing 'Take'"), "\(out)")
        #expect(try WavFile.read(path: piped).samples[0] == heard, "the same samples, nothing after them")
        #expect(try Data(contentsOf: URL(fileURLWithPath: piped)).count == (try Data(contentsOf: URL(fileURLWithPath: played))).count)

        // Options of a sound that does not play here are none of its options: not in its help (it listed them, and refused
        // each), and unknown if given.
        let help = try Self.peach(["record", "play", "--help"], folder).standardOutput
        #expect(help.contains("--device") && help.contains("--wav"), "\(help)")
        #expect(!help.contains("--source") && !help.contains("--option") && !help.contains("--reference"), "\(help)")
        for option in ["--source", "--option", "--reference"] {
            let refused = try Self.peach(["record", "play", "Take", option, "x", "--wav", folder.file("no.wav")], folder)
            #expect(refused.status == 64 && refused.standardError.contains("Unknown option '\(option)'"), "\(refused)")
        }
        // A take from a 44.1 kHz interface plays at its own rate (it was refused: "the input runs at 44100 Hz").
        let cd = try Self.input(folder, "cd.wav", rate: 44_100, ["synth", "0.5", "sine", "441", "vol", "0.5"])
        #expect(try Self.peach(["record", "--input", cd, "--name", "CD"], folder).status == 0)
        let playedCD = folder.file("cd-played.wav")
        let cdResult = try Self.peach(["record", "play", "CD", "--wav", playedCD], folder)
        #expect(cdResult.status == 0, "\(cdResult.standardError)")
        let cdWav = try WavFile.read(path: playedCD)
        #expect(cdWav.sampleRate == 44_100)
        let cdExpected = try Self.samples(cd)
        #expect(zip(cdWav.samples[0][256..<cdExpected.count], cdExpected[256...]).allSatisfy { abs($0 - Double($1)) < 1e-6 })
    }

    @Test func errorsAreSaidInGerman() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.input(folder, "in.wav", ["synth", "0.3", "sine", "441"])
        #expect(try Self.peach(["record", "--input", input, "--name", "Etüde"], folder).status == 0)
        let taken = try Self.peach(["--lang", "de", "record", "--input", input, "--name", "Etüde"], folder)
        #expect(taken.standardError.contains("eine Aufnahme namens 'Etüde' gibt es schon"), "\(taken.standardError)")
        let list = try Self.peach(["--lang", "de", "record", "list"], folder)
        #expect(list.standardOutput.contains("Beginn") && list.standardOutput.contains("Etüde"), "\(list.standardOutput)")
    }
}
