/// One channel of the engine's captured audio, which arrives interleaved:
/// a tuner follows one string, one microphone.
struct CapturedChannel {
    let index: Int
    let channels: Int

    func mono(_ interleaved: [Float]) -> [Float] {
        guard channels > 1 else { return interleaved }
        return stride(from: index, to: interleaved.count, by: channels).map { interleaved[$0] }
    }
}
