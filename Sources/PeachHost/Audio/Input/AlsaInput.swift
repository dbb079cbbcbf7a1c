import CAlsa
import Glibc

/// Captures from an ALSA PCM device (`default`, `hw:0`, `dsnoop:…`, or a
/// `file` PCM with an `infile`, which is how the tests capture on a machine
/// without a sound card), at the device's native rate with the resampler off.
///
/// A PCM that ends in ALSA's `null` device hands back frames as fast as they
/// are asked for: it is paced to real time, like a file output.
public final class AlsaInput: AudioInput {
    public let format: AudioFormat
    public let deviceName: String
    public let blocksOnDevice: Bool
    private let pcm: OpaquePointer
    private let sampleFormat: AlsaPCM.SampleFormat
    private let conversion: UnsafeMutableRawPointer
    private var pacer: RealTimePacer?

    /// Opens `device` for capture. `configuration`: ALSA configuration text read
    /// on top of the system's.
    public init(device: String = "default", preferredRate: Double = 48000, preferredChannels: Int = 1,
                periodFrames: Int = 256, periods: Int = 4, configuration: String? = nil) throws(AudioInputError) {
        let opened: AlsaPCM.Opened
        switch AlsaPCM.openConfigured(device, stream: SND_PCM_STREAM_CAPTURE, rate: preferredRate, channels: preferredChannels,
                                      periodFrames: periodFrames, periods: periods, configuration: configuration) {
        case .success(let pcm): opened = pcm
        case .failure(.cannotOpen(let reason)): throw .noDevice(name: device, reason: reason)
        case .failure(.unsupported(let failure)): throw .unsupportedDevice(name: device, failure)
        }
        deviceName = device
        (pcm, format, sampleFormat, blocksOnDevice) = (opened.pcm, opened.format, opened.sampleFormat, opened.blocksOnDevice)
        conversion = .allocate(byteCount: format.blockFrames * 4 * format.channels * sampleFormat.bytes, alignment: 16)
        // A capture without a clock has nothing to wait for: no lead, every block when it is due.
        if !blocksOnDevice { pacer = RealTimePacer(sampleRate: format.sampleRate, leadFrames: 0) }
    }

    deinit { conversion.deallocate() }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> InputReadResult {
        precondition(frames <= format.blockFrames * 4, "read larger than the conversion buffer")
        let result: InputReadResult
        switch AlsaPCM.transfer(pcm, frames: frames, bytesPerFrame: format.channels * sampleFormat.bytes, { snd_pcm_readi(pcm, conversion + $0, $1) }) {
        case .done: result = .read
        case .recovered: result = .recoveredOverrun
        case .lost(let code): return .deviceLost(errno: code)
        case .failed(let code): return .failed(errno: code)
        }
        sampleFormat.decode(conversion, count: frames * format.channels, into: buffer)
        pacer?.wait(afterWriting: frames)
        return result
    }

    /// One period: the device hands over captured audio a period at a time.
    public var latencyFrames: Int { format.blockFrames }

    public func pendingFrames() -> Int? {
        if pacer != nil { return 0 }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? Int(delay) : nil
    }

    public func finish() {
        snd_pcm_close(pcm)
    }
}
