import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// The calibration: SoundFont samples are several cents off, differently for
/// each sample; after correction A4 sounds at the reference pitch and notes
/// on different samples keep their interval.
@Suite struct FluidCalibrationTests {
    /// 0.75 s to 1.5 s into each note: a later stretch than the calibration measures.
    static func notes(_ frequencies: [Double], options: [String: String]) throws -> [ArraySlice<Float>] {
        let samples = try FluidFixture.render(frequencies, options: options)
        return frequencies.indices.map { samples[($0 * FluidFixture.spacing + 36_000)..<($0 * FluidFixture.spacing + 72_000)] }
    }

    /// A4 at three references, and C2...C7, measured over a later stretch
    /// than the calibration measured. All must be right for the drawbar organ,
    /// whose samples hold a steady pitch; for the flute, whose samples carry
    /// the player's vibrato, A4 must be, and the rest is shown (a sample
    /// measured at its key nearest A4 and played octaves lower runs its
    /// vibrato slower, past the stretch measured).
    @Test(arguments: [(16, "Drawbar Organ"), (73, "Flute")])
    func a4SoundsAtTheReferenceAndTheFontsOwnTuningDoesNot(program: Int, name: String) throws {
        let requests = [440.0, 442.0, 415.0] + [36, 48, 60, 72, 84, 96].map { Pitch.frequency(of: MIDINote(number: $0)!) }
        let calibrated = try Self.notes(requests, options: ["program": String(program)])
        let native = try Self.notes(requests, options: ["program": String(program), "tuning": "font"])
        func cents(_ note: ArraySlice<Float>, _ request: Double) throws -> Double {
            Pitch.cents(from: request, to: try #require(PitchMeter.measure(note, sampleRate: 48000, near: request)).frequency)
        }
        for (index, request) in requests.enumerated() {
            let corrected = try cents(calibrated[index], request), raw = try cents(native[index], request)
            if index < 3 || program == 16 { #expect(abs(corrected) < 0.1, "\(name): \(request) Hz sounds \(corrected) cents off") }
            print("\(name): \(request) Hz calibrated \(corrected) cents, as the font tunes it \(raw) cents")
        }
        if program == 73 {  // TimGM6mb's flute A4 sample is 13 cents sharp: the correction is real
            #expect(abs(try cents(native[0], 440) - 13) < 1)
        }
    }

    /// TimGM6mb's Synth Brass 2 (program 63) plays its top samples 146 cents
    /// flat, beyond the pitch meter's ±60-cent search: the calibration looks
    /// a semitone at a time up to 300 cents away for the pitch that holds the
    /// sound's harmonics, so C7 and B6 come out right.
    @Test func aSampleFarFromItsKeyIsFoundAndCorrected() throws {
        let requests = [95, 96].map { Pitch.frequency(of: MIDINote(number: $0)!) }
        let notes = try Self.notes(requests, options: ["program": "63"])
        for (note, request) in zip(notes, requests) {
            let reading = try #require(PitchMeter.measure(note, sampleRate: 48000, near: request), "no tone within 60 cents of \(request) Hz")
            let cents = Pitch.cents(from: request, to: reading.frequency)
            #expect(abs(cents) < 0.1, "Synth Brass 2: \(request) Hz sounds \(cents) cents off")
        }
    }
}
