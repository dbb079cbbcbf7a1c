import PeachPitchMeter

/// The pitch of a steady tone (a sine, or an instrument's harmonics) read from
/// the rendered sound. The measuring is the C meter that plugins may link
/// too (the FluidSynth source calibrates with it), so host and sources agree.
public enum PitchMeter {
    public struct Reading: Equatable, Sendable {
        /// The fundamental, in Hz.
        public var frequency: Double
        /// The harmonic that was followed: the strongest of the first eight.
        public var harmonic: Int
        /// Second half of the span against the first, in cents: near 0 for a steady tone.
        public var driftCents: Double
    }

    /// How far from `expected` the tone may be and still be found.
    public static let searchCents = PEACH_PITCH_SEARCH_CENTS

    /// The mean fundamental over `samples` (mono), which must hold sixteen
    /// periods or more; nil for silence or too short a span.
    public static func measure(_ samples: UnsafeBufferPointer<Float>, sampleRate: Double, near expected: Double) -> Reading? {
        guard let base = samples.baseAddress else { return nil }
        var reading = peach_pitch_reading()
        guard peach_pitch_measure(base, samples.count, sampleRate, expected, &reading) == 0 else { return nil }
        return Reading(frequency: reading.frequency_hz, harmonic: Int(reading.harmonic), driftCents: reading.drift_cents)
    }

    public static func measure(_ samples: ArraySlice<Float>, sampleRate: Double, near expected: Double) -> Reading? {
        samples.withUnsafeBufferPointer { measure($0, sampleRate: sampleRate, near: expected) }
    }

    /// A stretch of a tone already measured (`whole`), following the same
    /// harmonic with no search: cheap enough for every 50 ms of a note.
    public static func follow(_ samples: ArraySlice<Float>, sampleRate: Double, from whole: Reading) -> Reading? {
        var near = peach_pitch_reading(frequency_hz: whole.frequency, harmonic: Int32(whole.harmonic), drift_cents: whole.driftCents)
        var reading = peach_pitch_reading()
        let status = samples.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { peach_pitch_follow($0, buffer.count, sampleRate, &near, &reading) } ?? -1
        }
        guard status == 0 else { return nil }
        return Reading(frequency: reading.frequency_hz, harmonic: Int(reading.harmonic), driftCents: reading.drift_cents)
    }
}
