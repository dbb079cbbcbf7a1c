import Glibc

/// The fundamental of a harmonic tone read to a small fraction of a cent:
/// the frequency whose first harmonics, fitted by least squares, explain the
/// most of the window (the maximum-likelihood estimate for a steady tone in
/// white noise, near the Cramér-Rao bound).
///
/// The fit is exact for any window length, so it works with two or three
/// periods, where windowed-DFT methods blur neighbouring harmonics. With the
/// time origin at the window's centre the cosine and sine parts are
/// orthogonal, and their Gram matrices have closed forms (Dirichlet kernels):
/// each trial frequency costs one pass over the samples per harmonic.
///
/// Peach's `PitchMeter` (C, a phase slope across windows of eight periods)
/// needs sixteen periods, 400 ms at 40 Hz: too long for a tuner's 100 ms.
enum HarmonicFit {
    /// Harmonics fitted: enough to read a note whose fundamental is weak and
    /// to leave little of a bright tone unexplained (an unfitted partial leaks
    /// into the fitted ones), up to 10 kHz.
    static let harmonics = 12
    static let highestHarmonic = 10000.0

    /// How many harmonics of `fundamental` are fitted.
    static func harmonics(of fundamental: Double, sampleRate: Double) -> Int {
        max(1, min(harmonics, Int(min(0.45 * sampleRate, max(highestHarmonic, 2 * fundamental)) / fundamental)))
    }

    /// The frequency near `near` (Hz, within a few cents) that best explains `window`.
    /// First with two harmonics, whose wide peak holds a rough start, by direct
    /// passes; then with all, on a Taylor expansion of the projections (one
    /// pass over the samples gives them at every nearby frequency).
    /// Also returns the share of the window's energy the fitted harmonics explain (0...1).
    static func refine(_ window: UnsafeBufferPointer<Float>, sampleRate: Double, near: Double, close: Bool = false) -> (frequency: Double, explained: Double) {
        let count = window.count
        let harmonics = harmonics(of: near, sampleRate: sampleRate)
        var theta = 2 * Double.pi * near / sampleRate
        var scratch = Scratch(harmonics: harmonics)
        if !close {
            let rough = min(2, harmonics)
            theta = peak(from: theta, step: lobeStep(count: count, harmonics: rough)) {
                explained(window, theta: $0, harmonics: rough, scratch: &scratch)
            }
        }
        // The expansion holds while the highest harmonic's phase moves by little more than a twentieth of a radian across half the window.
        let reach = 0.05 / (Double(harmonics) * Double(count) / 2)
        var share = 0.0
        var total = 0.0
        for n in 0..<count { total += Double(window[n]) * Double(window[n]) }
        for _ in 0..<4 {
            let expansion = Expansion(window, theta: theta, harmonics: harmonics)
            let best = peak(from: theta, step: lobeStep(count: count, harmonics: harmonics)) { trial in
                expansion.project(at: trial, into: &scratch)
                return energy(theta: trial, count: count, harmonics: harmonics, scratch: &scratch)
            }
            expansion.project(at: best, into: &scratch)
            share = total > 0 ? min(1, energy(theta: best, count: count, harmonics: harmonics, scratch: &scratch) / total) : 0
            defer { theta = best }
            if abs(best - theta) < reach { break }
        }
        return (theta * sampleRate / (2 * Double.pi), share)
    }

    /// A twentieth of the highest harmonic's main lobe: the explained energy is a parabola over a few such steps.
    private static func lobeStep(count: Int, harmonics: Int) -> Double { 0.1 * Double.pi / (Double(count) * Double(harmonics)) }

    /// The peak of `value` near `start`, by parabolas through three points `step` apart.
    private static func peak(from start: Double, step: Double, _ value: (Double) -> Double) -> Double {
        var theta = start
        for _ in 0..<8 {
            let (below, centre, above) = (value(theta - step), value(theta), value(theta + step))
            let curvature = below - 2 * centre + above
            guard curvature < 0 else {
                theta += above > below ? 4 * step : -4 * step  // not yet on the peak's cap: walk towards it
                continue
            }
            let offset = max(-4, min(4, (below - above) / (2 * curvature)))
            theta += offset * step
            if abs(offset) < 0.01 { break }
        }
        return theta
    }

    /// Reused storage for one refinement: projections and Gram matrices.
    struct Scratch {
        var cosines: [Double], sines: [Double], gram: [Double], solved: [Double], kernel: [Double]
        init(harmonics: Int) {
            kernel = [Double](repeating: 0, count: 2 * harmonics + 1)
            cosines = [Double](repeating: 0, count: harmonics + 1)
            sines = [Double](repeating: 0, count: harmonics + 1)
            gram = [Double](repeating: 0, count: (harmonics + 1) * (harmonics + 1))
            solved = [Double](repeating: 0, count: harmonics + 1)
        }
    }

    /// Σ x(t)·tᵐ·e^{−ikθ₀t} for m = 0, 1, 2 (t from the window's centre), so
    /// that the projections at θ₀ + Δ follow without another pass:
    /// e^{−ikΔt} ≈ 1 − ikΔt − (kΔt)²/2.
    struct Expansion {
        let theta: Double, harmonics: Int
        var moments: [[(re: Double, im: Double)]]  // [m][k]

        init(_ window: UnsafeBufferPointer<Float>, theta: Double, harmonics: Int) {
            (self.theta, self.harmonics) = (theta, harmonics)
            let centre = Double(window.count - 1) / 2
            // Flat storage, per harmonic: phasor (re, im), step (re, im), then the three sums (re, im).
            let width = 10
            var state = [Double](repeating: 0, count: width * (harmonics + 1))
            for k in 0...harmonics {
                let angle = Double(k) * theta
                state[width * k] = cos(angle * centre); state[width * k + 1] = sin(angle * centre)
                state[width * k + 2] = cos(angle); state[width * k + 3] = -sin(angle)
            }
            state.withUnsafeMutableBufferPointer { state in
                for n in 0..<window.count {
                    let x = Double(window[n]), t = Double(n) - centre
                    let (x1, x2) = (x * t, x * t * t)
                    for k in 0...harmonics {
                        let base = width * k
                        let (re, im) = (state[base], state[base + 1])
                        state[base + 4] += x * re; state[base + 5] += x * im
                        state[base + 6] += x1 * re; state[base + 7] += x1 * im
                        state[base + 8] += x2 * re; state[base + 9] += x2 * im
                        state[base] = re * state[base + 2] - im * state[base + 3]
                        state[base + 1] = re * state[base + 3] + im * state[base + 2]
                    }
                }
            }
            moments = (0..<3).map { m in (0...harmonics).map { k in (state[width * k + 4 + 2 * m], state[width * k + 5 + 2 * m]) } }
        }

        /// The projections on cos(kθt) and sin(kθt) at `trial`, into `scratch`.
        func project(at trial: Double, into scratch: inout Scratch) {
            let delta = trial - theta
            for k in 0...harmonics {
                let a = Double(k) * delta
                // p = M0 − i·a·M1 − a²/2·M2 = Σ x e^{−ikθt}; its real part is the cosine projection, minus its imaginary part the sine one.
                let (m0, m1, m2) = (moments[0][k], moments[1][k], moments[2][k])
                let re = m0.re + a * m1.im - a * a / 2 * m2.re
                let im = m0.im - a * m1.re - a * a / 2 * m2.im
                (scratch.cosines[k], scratch.sines[k]) = (re, -im)
            }
        }
    }

    /// The energy of `window` that harmonics 0...`harmonics` of `theta` (radians per frame) explain.
    static func explained(_ window: UnsafeBufferPointer<Float>, theta: Double, harmonics: Int, scratch: inout Scratch) -> Double {
        Expansion(window, theta: theta, harmonics: harmonics).project(at: theta, into: &scratch)
        return energy(theta: theta, count: window.count, harmonics: harmonics, scratch: &scratch)
    }

    /// The energy explained by the projections in `scratch`: pᵀG⁻¹p for the cosine and the sine block.
    private static func energy(theta: Double, count: Int, harmonics: Int, scratch: inout Scratch) -> Double {
        let length = Double(count)
        // Σ_t cos(mθt) over the centred span (a Dirichlet kernel), for every m the Gram entries need.
        for m in 0...(2 * harmonics) {
            let phi = Double(m) * theta, half = sin(phi / 2)
            scratch.kernel[m] = abs(half) < 1e-12 ? length : sin(length * phi / 2) / half
        }
        // Cosine block, harmonics 0...H (0 is the constant); rows as long as the scratch's.
        let size = scratch.cosines.count
        for a in 0...harmonics {
            for b in 0...a {
                let value = 0.5 * (scratch.kernel[a - b] + scratch.kernel[a + b])
                scratch.gram[a * size + b] = value
                scratch.gram[b * size + a] = value
            }
        }
        var energy = solvedEnergy(&scratch.gram, scratch.cosines, order: harmonics + 1, offset: 0, solved: &scratch.solved)
        // Sine block, harmonics 1...H.
        for a in 1...harmonics {
            for b in 1...a {
                let value = 0.5 * (scratch.kernel[a - b] - scratch.kernel[a + b])
                scratch.gram[(a - 1) * size + (b - 1)] = value
                scratch.gram[(b - 1) * size + (a - 1)] = value
            }
        }
        energy += solvedEnergy(&scratch.gram, scratch.sines, order: harmonics, offset: 1, solved: &scratch.solved)
        return energy
    }

    /// pᵀ G⁻¹ p for the symmetric positive (semi)definite `gram` (order × order,
    /// row stride = its first dimension's capacity) and p = projections[offset...],
    /// by Cholesky with a small ridge for nearly dependent harmonics.
    private static func solvedEnergy(_ gram: inout [Double], _ projections: [Double], order: Int, offset: Int, solved: inout [Double]) -> Double {
        let stride = projections.count
        var trace = 0.0
        for i in 0..<order { trace += gram[i * stride + i] }
        let ridge = 1e-10 * trace / Double(order)
        for i in 0..<order {
            for j in 0...i {
                var sum = gram[i * stride + j] + (i == j ? ridge : 0)
                for k in 0..<j { sum -= gram[i * stride + k] * gram[j * stride + k] }
                if i == j {
                    guard sum > 0 else { return 0 }
                    gram[i * stride + i] = sqrt(sum)
                } else {
                    gram[i * stride + j] = sum / gram[j * stride + j]
                }
            }
        }
        // Forward substitution: L y = p, and pᵀG⁻¹p = |y|².
        var energy = 0.0
        for i in 0..<order {
            var sum = projections[offset + i]
            for k in 0..<i { sum -= gram[i * stride + k] * solved[k] }
            solved[i] = sum / gram[i * stride + i]
            energy += solved[i] * solved[i]
        }
        return energy
    }
}
