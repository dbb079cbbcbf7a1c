import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// The FluidSynth source's pitch, measured in the rendered sound: every note
/// within 0.1 cent of what was asked relative to the pair's other note, at
/// fractional requests FluidSynth alone cannot play, from C2 to C7.
@Suite struct FluidPitchTests {
    static let keys = [36, 48, 60, 72, 84, 96]  // C2...C7
    static let requests: [Double] = [0.3, 5.25, -12.7]
    static let noteFrames: Int64 = 72_000  // 1.5 s at 48 kHz
    static let spacing: Int64 = 96_000  // and 0.5 s for the release
    static let measured = 24_000..<72_000  // the last second of each note

    /// Renders the notes one after another and returns the measured second of each.
    static func render(_ frequencies: [Double], options: [String: String]) throws -> [ArraySlice<Float>] {
        let output = MemoryOutput(capacityFrames: frequencies.count * Int(spacing) + 96_000)
        let notes = frequencies.enumerated().map { (frequency: $1, start: Int64($0) * spacing, frames: noteFrames) }
        let notices = try SourceFixture.render(notes, with: try FluidFixture.instance(options: options), through: output)
        #expect(notices.allSatisfy { !$0.endsRendering && !$0.silencedSource }, "\(notices)")
        let samples = output.samples(channel: 0)
        return frequencies.indices.map { samples[($0 * Int(spacing) + measured.lowerBound)..<($0 * Int(spacing) + measured.upperBound)] }
    }

    /// Each note against the plain key: by how far its whole spectrum moved
    /// (which works for an ensemble, whose spectrum is a forty-cent cluster
    /// with no single pitch) and, for the single-voiced programs, by the pitch
    /// meter too.
    @Test(arguments: FluidFixture.sustainedPrograms)
    func fractionalRequestsLandWithinATenthOfACent(program: Int, name: String) throws {
        let frequencies = Self.keys.flatMap { key in
            ([0] + Self.requests).map { Pitch.frequency(of: MIDINote(number: key)!, cents: $0) }
        }
        let notes = try Self.render(frequencies, options: ["program": String(program)])
        let hasOnePitch = program != 48
        var worstSpectrum = 0.0, worstPitch = 0.0
        for (keyIndex, key) in Self.keys.enumerated() {
            let base = keyIndex * (Self.requests.count + 1)
            let plain = SpectralShift.Spectrum(notes[base], sampleRate: 48000)
            let plainPitch = PitchMeter.measure(notes[base], sampleRate: 48000, near: frequencies[base])
            for (requestIndex, request) in Self.requests.enumerated() {
                let note = base + 1 + requestIndex
                let moved = SpectralShift.cents(from: plain, to: SpectralShift.Spectrum(notes[note], sampleRate: 48000),
                                                fundamental: frequencies[base], guess: request)
                let error = try #require(moved, "\(name) at key \(key): asked \(request) cents, moved more than 5 away") - request
                worstSpectrum = max(worstSpectrum, abs(error))
                #expect(abs(error) < 0.1, "\(name) at key \(key): asked \(request) cents, the spectrum moved \(error + request)")
                guard hasOnePitch else { continue }
                let pitch = try #require(PitchMeter.measure(notes[note], sampleRate: 48000, near: frequencies[note]))
                let pitchError = Pitch.cents(from: try #require(plainPitch).frequency, to: pitch.frequency) - request
                worstPitch = max(worstPitch, abs(pitchError))
                #expect(abs(pitchError) < 0.1, "\(name) at key \(key): asked \(request) cents, the pitch moved \(pitchError + request)")
            }
        }
        print("\(name): worst error relative to the plain key, C2-C7 at \(Self.requests) cents: "
              + "spectrum \(worstSpectrum)" + (hasOnePitch ? ", pitch \(worstPitch)" : ""))
    }
}
