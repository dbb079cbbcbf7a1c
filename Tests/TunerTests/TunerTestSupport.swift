import Glibc
import PeachTestSupport
import PeachTuner

/// Readings of a whole take, pushed in uneven chunks as a capture would deliver them.
func readings(of samples: [Float], settings: TrackerSettings = TrackerSettings(sampleRate: 48000)) -> [PitchReading] {
    let tracker = PitchTracker(settings: settings)
    var readings: [PitchReading] = []
    var index = 0, chunk = 0
    let sizes = [333, 1024, 97, 4096]
    while index < samples.count {
        let end = min(samples.count, index + sizes[chunk % sizes.count])
        readings += tracker.push(samples[index..<end])
        (index, chunk) = (end, chunk + 1)
    }
    return readings
}

func cents(_ frequency: Double, from reference: Double) -> Double { 1200 * log2(frequency / reference) }

/// The readings in `span` (seconds), with their error against `truth` in cents (nil: no pitch).
func errors(_ readings: [PitchReading], in span: ClosedRange<Double>, truth: Double) -> [(time: Double, cents: Double?)] {
    readings.filter { span.contains($0.time) }.map { ($0.time, $0.frequency.map { cents($0, from: truth) }) }
}

/// A summary for failure messages: the readings outside ±`limit` cents.
func outliers(_ errors: [(time: Double, cents: Double?)], limit: Double) -> String {
    errors.filter { $0.cents.map { abs($0) > limit } ?? true }.prefix(8)
        .map { "\(($0.time * 1000).rounded()) ms: \($0.cents.map { String(format: "%.3f", $0) } ?? "none")" }.joined(separator: ", ")
}
