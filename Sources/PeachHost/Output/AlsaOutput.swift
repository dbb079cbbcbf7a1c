import CAlsa
import Glibc

/// Plays through an ALSA PCM device such as `default`, `hw:0`, `plughw:1,0`,
/// or the user-space `null` and `file:FILE=x.wav,FORMAT=wav` devices.
///
/// It renders at the device's native rate with ALSA's resampler switched off:
/// the `plug` rate converter rounds each period to whole frames and so shifts
/// pitch by up to several cents, which a pitch trainer cannot allow.
///
/// A PCM that ends in ALSA's `null` device (`null`, `plug:null`, the `file`
/// device, whose slave is `null`) takes writes as fast as they come: it is
/// paced to real time here, like `NullOutput`, and gets no real-time priority.
public final class AlsaOutput: AudioOutput {
    public let format: AudioFormat
    public let deviceName: String
    public let blocksOnDevice: Bool
    private let pcm: OpaquePointer
    private let sampleFormat: SampleFormat
    private let conversion: UnsafeMutableRawPointer
    private var pacer: RealTimePacer?

    enum SampleFormat {
        case s32, s16, float32

        var alsa: snd_pcm_format_t {
            switch self {
            case .s32: SND_PCM_FORMAT_S32_LE
            case .s16: SND_PCM_FORMAT_S16_LE
            case .float32: SND_PCM_FORMAT_FLOAT_LE
            }
        }

        var bytes: Int { self == .s16 ? 2 : 4 }
    }

    /// Opens `device` and settles its format: the preferred rate if the device
    /// runs at it natively, else the device's nearest native rate.
    public init(device: String = "default", preferredRate: Double = 48000, preferredChannels: Int = 2,
                periodFrames: Int = 256, periods: Int = 4) throws(AudioOutputError) {
        peach_alsa_capture_errors()
        peach_alsa_clear_error()
        var handle: OpaquePointer?
        let status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status == 0, let handle else {
            throw .noDevice(name: device, reason: Self.reason(status))
        }
        deviceName = device
        pcm = handle
        do {
            (format, sampleFormat) = try Self.configure(handle, device: device, rate: preferredRate, channels: preferredChannels,
                                                         periodFrames: periodFrames, periods: periods)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        conversion = .allocate(byteCount: format.blockFrames * 4 * format.channels * sampleFormat.bytes, alignment: 16)
        blocksOnDevice = Self.endsAtDeviceClock(handle)
        if !blocksOnDevice { pacer = RealTimePacer(sampleRate: format.sampleRate, leadFrames: format.blockFrames * periods) }
    }

    /// Whether the PCM's chain of plugins ends anywhere but ALSA's `null`
    /// device. alsa-lib has no call for this; its dump names every PCM of the
    /// chain, one per line ("Plug PCM: Null PCM", "Slave: Null PCM", "Hardware
    /// PCM card 0 …", "Direct Stream Mixing PCM" …).
    private static func endsAtDeviceClock(_ pcm: OpaquePointer) -> Bool {
        var buffer: OpaquePointer?
        guard snd_output_buffer_open(&buffer) == 0, let buffer else { return true }
        defer { snd_output_close(buffer) }
        guard snd_pcm_dump(pcm, buffer) == 0 else { return true }
        var text: UnsafeMutablePointer<CChar>?
        let length = snd_output_buffer_string(buffer, &text)
        guard let text else { return true }
        let dump = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
        let lines = dump.split(separator: "\n")
        return !lines.contains { $0.hasSuffix("Null PCM") } || lines.contains { $0.contains("Hardware PCM") }
    }

    deinit { conversion.deallocate() }

    private static func configure(_ pcm: OpaquePointer, device: String, rate: Double, channels: Int, periodFrames: Int, periods: Int)
        throws(AudioOutputError) -> (AudioFormat, SampleFormat) {
        func unsupported(_ what: String, _ status: Int32) -> AudioOutputError {
            .unsupportedDevice(name: device, reason: "\(what) (\(reason(status)))")
        }
        var hw: OpaquePointer?
        snd_pcm_hw_params_malloc(&hw)
        defer { snd_pcm_hw_params_free(hw) }
        var status = snd_pcm_hw_params_any(pcm, hw)
        guard status >= 0 else { throw unsupported(localized(.alsaNoConfiguration), status) }
        snd_pcm_hw_params_set_rate_resample(pcm, hw, 0)
        status = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)
        guard status >= 0 else { throw unsupported(localized(.alsaNotInterleaved), status) }
        // Integer formats first: alsa-lib's `file` plugin labels float WAVs as integer PCM.
        guard let sample = [SampleFormat.s32, .s16, .float32].first(where: { snd_pcm_hw_params_test_format(pcm, hw, $0.alsa) == 0 }) else {
            throw .unsupportedDevice(name: device, reason: localized(.alsaNoSampleFormat))
        }
        snd_pcm_hw_params_set_format(pcm, hw, sample.alsa)
        var channelCount = UInt32(channels)
        status = snd_pcm_hw_params_set_channels_near(pcm, hw, &channelCount)
        guard status >= 0 else { throw unsupported(localized(.alsaNoChannelCount), status) }
        var nativeRate = UInt32(rate)
        var direction: Int32 = 0
        status = snd_pcm_hw_params_set_rate_near(pcm, hw, &nativeRate, &direction)
        guard status >= 0 else { throw unsupported(localized(.alsaNoRate, Int(rate)), status) }
        var period = snd_pcm_uframes_t(periodFrames)
        snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction)
        var buffer = snd_pcm_uframes_t(periodFrames * periods)
        snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer)
        status = snd_pcm_hw_params(pcm, hw)
        guard status >= 0 else { throw unsupported(localized(.alsaRefused), status) }
        snd_pcm_hw_params_get_period_size(hw, &period, &direction)
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)

        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        snd_pcm_sw_params_current(pcm, sw)
        // Start only once the buffer is full, so playback begins without a gap.
        snd_pcm_sw_params_set_start_threshold(pcm, sw, buffer - (buffer % period))
        snd_pcm_sw_params_set_avail_min(pcm, sw, period)
        snd_pcm_sw_params(pcm, sw)
        snd_pcm_prepare(pcm)
        return (AudioFormat(sampleRate: Double(nativeRate), channels: Int(channelCount), blockFrames: Int(period)), sample)
    }

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        let samples = frames * format.channels
        switch sampleFormat {
        case .s32:
            let target = conversion.assumingMemoryBound(to: Int32.self)
            for index in 0..<samples { target[index] = Int32(clamping: Int64((Double(interleaved[index]) * 2147483647).rounded())) }
        case .s16:
            let target = conversion.assumingMemoryBound(to: Int16.self)
            for index in 0..<samples { target[index] = Int16(clamping: Int32((interleaved[index] * 32767).rounded())) }
        case .float32:
            conversion.copyMemory(from: interleaved, byteCount: samples * 4)
        }
        pacer?.wait(afterWriting: frames)
        var result = OutputWriteResult.written
        var done = 0
        while done < frames {
            let count = snd_pcm_writei(pcm, conversion + done * format.channels * sampleFormat.bytes, snd_pcm_uframes_t(frames - done))
            if count >= 0 { done += Int(count); continue }
            let code = Int32(-count)
            switch code {
            case EPIPE, ESTRPIPE, EINTR:
                guard snd_pcm_recover(pcm, Int32(count), 1) >= 0 else { return .failed(errno: code) }
                if code != EINTR { result = .recoveredUnderrun }
            case EBADFD where snd_pcm_prepare(pcm) >= 0:
                continue
            case ENODEV, ENXIO, EBADFD:
                return .deviceLost(errno: code)
            default:
                return .failed(errno: code)
            }
        }
        return result
    }

    public func pendingFrames() -> Int? {
        if let pacer { return pacer.pendingFrames() }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? Int(delay) : nil
    }

    public func finish() throws(AudioOutputError) {
        snd_pcm_drain(pcm)
        let status = snd_pcm_close(pcm)
        guard status == 0 else { throw .closeFailed(target: deviceName, reason: Self.reason(status)) }
    }

    /// alsa-lib's own diagnostic if it gave one, else the errno text.
    private static func reason(_ status: Int32) -> String {
        let detail = String(cString: peach_alsa_last_error())
        peach_alsa_clear_error()
        let code = ErrnoText.describe(-status)
        return detail.isEmpty ? code : "\(code): \(detail)"
    }
}
