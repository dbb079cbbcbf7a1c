/// A sample as the audio thread plays it: planar samples at the output's
/// rate, its first frame the first that is not silence. `right` is the same
/// buffer as `left` for a mono file or a mono output.
struct SampleSound {
    let left: UnsafePointer<Float>
    let right: UnsafePointer<Float>
    let frames: Int

    /// [main-thread] From one channel or two of equal length.
    init(_ channels: [[Float]]) {
        func copy(_ samples: [Float]) -> UnsafePointer<Float> {
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: samples.count)
            buffer.initialize(from: samples, count: samples.count)
            return UnsafePointer(buffer)
        }
        left = copy(channels[0])
        right = channels.count > 1 ? copy(channels[1]) : left
        frames = channels[0].count
    }

    /// [main-thread] Frees the samples; the sound must not be played again.
    func free() {
        if right != left { UnsafeMutablePointer(mutating: right).deallocate() }
        UnsafeMutablePointer(mutating: left).deallocate()
    }
}
