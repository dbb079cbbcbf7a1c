/// Brings a sample recorded at another rate to the output's, once, at activate.
///
/// Linear interpolation, because a sample here is a one-shot (a click, a
/// drum, a short phrase): its faults, a slight dulling of the top octave and
/// faint aliasing when the rate falls, matter little there, and it keeps the
/// first output frame equal to the first sample, so the onset stays on its
/// frame. The length scales with the rates, so the sound keeps its pitch and duration.
enum LinearResampler {
    static func resample(_ samples: [Float], from sourceRate: Double, to targetRate: Double) -> [Float] {
        guard sourceRate != targetRate, samples.count > 1 else { return samples }
        let step = sourceRate / targetRate
        let count = Int((Double(samples.count - 1) / step).rounded(.down)) + 1
        return (0..<count).map { frame in
            let position = Double(frame) * step
            let index = min(Int(position), samples.count - 2)
            let fraction = Float(position - Double(index))
            return samples[index] + fraction * (samples[index + 1] - samples[index])
        }
    }
}
