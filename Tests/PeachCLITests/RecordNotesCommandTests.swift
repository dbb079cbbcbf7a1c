import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// `peach record notes`: the notes of a take recorded from a FluidSynth
/// clarinet melody, read back in order with their names, starts and cents.
@Suite struct RecordNotesCommandTests {
    struct Note: Decodable {
        var onset: Double
        var duration: Double
        var hz: Double
        var note: String
        var cents: Double
        var written: String?
    }

    /// A phrase of twelve notes: steps, leaps, a repeated pitch after a rest, and an octave.
    static let melody: [(note: String, start: Double, duration: Double)] = [
        ("D4", 0.3, 0.4), ("E4", 0.75, 0.4), ("F#4", 1.2, 0.4), ("G4", 1.65, 0.6), ("B4", 2.35, 0.3), ("A4", 2.7, 0.3),
        ("G4", 3.05, 0.5), ("D5", 3.7, 0.5), ("D5", 4.5, 0.4), ("C5", 5.0, 0.3), ("A4", 5.35, 0.3), ("D4", 5.75, 0.8),
    ]

    @Test func aTakesNotesAreReadInOrderWithTheirCents() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let environment = TunerCommandTests.environment(folder)
        let notes = try Self.melody.map { (frequency: Pitch.frequency(of: try MIDINote(parsing: $0.note)), start: $0.start, duration: $0.duration) }
        let input = folder.file("phrase.wav")
        try SampleFixture.write([try FluidFixture.render(melody: notes, program: 71)], sampleRate: 48_000, to: input)
        let recorded = try Shell.run([BuildProducts.peach, "record", "--input", input, "--name", "Phrase in G"], environment: environment)
        #expect(recorded.status == 0, "\(recorded.standardError)")

        let json = try Shell.run([BuildProducts.peach, "record", "notes", "phrase", "--json", "--transpose", "Bb"], environment: environment)
        #expect(json.status == 0, "\(json.standardError)")
        let heard = try JSONDecoder().decode([Note].self, from: Data(json.standardOutput.utf8))
        #expect(heard.map(\.note) == Self.melody.map(\.note), "\(heard.map { ($0.onset, $0.note) })")
        for (read, played) in zip(heard, Self.melody) {
            #expect(abs(read.onset - played.start) < 0.05, "\(played.note) at \(played.start) read at \(read.onset)")
            // FluidSynth's clarinet samples move a few cents within a note; the mean stays near the key.
            #expect(abs(read.cents) < 8, "\(played.note): \(read.cents) c")
        }
        #expect(heard.first?.written == "E4", "a B♭ clarinet's written note")

        let text = try Shell.run([BuildProducts.peach, "record", "notes", input], environment: environment)
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n")
        #expect(lines.first.map { $0.hasPrefix("Notes in \(input) (0:0") && $0.hasSuffix("), A4 = 440 Hz: 12") } == true, "\(lines.first ?? "")")
        #expect(lines.count == 14 && lines[2].hasPrefix("   1  0:00.3") && lines[2].contains("D4"), "\(text.standardOutput)")
    }

    @Test func badInputIsNamed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let environment = TunerCommandTests.environment(folder)
        let noTake = try Shell.run([BuildProducts.peach, "record", "notes", "Bach"], environment: environment)
        #expect(noTake.status == 1 && noTake.standardError.contains("Bach"), "\(noTake.standardError)")
        let mono = folder.file("mono.wav")
        try TunerCommandTests.tone(mono, hz: 220, seconds: 0.3)
        let channel = try Shell.run([BuildProducts.peach, "record", "notes", mono, "--channel", "2"], environment: environment)
        #expect(channel.status == 1 && channel.standardError.contains("has 1 channel, so there is no channel 2"), "\(channel.standardError)")
        let broken = folder.file("broken.flac")
        try Data("fLaC".utf8).write(to: URL(fileURLWithPath: broken))
        let unreadable = try Shell.run([BuildProducts.peach, "record", "notes", broken], environment: environment)
        #expect(unreadable.status == 1 && unreadable.standardError.contains("cannot read the sound file '\(broken)'"), "\(unreadable.standardError)")
    }
}
