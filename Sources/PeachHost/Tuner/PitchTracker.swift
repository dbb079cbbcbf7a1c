import Glibc

/// The pitch of a monophonic stream, read step by step as samples arrive.
/// Feed it any number of samples at a time; each call returns the readings
/// of the steps those samples completed. [main-thread] or any one thread.
///
/// PLACEHOLDER (lead's skeleton): a plain NSDF peak, to be replaced by the
/// tracker proper (MPM candidate, refinement, octave guard).
public final class PitchTracker {
    public let settings: TrackerSettings
    private let windowFrames: Int
    private var buffer: [Float] = []
    private var consumed = 0  // stream frames dropped from the front of `buffer`
    private var nextEnd: Int

    public init(settings: TrackerSettings) {
        self.settings = settings
        windowFrames = Int(2.2 * settings.sampleRate / settings.lowest)
        nextEnd = windowFrames
    }

    public func push(_ samples: some Collection<Float>) -> [PitchReading] {
        buffer.append(contentsOf: samples)
        var readings: [PitchReading] = []
        while consumed + buffer.count >= nextEnd {
            let start = nextEnd - windowFrames - consumed
            readings.append(read(Array(buffer[start..<(start + windowFrames)]), endFrame: nextEnd))
            nextEnd += settings.hopFrames
        }
        let drop = min(buffer.count, max(0, nextEnd - windowFrames - consumed))
        buffer.removeFirst(drop)
        consumed += drop
        return readings
    }

    private func read(_ window: [Float], endFrame: Int) -> PitchReading {
        let time = Double(endFrame) / settings.sampleRate
        let power = window.reduce(0) { $0 + Double($1) * Double($1) } / Double(window.count)
        let level = 10 * log10(max(power * 2, 1e-20))
        let minLag = Int(settings.sampleRate / settings.highest), maxLag = min(window.count / 2, Int(settings.sampleRate / settings.lowest))
        var nsdf = [Double](repeating: 0, count: maxLag + 2)
        for lag in max(1, minLag - 1)...(maxLag + 1) {
            var acf = 0.0, energy = 0.0
            for index in 0..<(window.count - lag) {
                acf += Double(window[index]) * Double(window[index + lag])
                energy += Double(window[index]) * Double(window[index]) + Double(window[index + lag]) * Double(window[index + lag])
            }
            nsdf[lag] = energy > 0 ? 2 * acf / energy : 0
        }
        guard let best = (minLag...maxLag).max(by: { nsdf[$0] < nsdf[$1] }), nsdf[best] > 0.5, best > 1 else {
            return PitchReading(time: time, frequency: nil, clarity: max(0, nsdf[minLag...maxLag].max() ?? 0), level: level)
        }
        let (a, b, c) = (nsdf[best - 1], nsdf[best], nsdf[best + 1])
        let shift = (a - c) / (2 * (a - 2 * b + c))
        return PitchReading(time: time, frequency: settings.sampleRate / (Double(best) + shift), clarity: b, level: level)
    }
}
