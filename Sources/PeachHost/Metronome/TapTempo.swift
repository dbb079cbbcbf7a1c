/// Tempo from taps: three taps or more, the mean of the last eight intervals;
/// a pause of two seconds starts counting afresh. Times are frames of the
/// engine's clock, so the beat can be laid on the taps themselves.
public struct TapTempo: Sendable {
    public let sampleRate: Double
    private var taps: [Int64] = []
    public static let resetSeconds = 2.0
    static let remembered = 9

    public init(sampleRate: Double) { self.sampleRate = sampleRate }

    /// Adds a tap at `frame`; the tempo (within `MetronomeSetup.tempoRange`, to 0.1 BPM) once there are three.
    public mutating func tap(atFrame frame: Int64) -> Double? {
        if let last = taps.last, Double(frame - last) > Self.resetSeconds * sampleRate || frame <= last { taps.removeAll() }
        taps.append(frame)
        if taps.count > Self.remembered { taps.removeFirst(taps.count - Self.remembered) }
        guard taps.count >= 3 else { return nil }
        let interval = Double(taps.last! - taps.first!) / Double(taps.count - 1)
        let bpm = (60 * sampleRate / interval * 10).rounded() / 10
        return min(max(bpm, MetronomeSetup.tempoRange.lowerBound), MetronomeSetup.tempoRange.upperBound)
    }

    /// The frame of the last tap, where the tapped beat falls.
    public var lastTap: Int64? { taps.last }
}
