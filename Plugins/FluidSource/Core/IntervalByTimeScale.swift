import Glibc

/// How far a pair's second note strays from the asked interval, measured by
/// its time scale rather than by two pitch readings. The second note is the
/// first note's recording played `ratio` times faster, so the first note
/// resampled by the ratio (through `SincKernel`) should line up with it frame
/// for frame; an interval off by δ cents makes the second note run ahead by
/// t·δ·ln2/1200 at time t (0.1 cent: 3.3 frames at 48 kHz after 1.2 s). The
/// lag is found in successive 50 ms windows by cross-correlation normalised by
/// energy (the volume envelope runs in real time while the waveform is scaled,
/// so the two differ in level, not in timing), to a fraction of a frame by a
/// parabola through the peak. A pitch meter reading each note instead reads a
/// breathy or layered onset differently at two speeds and reports some 0.2
/// cent for a +0.3-cent pair that is exact; the lag does not care what the
/// waveform looks like, only how fast it is run through.
package struct IntervalByTimeScale: Equatable {
    /// Cents the second note sounds above the asked interval, from the
    /// slope of the lag over the whole second note.
    package var cents: Double
    /// The same from the windows of the onset alone.
    package var onsetCents: Double

    private static let windowSeconds = 0.05
    /// The farthest the lag is followed: some 14 cents off over 1.2 s.
    private static let maxLagSeconds = 0.01
    /// A window whose best normalised correlation stays below this holds no
    /// trace of the first note (silence, a sound died away) and is left out.
    private static let leastLikeness = 0.5

    /// [thread-safe] `second` (`secondFrames` long, all measured) against
    /// `first` played `ratio` times faster; the onset is the windows within
    /// `onsetSeconds`. Nil where fewer than three windows of either part match.
    package init?(first: UnsafePointer<Float>, frames firstFrames: Int, second: UnsafePointer<Float>, frames secondFrames: Int,
                  ratio: Double, sampleRate: Double, onsetSeconds: Double) {
        let window = Int(Self.windowSeconds * sampleRate)
        let maxLag = Int(Self.maxLagSeconds * sampleRate)
        let scaled = Self.scaled(first, frames: firstFrames, by: ratio, margin: maxLag, count: secondFrames)
        defer { scaled.deallocate() }
        let expected = UnsafePointer(scaled + maxLag)  // frame 0 of the first note at the second's speed

        var lags: [(frame: Double, lag: Double)] = []
        for start in stride(from: 0, through: secondFrames - window, by: window) {
            let heard = second + start
            let heardEnergy = Self.dot(heard, heard, window)
            guard heardEnergy > 0 else { continue }
            func likeness(_ lag: Int) -> Double {
                let candidate = expected + start + lag
                let energy = Self.dot(candidate, candidate, window)
                return energy > 0 ? Self.dot(heard, candidate, window) / (energy * heardEnergy).squareRoot() : 0
            }
            // Climb from where the lags so far point to the nearest peak: a
            // period away lies another, as high, that must not be taken.
            let predicted = lags.count < 2 ? lags.last?.lag ?? 0
                : lags[lags.count - 1].lag + (lags[lags.count - 1].lag - lags[lags.count - 2].lag)
                    * (Double(start + window / 2) - lags[lags.count - 1].frame) / (lags[lags.count - 1].frame - lags[lags.count - 2].frame)
            var lag = Int(predicted.rounded())
            guard abs(lag) < maxLag - 1 else { break }
            var below = likeness(lag - 1), here = likeness(lag), above = likeness(lag + 1)
            while above > here, lag + 2 < maxLag { (below, here, lag) = (here, above, lag + 1); above = likeness(lag + 1) }
            while below > here, lag - 2 > -maxLag { (above, here, lag) = (here, below, lag - 1); below = likeness(lag - 1) }
            guard here >= Self.leastLikeness, below <= here, above <= here else { continue }
            let curvature = below - 2 * here + above
            lags.append((Double(start + window / 2), Double(lag) + (curvature < 0 ? (below - above) / (2 * curvature) : 0)))
        }
        let onsetFrames = onsetSeconds * sampleRate
        guard let slope = Self.slope(lags), let onsetSlope = Self.slope(lags.filter { $0.frame < onsetFrames }) else { return nil }
        cents = 1200 * log2(1 + slope)
        onsetCents = 1200 * log2(1 + onsetSlope)
    }

    /// `first` at frames ratio·n for n in -margin..<count+margin (silence
    /// before its start and past its end), into a buffer the caller frees.
    private static func scaled(_ first: UnsafePointer<Float>, frames: Int, by ratio: Double, margin: Int, count: Int) -> UnsafeMutablePointer<Float> {
        // The first note padded with silence so that every position reads all the kernel's taps.
        let padded = UnsafeMutablePointer<Float>.allocate(capacity: frames + SincKernel.taps)
        defer { padded.deallocate() }
        padded.initialize(repeating: 0, count: frames + SincKernel.taps)
        (padded + SincKernel.before).update(from: first, count: frames)
        let scaled = UnsafeMutablePointer<Float>.allocate(capacity: count + 2 * margin)
        scaled.initialize(repeating: 0, count: count + 2 * margin)
        for n in 0..<count + margin {
            let position = ratio * Double(n)
            let base = Int(position)
            guard base < frames else { break }
            // The kernel filters two channels at once; both read the one note here. Its cutoff at
            // Nyquist lets a ratio up to 1.09 fold back only what lies above 22 kHz, which samples lack.
            scaled[margin + n] = SincKernel.interpolate(padded + base, padded + base, fraction: position - Double(base)).left
        }
        return scaled
    }

    private static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int) -> Double {
        var sum = SIMD16<Float>()
        var index = 0
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        while index + 16 <= count {
            let offset = index * MemoryLayout<Float>.stride
            sum += ra.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * rb.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
            index += 16
        }
        var total = Double(sum.sum())
        while index < count {
            total += Double(a[index]) * Double(b[index])
            index += 1
        }
        return total
    }

    /// The least-squares slope of lag over frame; nil under three points.
    private static func slope(_ points: [(frame: Double, lag: Double)]) -> Double? {
        guard points.count >= 3 else { return nil }
        let meanFrame = points.map(\.frame).reduce(0, +) / Double(points.count)
        let meanLag = points.map(\.lag).reduce(0, +) / Double(points.count)
        let covariance = points.map { ($0.frame - meanFrame) * ($0.lag - meanLag) }.reduce(0, +)
        let variance = points.map { ($0.frame - meanFrame) * ($0.frame - meanFrame) }.reduce(0, +)
        return covariance / variance
    }
}
