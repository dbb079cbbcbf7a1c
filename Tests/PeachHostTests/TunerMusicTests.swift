import Glibc
import PeachDrone
import PeachHost
import PeachMusic
import Testing

/// What the tuner says of a frequency: the nearest key and its cents at any
/// A4, the written note of a transposing instrument, and the interval above a
/// drone with its distance from pure.
@Suite struct TunerMusicTests {
    @Test func theNearestKeyAndItsCentsAtAnyReference() throws {
        let a = try #require(NearestNote(frequency: 440 * pow(2, 13.7 / 1200)))
        #expect(a.note.name == "A4" && abs(a.cents - 13.7) < 1e-9)
        // A quarter tone and a little more above G is nearer to G♯.
        let gSharp = try #require(NearestNote(frequency: Pitch.frequency(of: try MIDINote(parsing: "G4"), cents: 50.1), reference: 440))
        #expect(gSharp.note.name == "G#4" && abs(gSharp.cents + 49.9) < 0.01)
        // At A4 = 415 Hz (baroque pitch) 440 Hz is a semitone up: A♯4 a cent flat.
        let baroque = try #require(NearestNote(frequency: 440, reference: 415))
        let expected: Double = 1200 * log2(440.0 / 415) - 100
        #expect(baroque.note.name == "A#4" && abs(baroque.cents - expected) < 1e-9)
        #expect(NearestNote(frequency: 0) == nil && NearestNote(frequency: .nan) == nil && NearestNote(frequency: 20_000) == nil)
    }

    @Test(arguments: [("Bb", 2), ("B♭", 2), ("bb", 2), ("Eb", 9), ("E♭", 9), ("F", 7), ("A", 3), ("C", 0), ("+14", 14), ("-12", -12), ("0", 0)])
    func transpositionsByKeyOrSemitones(text: String, semitones: Int) throws {
        #expect(try Transposition(parsing: text).semitones == semitones)
    }

    @Test func aBFlatInstrumentReadsAToneHigherThanItSounds() throws {
        let trumpet = try Transposition(parsing: "Bb")
        #expect(trumpet.written(try MIDINote(parsing: "Bb3"))?.name == "C4")
        #expect(Transposition(semitones: 2).written(MIDINote(number: 127)!) == nil, "past MIDI's keys")
        #expect(throws: TranspositionParseError.unknown("H")) { try Transposition(parsing: "H") }
        #expect(throws: TranspositionParseError.outside("+25", allowed: -24...24)) { try Transposition(parsing: "+25") }
    }

    /// Against a just D3 drone: an equal-tempered F♯4 is a major third an
    /// octave up, 13.7 cents sharp of pure (5:4); a pure fifth reads 0; a
    /// fourth below the root reads as a fifth an octave down.
    @Test func theIntervalAboveTheDroneAndItsDistanceFromPure() throws {
        let drone = DroneSetup(root: try MIDINote(parsing: "D3"))
        let root = try #require(drone.frequencies.first)
        let third = try #require(DroneIntonation(frequency: Pitch.frequency(of: try MIDINote(parsing: "F#4")), against: drone))
        #expect(third.semitones == 16 && abs(third.cents - (400 - 1200 * log2(5.0 / 4))) < 1e-6)
        let fifth = try #require(DroneIntonation(frequency: root * 3 / 2, against: drone))
        #expect(fifth.semitones == 7 && abs(fifth.cents) < 1e-9)
        let below = try #require(DroneIntonation(frequency: root * 3 / 4, against: drone))
        #expect(below.semitones == -5 && abs(below.cents) < 1e-9)
        var equal = drone
        equal.tuning = .equal
        let tempered = try #require(DroneIntonation(frequency: Pitch.frequency(of: try MIDINote(parsing: "F#4")), against: equal))
        #expect(tempered.semitones == 16 && abs(tempered.cents) < 1e-9)
    }
}
