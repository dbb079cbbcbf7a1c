import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The FluidSynth source as a user meets it: listed by `peach sources`,
/// checked by `peach sources --check`, refusing bad fonts in one line with
/// nothing of FluidSynth's or GLib's own on the terminal.
@Suite struct FluidCommandTests {
    struct Check: Decodable {
        struct Pairs: Decodable { var worstCents: Double?; var note: String; var askedCents: Double; var offeredForTraining: Bool }
        struct Timbre: Decodable {
            var value: String?; var label: String; var cents: [String: Double]; var worst: [String: Double]; var pairs: Pairs?; var error: String?
        }
        var source: String
        var reference: Double
        var timbres: [Timbre]
    }

    static let font = "font=" + FluidFixture.timGM6mb

    @Test func isListedWithItsProgramsAsATimbre() throws {
        let result = try Shell.run([BuildProducts.peach, "sources", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        struct Listing: Decodable {
            struct Source: Decodable {
                struct Option: Decodable { var key: String; var timbre: Bool; var live: Bool; var choices: [SourceOption.Choice] }
                var id: String
                var realtimeSafe: Bool
                var options: [Option]
            }
            var sources: [Source]
        }
        let fluid = try #require(try JSONDecoder().decode(Listing.self, from: Data(result.standardOutput.utf8)).sources.first { $0.id == FluidFixture.sourceID })
        let program = try #require(fluid.options.first { $0.key == "program" })
        #expect(program.timbre && program.live && program.choices.count == 128)
        #expect(program.choices.first { $0.value == "19" }?.label == "Church Organ")
        #expect(fluid.realtimeSafe)
        let text = try Shell.run([BuildProducts.peach, "sources"]).standardOutput
        #expect(text.contains("org.peach.fluid  FluidSynth (audio)"))
        #expect(text.contains("Instrument: choice (128 choices), default 0. The instrument, by General MIDI program."))
    }

    /// The first check measures the program's tuning and keeps it in the
    /// cache folder; the next reads it from there. Calibrated, A4 is right;
    /// as the font tunes it, TimGM6mb's flute is 13 cents sharp.
    @Test func checkMeasuresEachProgramAndKeepsTheCalibration() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        func check(_ options: [String]) throws -> Check {
            let result = try Shell.run([BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--json"] + options.flatMap { ["--option", $0] },
                                       environment: ["XDG_CACHE_HOME": cache.path])
            #expect(result.status == 0, "\(result.standardError)")
            return try JSONDecoder().decode(Check.self, from: Data(result.standardOutput.utf8))
        }
        let calibrated = try check([Self.font, "program=73"])
        #expect(calibrated.timbres.map(\.label) == ["Flute"] && calibrated.reference == 440)
        #expect(abs(try #require(calibrated.timbres[0].cents["A4"])) < 0.1)
        #expect(calibrated.timbres[0].cents.keys.sorted() == ["A4", "C2", "C3", "C4", "C5", "C6", "C7"])

        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path + "/peach/fluid")
        #expect(files.count == 1 && files[0].hasPrefix("TimGM6mb.sf2-"), "\(files)")
        let stored = try String(contentsOfFile: cache.path + "/peach/fluid/" + files[0], encoding: .utf8)
        let line = try #require(stored.split(separator: "\n").first { $0.hasPrefix("0 73 ") })
        #expect(line.split(separator: " ").count == 133, "bank, program, 128 keys and the pair check's worst error, key and interval")
        let a4 = try #require(Double(line.split(separator: " ")[2 + 69]))
        #expect(abs(a4 - 13) < 1, "the flute's A4 sample is some 13 cents sharp: \(a4)")

        // The cached numbers are used: changed by hand, they change the sound by as much.
        try stored.replacingOccurrences(of: " " + line.split(separator: " ")[2 + 69] + " ", with: " \(a4 + 1) ")
            .write(toFile: cache.path + "/peach/fluid/" + files[0], atomically: true, encoding: .utf8)
        let edited = try check([Self.font, "program=73"])
        #expect(abs(try #require(edited.timbres[0].cents["A4"]) + 1) < 0.1, "one cent more offset corrected: one cent flat")

        let native = try check([Self.font, "program=73", "tuning=font"])
        #expect(abs(try #require(native.timbres[0].cents["A4"]) - 13) < 1)
    }

    /// The check measures the whole note, not only its steady last second:
    /// TimGM6mb's flute sample starts some 17 cents below the pitch it settles
    /// on, which the table shows while the steady second is right; the summary
    /// names the program and note of the largest offset. Progress goes to
    /// standard error, one line per timbre when that is not a terminal.
    @Test func checkShowsTheWholeNoteAndNamesTheLargestOffset() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let arguments = [BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--option", Self.font, "--option", "program=73"]
        let text = try Shell.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(text.status == 0, "\(text.standardError)")
        let flute = try #require(text.standardOutput.split(separator: "\n").first { $0.contains("Flute") })
        let a4 = try #require(Double(flute.split(separator: " ")[2]), "\(flute)")
        #expect(a4 < -10, "the flute's A4 starts flat: \(flute)")
        #expect(text.standardOutput.contains("The largest offset of a steady note: "))
        #expect(text.standardOutput.contains(" cents, Flute at A4."), "\(text.standardOutput)")
        // One timbre, its pairs kept: no "others" to speak of.
        #expect(text.standardOutput.contains("Pairs: the one measured keeps its interval within 0.1 cent from the first frame, so training is offered."),
                "\(text.standardOutput)")
        #expect(text.standardError == "Measuring 1 of 1: Flute\n")
        #expect(!text.standardOutput.contains("Measuring"))

        let json = try Shell.run(arguments + ["--json"], environment: ["XDG_CACHE_HOME": cache.path])
        let report = try JSONDecoder().decode(Check.self, from: Data(json.standardOutput.utf8))
        #expect(abs(try #require(report.timbres[0].cents["A4"])) < 0.1, "the steady second is in tune")
        #expect(try #require(report.timbres[0].worst["A4"]) < -10, "the whole note is not")
    }

    /// On a terminal the progress line is rewritten in place and wiped before
    /// each row, so the screen ends with the table and no progress left on it.
    @Test func checkProgressIsOneLineRewrittenOnATerminal() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let terminal = try PseudoTerminal([BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--option", Self.font,
                                           "--option", "program=73"], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(terminal.waitForExit(timeout: 60) == 0)
        #expect(String(decoding: terminal.transcript, as: UTF8.self).contains("\r\u{1B}[KMeasuring 1 of 1: Flute\r\u{1B}[K"))
        #expect(!terminal.screen.text.contains("Measuring") && terminal.screen.text.contains("Flute at A4"), "\(terminal.screen.text)")
    }

    /// Each program's pairs are measured from their first frame with its
    /// calibration: TimGM6mb's muted guitar strays beyond 0.1 cent, so the check
    /// marks it as not offered for training and names where it is worst; the
    /// measurement is kept in the calibration's cache, which a second run
    /// reads without writing it again.
    @Test func checkNamesTheWorstPairAndKeepsItsMeasurement() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let arguments = [BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--option", Self.font, "--option", "program=28"]
        let text = try Shell.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("   pairs\n"), "\(text.standardOutput)")
        let guitar = try #require(text.standardOutput.split(separator: "\n").first { $0.contains("Electric Guitar (muted)") })
        #expect(guitar.contains("not for training (worst from A4, -250.70 cents asked)"), "\(guitar)")
        #expect(text.standardOutput.contains("Pairs: 0 of 1 keep their interval within 0.1 cent from the first frame"))
        #expect(text.standardOutput.contains(" cents, Electric Guitar (muted) from A4 with -250.70 cents asked."), "\(text.standardOutput)")

        let folder = cache.path + "/peach/fluid/"
        let file = folder + (try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first))
        let stored = try String(contentsOfFile: file, encoding: .utf8)
        let written = try #require(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        let json = try Shell.run(arguments + ["--json"], environment: ["XDG_CACHE_HOME": cache.path])
        let pairs = try #require(try JSONDecoder().decode(Check.self, from: Data(json.standardOutput.utf8)).timbres[0].pairs)
        #expect(!pairs.offeredForTraining && pairs.note == "A4" && pairs.askedCents == -250.7)
        let worst = try #require(pairs.worstCents)
        #expect(worst > 0.1 && guitar.contains(String(format: "%.2f", worst)), "\(pairs)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == stored)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == written, "read, not measured again")

        let flute = try Shell.run([BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--json", "--option", Self.font, "--option", "program=73"],
                                  environment: ["XDG_CACHE_HOME": cache.path])
        let flutePairs = try #require(try JSONDecoder().decode(Check.self, from: Data(flute.standardOutput.utf8)).timbres[0].pairs)
        let fluteWorst = try #require(flutePairs.worstCents)
        #expect(flutePairs.offeredForTraining && fluteWorst < 0.1, "\(flutePairs)")
    }

    @Test func aDamagedCacheIsMeasuredAgain() throws {
        let cache = TemporaryDirectory()
        defer { cache.remove() }
        let first = try Shell.run([BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--option", Self.font, "--option", "program=19"],
                                  environment: ["XDG_CACHE_HOME": cache.path])
        let folder = cache.path + "/peach/fluid/"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        try "0 19 not numbers\n\u{0}\u{1}garbage".write(toFile: folder + file, atomically: true, encoding: .utf8)
        let second = try Shell.run([BuildProducts.peach, "sources", "--check", FluidFixture.sourceID, "--option", Self.font, "--option", "program=19"],
                                   environment: ["XDG_CACHE_HOME": cache.path])
        #expect(second.status == 0 && second.standardOutput == first.standardOutput, "\(second.standardError)")
        #expect(try String(contentsOfFile: folder + file, encoding: .utf8).contains("\n0 19 "), "measured again and stored")
    }

    /// Not a SoundFont, a damaged one, a missing one: one line naming the
    /// file, exit status 1, and nothing from FluidSynth or GLib.
    @Test func badFontsAreOneLineErrorsWithNoFluidSynthNoise() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try "hello".write(toFile: directory.file("text.sf2"), atomically: true, encoding: .utf8)
        try (Data("RIFF".utf8) + Data([8, 0, 0, 0]) + Data("sfbkjunk".utf8)).write(to: URL(fileURLWithPath: directory.file("junk.sf2")))
        for font in [directory.file("text.sf2"), directory.file("junk.sf2"), directory.file("none.sf2"), "/etc/passwd"] {
            let result = try Shell.run([BuildProducts.peach, "play", "A4", "--source", FluidFixture.sourceID, "--option", "font=" + font,
                                        "--wav", directory.file("out.wav")])
            #expect(result.status == 1)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(font), "\(result.standardError)")
            #expect(!result.standardError.contains("fluidsynth") && !result.standardError.contains("CRITICAL"))
        }
    }

    @Test func optionsNeedCheck() throws {
        let result = try Shell.run([BuildProducts.peach, "sources", "--option", "program=3"])
        #expect(result.status != 0 && result.standardError.contains("--option goes with --check ID"))
    }
}
