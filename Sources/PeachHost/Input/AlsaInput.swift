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
        let handle: OpaquePointer
        switch AlsaPCM.open(device, stream: SND_PCM_STREAM_CAPTURE, configuration: configuration) {
        case .success(let opened): handle = opened
        case .failure(let failure): throw .noDevice(name: device, reason: failure.reason)
        }
        deviceName = device
        pcm = handle
        switch AlsaPCM.configure(handle, rate: preferredRate, channels: preferredChannels, periodFrames: periodFrames, periods: periods) {
        case .success(let settled): (format, sampleFormat) = settled
        case .failure(let failure):
            snd_pcm_close(handle)
            throw .unsupportedDevice(name: device, reason: failure.description)
        }
        conversion = .allocate(byteCount: format.blockFrames * 4 * format.channels * sampleFormat.bytes, alignment: 16)
        blocksOnDevice = AlsaPCM.endsAtDeviceClock(handle)
        // A capture without a clock has nothing to wait for: no lead, every block when it is due.
        if !blocksOnDevice { pacer = RealTimePacer(sampleRate: format.sampleRate, leadFrames: 0) }
    }

    deinit { conversion.deallocate() }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> InputReadResult {
        precondition(frames <= format.blockFrames * 4, "read larger than the conversion buffer")
        var result = InputReadResult.read
        var done = 0
        while done < frames {
            let count = snd_pcm_readi(pcm, conversion + done * format.channels * sampleFormat.bytes, snd_pcm_uframes_t(frames - done))
            if count >= 0 { done += Int(count); continue }
            let code = Int32(-count)
            switch code {
            case EPIPE, ESTRPIPE, EINTR:
                guard snd_pcm_recover(pcm, Int32(count), 1) >= 0 else { return .failed(errno: code) }
                if code != EINTR { result = .recoveredOverrun }
            case EBADFD where snd_pcm_prepare(pcm) >= 0:
                continue
            case ENODEV, ENXIO, EBADFD:
                return .deviceLost(errno: code)
            default:
                return .failed(errno: code)
            }
        }
        sampleFormat.decode(conversion, count: frames * format.channels, into: buffer)
        pacer?.wait(afterWriting: frames)
        return result
    }

    public func pendingFrames() -> Int? {
        if pacer != nil { return 0 }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? Int(delay) : nil
    }

    public func finish() {
        snd_pcm_close(pcm)
    }
}
