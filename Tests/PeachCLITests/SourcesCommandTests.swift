import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// `peach sources`, the listing scripts and later front ends rely on.
@Suite struct SourcesCommandTests {
    struct Listing: Decodable {
        struct Source: Decodable {
            struct Option: Decodable { var key: String; var type: String; var defaultValue: String }
            var id, name, kind, library: String
            var options: [Option]
        }
        struct Rejected: Decodable { var path: String; var reason: String }
        var sources: [Source]
        var rejected: [Rejected]
    }

    @Test func listsTheSineSourceFoundBesideTheProgram() throws {
        let result = try Shell.run([BuildProducts.peach, "sources", "--json"], environment: ["HOME": "/nonexistent"])
        #expect(result.status == 0)
        let listing = try JSONDecoder().decode(Listing.self, from: Data(result.standardOutput.utf8))
        let sine = try #require(listing.sources.first { $0.id == "org.peach.sine" })
        #expect(sine.name == "Sine" && sine.kind == "audio")
        #expect(sine.library.hasSuffix("/libPeachSineSource.so"))
        #expect(sine.options.map(\.key) == ["gain", "attack-ms", "release-ms", "overtones"])
        #expect(sine.options.first?.defaultValue == "0.5")
    }

    /// The metronome's sources come with Peach too: built-in clicks, and a sample of the user's.
    @Test func listsTheClickAndSampleSourcesFoundBesideTheProgram() throws {
        let result = try Shell.run([BuildProducts.peach, "sources", "--json"], environment: ["HOME": "/nonexistent"])
        #expect(result.status == 0)
        let listing = try JSONDecoder().decode(Listing.self, from: Data(result.standardOutput.utf8))
        let click = try #require(listing.sources.first { $0.id == "org.peach.click" })
        #expect(click.name == "Clicks" && click.kind == "audio" && click.library.hasSuffix("/libPeachClickSource.so"))
        #expect(click.options.map(\.key) == ["gain"] && click.options.first?.defaultValue == "0.8")
        let sample = try #require(listing.sources.first { $0.id == "org.peach.sample" })
        #expect(sample.name == "Sample" && sample.kind == "audio" && sample.library.hasSuffix("/libPeachSampleSource.so"))
        #expect(sample.options.map(\.key) == ["file", "accent-file", "gain"] && sample.options.map(\.type) == ["path", "path", "number"])
    }

    /// The FluidSynth library offers two sources: its instruments, and its drum kits for the metronome.
    @Test func listsBothSourcesOfTheFluidSynthLibrary() throws {
        let result = try Shell.run([BuildProducts.peach, "sources", "--json"], environment: ["HOME": "/nonexistent"])
        #expect(result.status == 0)
        let listing = try JSONDecoder().decode(Listing.self, from: Data(result.standardOutput.utf8))
        let instruments = try #require(listing.sources.first { $0.id == "org.peach.fluid" })
        let drums = try #require(listing.sources.first { $0.id == "org.peach.fluid-drums" })
        #expect(drums.name == "SoundFont drums" && drums.kind == "audio" && drums.library == instruments.library)
        #expect(drums.options.map(\.key) == ["font", "kit", "gain"] && drums.options.map(\.type) == ["path", "choice", "number"])
        #expect(drums.options[1].defaultValue == "0", "TimGM6mb's first kit, Standard")
    }

    /// The program's own folder holds other shared libraries (here the test
    /// build's malloc interposer): those are not plugins and are not reported.
    /// The same library in a plugin folder is.
    /// The probe child skips the argument parser when it can; through the parser
    /// (`--` ends the options) it must report the same, line for line.
    @Test func theProbeChildReportsTheSameWithAndWithoutTheParser() throws {
        let missing = "/nonexistent/libNothing.so"
        let direct = try Shell.run([BuildProducts.peach, "--lang", "de", "plugin-probe", BuildProducts.sinePlugin, missing])
        let parsed = try Shell.run([BuildProducts.peach, "--lang", "de", "plugin-probe", "--", BuildProducts.sinePlugin, missing])
        #expect(direct.status == 0 && parsed.status == 0)
        let lines = direct.standardOutput.split(separator: "\n")
        #expect(lines.count == 2, "one report per library: \(direct.standardOutput)")
        #expect(lines.first?.contains(#""id":"org.peach.sine""#) == true, "\(direct.standardOutput)")
        // The reason is data; the parent words it in its language.
        let rejection = try JSONDecoder().decode(ProbeReport.self, from: Data(try #require(lines.last).utf8)).rejections.first
        #expect(rejection?.path.hasSuffix("libNothing.so") == true && rejection?.text(in: .german).contains("lässt sich nicht laden") == true,
                "rejected, worded in the language asked for: \(direct.standardOutput)")
        #expect(direct.standardOutput == parsed.standardOutput)
        let help = try Shell.run([BuildProducts.peach, "plugin-probe", "--help"])
        #expect(help.status == 0 && help.standardOutput.contains("plugin-probe"), "--help still reaches the parser: \(help.standardOutput)")
    }

    /// A range JSON has no number for (NaN, infinity) still makes a report: the rejection that names it.
    @Test func theProbeReportsAnOptionWhoseRangeIsNotFinite() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = try CPlugin.build(BrokenPluginTests.fixture, named: "libnan", in: folder.path, defines: ["OPTION_EDIT=o->min_value=NAN"])
        let result = try Shell.run([BuildProducts.peach, "plugin-probe", library])
        #expect(result.status == 0)
        let report = try ProbeReport.decoding(Array(result.standardOutput.utf8))
        #expect(report.sources.isEmpty && report.rejections.map { $0.text(in: .english) }.first?.hasSuffix(
            "(org.peach.test.fixture): option gain's range is not finite (nan to 1.0)") == true, "\(result.standardOutput)")
    }

    @Test func foreignLibrariesAreQuietOnlyBesideTheProgram() throws {
        let foreign = BuildProducts.directory + "/libMallocInterposerSwift.so"
        try #require(FileManager.default.fileExists(atPath: foreign))
        let beside = try JSONDecoder().decode(Listing.self, from: Data(try Shell.run([BuildProducts.peach, "sources", "--json"]).standardOutput.utf8))
        #expect(beside.rejected.isEmpty, "\(beside.rejected.map(\.reason))")

        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.copyItem(atPath: foreign, toPath: directory.file("libforeign.so"))
        let inPluginFolder = try Shell.run([BuildProducts.peach, "sources", "--json", "--plugin-path", directory.path])
        let listing = try JSONDecoder().decode(Listing.self, from: Data(inPluginFolder.standardOutput.utf8))
        #expect(listing.rejected.map(\.path) == [directory.file("libforeign.so")])
        #expect(listing.rejected.first?.reason.contains("has no peach_source_entry_v1 function") == true)
    }

    @Test func textListingShowsSourcesAndRejectedLibraries() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try "not a library".write(toFile: directory.file("libjunk.so"), atomically: true, encoding: .utf8)
        let viaFlag = try Shell.run([BuildProducts.peach, "sources", "--plugin-path", directory.path])
        let viaEnvironment = try Shell.run([BuildProducts.peach, "sources"], environment: ["PEACH_PLUGIN_PATH": "/nonexistent:" + directory.path])
        for result in [viaFlag, viaEnvironment] {
            #expect(result.status == 0, "a bad plugin does not stop Peach")
            #expect(result.standardOutput.contains("org.peach.sine  Sine (audio)"))
            #expect(result.standardOutput.contains("Rejected:\n  \(directory.path)/libjunk.so: cannot be loaded:"), "\(result.standardOutput)")
        }
    }

    /// A choice option's values are listed under it, with their labels, so
    /// that a user sees what to write (e.g. MIDI Out's destinations).
    @Test func choicesAreListedUnderTheirOption() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try CPlugin.build(BuildProducts.packageRoot + "/examples/c-tone-source/tone_source.c", named: "libctone", in: directory.path)
        let text = try Shell.run([BuildProducts.peach, "sources", "--plugin-path", directory.path]).standardOutput
        #expect(text.contains("  --option shape      Shape: choice (2 choices), default bright. "), "\(text)")
        #expect(text.contains("\n      soft    Soft (1/k²)\n      bright  Bright (1/k)\n"), "\(text)")
    }

    /// The listing fits the window: at 60 columns no line is wider, and an
    /// option's words continue under its text, not under `--option`. Into a
    /// pipe (no COLUMNS), each option stays one line for grep.
    @Test func theListingIsBrokenToTheWindowsWidth() throws {
        let result = try Shell.run([BuildProducts.peach, "sources"], environment: ["HOME": "/nonexistent", "COLUMNS": "60"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 59 }, "\(lines.filter { $0.unicodeScalars.count > 59 })")
        let gain = try #require(lines.firstIndex { $0.hasPrefix("  --option gain  Gain: number 0 to 1, default 0.8.") })
        #expect(lines[gain + 1].hasPrefix("                 ") && !lines[gain + 1].hasPrefix("                  "), "\(lines[gain + 1])")
        // At 30 columns an option's words continue a little in, whole (its text column was 8 wide: "Longes" / "t").
        let narrow = try Shell.run([BuildProducts.peach, "sources", "org.peach.fluid"], environment: ["HOME": "/nonexistent", "COLUMNS": "30"])
        let narrowLines = narrow.standardOutput.split(separator: "\n")
        #expect(narrowLines.allSatisfy { $0.unicodeScalars.count <= 29 && !$0.hasSuffix(" ") }, "\(narrowLines)")
        #expect(narrowLines.contains { $0.contains("Longest release") || $0.hasSuffix("Longest") }, "\(narrow.standardOutput)")
        let piped = try Shell.run([BuildProducts.peach, "sources"], environment: ["HOME": "/nonexistent", "COLUMNS": ""]).standardOutput
        #expect(piped.contains("  --option gain  Gain: number 0 to 1, default 0.8. Level of a click at full velocity: 1 puts"), "\(piped)")
    }

    /// `peach sources ID`: one source with every value of a long choice, so
    /// a user finds an instrument's name, which --option then takes, as it
    /// takes a switch as on or off.
    @Test func oneSourceShowsEveryChoiceAndANameIsAnOptionsValue() throws {
        let listed = try Shell.run([BuildProducts.peach, "sources", "org.peach.fluid"], environment: ["HOME": "/nonexistent"])
        #expect(listed.status == 0 && listed.standardOutput.hasPrefix("org.peach.fluid  FluidSynth (audio)"), "\(listed)")
        #expect(listed.standardOutput.contains("\n      73   Flute\n") && listed.standardOutput.contains("\n      127  Gunshot\n"), "\(listed.standardOutput)")
        #expect(!listed.standardOutput.contains("org.peach.sine"), "only the source asked for")
        let all = try Shell.run([BuildProducts.peach, "sources"], environment: ["HOME": "/nonexistent"]).standardOutput
        #expect(!all.contains("      73   Flute\n"), "the full listing keeps long choices to their count")
        // An option with no default (a file not yet chosen) says so; it read "default .".
        #expect(all.contains("--option file         Sample: path, none by default. ") && !all.contains("default ."), "\(all)")

        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let named = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.1", "--source", "org.peach.fluid", "--option", "program=flute",
                                   "--option", "reverb=on", "--wav", folder.file("flute.wav")], environment: ["HOME": "/nonexistent"])
        #expect(named.status == 0 && FileManager.default.fileExists(atPath: folder.file("flute.wav")), "\(named)")
        let unknown = try Shell.run([BuildProducts.peach, "sources", "org.peach.nope"], environment: ["HOME": "/nonexistent"])
        #expect(unknown.status == 1 && unknown.standardError.contains("no sound source 'org.peach.nope'; available: org.peach.click"), "\(unknown)")
        // A source by its name, or a beginning of it only one has, in any case, as `settings set source` takes one; and one name near.
        let byName = try Shell.run([BuildProducts.peach, "sources", "sIN"], environment: ["HOME": "/nonexistent"])
        #expect(byName.status == 0 && byName.standardOutput.hasPrefix("org.peach.sine  Sine (audio)"), "\(byName)")
        let checked = try Shell.run([BuildProducts.peach, "sources", "--check", "sine", "--json"], environment: ["HOME": "/nonexistent"])
        #expect(checked.status == 0 && checked.standardOutput.contains("\"source\" : \"org.peach.sine\""), "\(checked)")
        let near = try Shell.run([BuildProducts.peach, "sources", "sinus"], environment: ["HOME": "/nonexistent"])
        #expect(near.status == 1 && near.standardError == "Error: no sound source is called 'sinus'; close: org.peach.sine\n", "\(near)")
        let both = try Shell.run([BuildProducts.peach, "sources", "org.peach.sine", "--check", "org.peach.sine"])
        #expect(both.status == 64 && both.standardError.contains("give a source to show or --check one, not both"), "\(both)")
        // What fails every timbre alike is said once, not once a program (128 times): an option the source has not,
        // a usage error, and a font that is not there, at the first instrument.
        let bogus = try Shell.run([BuildProducts.peach, "sources", "--check", "fluidsynth", "--option", "bogus=1"], environment: ["HOME": "/nonexistent"])
        #expect(bogus.status == 64 && bogus.standardError.components(separatedBy: "has no option 'bogus'").count == 2, "\(bogus)")
        let noFont = try Shell.run([BuildProducts.peach, "sources", "--check", "fluidsynth", "--option", "font=nosuch.sf2"], environment: ["HOME": "/nonexistent"])
        #expect(noFont.status == 1 && noFont.standardError.components(separatedBy: "no SoundFont named nosuch.sf2").count == 2, "\(noFont)")
        #expect(!noFont.standardOutput.contains("Bright Acoustic Piano"), "\(noFont.standardOutput)")
    }
}
