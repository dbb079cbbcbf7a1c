import CFFTW
import Synchronization

/// McLeod's normalised square difference function (NSDF) of a window, by
/// FFT, and the period its key maxima point at (MPM, McLeod & Wyvill 2005).
/// One instance per tracker: it owns FFTW buffers, up to the longest window's.
final class NormalisedAutocorrelation {
    /// The period candidate: the first key maximum within `keyShare` of the highest.
    struct Candidate {
        var period: Double  // in frames, interpolated
        var clarity: Double  // the NSDF at that lag, 0...1
    }

    /// MPM's k: a shorter period wins if its peak holds this share of the highest,
    /// so that a period of two or three true periods is not taken for the note.
    static let keyShare = 0.9

    let capacity: Int
    /// Plans and buffers by FFT size: a short window (a held note's check) needs a small transform.
    private var transforms: [Int: Transform] = [:]
    private var nsdf: [Double]

    init(capacity: Int) {
        self.capacity = capacity
        nsdf = [Double](repeating: 0, count: capacity)
    }

    /// One FFT size's buffers and plans (r2c and c2r).
    final class Transform {
        let size: Int
        let real: UnsafeMutablePointer<Double>
        let spectrum: UnsafeMutablePointer<fftw_complex>
        let forward: fftw_plan, backward: fftw_plan

        /// FFTW's planner is not thread-safe; trackers may be made on any thread.
        private static let planner = Mutex(())

        init(size: Int) {
            self.size = size
            nonisolated(unsafe) let real = fftw_alloc_real(size)!, spectrum = fftw_alloc_complex(size / 2 + 1)!
            nonisolated(unsafe) var plans: (fftw_plan, fftw_plan)?
            Self.planner.withLock { _ in
                plans = (fftw_plan_dft_r2c_1d(Int32(size), real, spectrum, UInt32(FFTW_ESTIMATE)),
                         fftw_plan_dft_c2r_1d(Int32(size), spectrum, real, UInt32(FFTW_ESTIMATE)))
            }
            (self.real, self.spectrum) = (real, spectrum)
            (forward, backward) = plans!
        }

        deinit {
            nonisolated(unsafe) let plans = (forward, backward)
            Self.planner.withLock { _ in
                fftw_destroy_plan(plans.0)
                fftw_destroy_plan(plans.1)
            }
            fftw_free(real)
            fftw_free(spectrum)
        }
    }

    /// The period in `window` between `shortest` and `longest` frames, or nil
    /// when no key maximum lies there. `longest` is cut to half the window:
    /// a period must show twice to be one.
    func candidate(_ window: UnsafeBufferPointer<Float>, shortest: Int, longest: Int) -> Candidate? {
        let count = min(window.count, capacity)
        let longest = min(longest, count / 2)
        guard longest > max(shortest, 2) else { return nil }
        fill(window, count: count, upTo: longest + 1)

        // Key maxima: the highest point of each positive stretch after the lag-0 lobe has gone negative.
        var keys: [(lag: Int, value: Double)] = []
        var lag = 1
        while lag <= longest && nsdf[lag] > 0 { lag += 1 }
        while lag <= longest {
            while lag <= longest && nsdf[lag] <= 0 { lag += 1 }
            var best = lag
            while lag <= longest + 1 && lag < count && nsdf[lag] > 0 {
                if nsdf[lag] > nsdf[best] { best = lag }
                lag += 1
            }
            if best <= longest && best >= shortest - 1 && best > 0 && best + 1 < count { keys.append((best, nsdf[best])) }
        }
        guard let highest = keys.map(\.value).max(), highest > 0,
              let key = keys.first(where: { $0.value >= Self.keyShare * highest }) else { return nil }
        let (a, b, c) = (nsdf[key.lag - 1], nsdf[key.lag], nsdf[key.lag + 1])
        let curvature = a - 2 * b + c
        let shift = curvature < 0 ? max(-0.5, min(0.5, (a - c) / (2 * curvature))) : 0
        let peak = b - (a - c) * shift / 4
        return Candidate(period: Double(key.lag) + shift, clarity: min(1, max(0, peak)))
    }

    /// The NSDF at `lag` (whole frames) of the window last analysed.
    func value(at lag: Int) -> Double { lag >= 0 && lag < nsdf.count ? nsdf[lag] : 0 }

    /// nsdf[τ] = 2·Σx[n]x[n+τ] / Σ(x[n]² + x[n+τ]²), for τ in 0...last.
    private func fill(_ window: UnsafeBufferPointer<Float>, count: Int, upTo last: Int) {
        var size = 256
        while size < 2 * count { size *= 2 }
        let transform = transforms[size] ?? Transform(size: size)
        transforms[size] = transform
        let (real, spectrum) = (transform.real, transform.spectrum)
        let start = window.count - count
        var mean = 0.0
        for n in 0..<count { mean += Double(window[start + n]) }
        mean /= Double(count)
        for n in 0..<count { real[n] = Double(window[start + n]) - mean }
        for n in count..<size { real[n] = 0 }
        fftw_execute(transform.forward)
        for bin in 0...(size / 2) {
            let (re, im) = (spectrum[bin].0, spectrum[bin].1)
            spectrum[bin] = (re * re + im * im, 0)
        }
        fftw_execute(transform.backward)
        // The inverse is unscaled: real[τ] = size · Σx[n]x[n+τ].
        var energy = 0.0
        for n in 0..<count { energy += (Double(window[start + n]) - mean) * (Double(window[start + n]) - mean) }
        var m = 2 * energy
        let upper = min(last, count - 1)
        for lag in 0...upper {
            if lag > 0 {
                let head = Double(window[start + lag - 1]) - mean, tail = Double(window[start + count - lag]) - mean
                m -= head * head + tail * tail
            }
            nsdf[lag] = m > 1e-30 ? 2 * real[lag] / Double(size) / m : 0
        }
        for lag in (upper + 1)..<max(upper + 1, min(nsdf.count, last + 1)) { nsdf[lag] = 0 }
    }
}
