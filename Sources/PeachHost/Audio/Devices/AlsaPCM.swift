import CAlsa
import Glibc
import PeachSupport

/// What playback and capture share of an ALSA PCM: opening it, settling its
/// format at the device's native rate with ALSA's resampler off (the `plug`
/// rate converter rounds each period to whole frames and so shifts pitch by
/// up to several cents), converting samples, and telling whether it has a
/// device clock. [main-thread], but for `SampleFormat`'s conversions.
enum AlsaPCM {
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

        /// [audio-thread] Float samples to the device's format.
        func encode(_ samples: UnsafePointer<Float>, count: Int, into target: UnsafeMutableRawPointer) {
            switch self {
            case .s32:
                let target = target.assumingMemoryBound(to: Int32.self)
                for index in 0..<count { target[index] = Int32(clamping: Int64((Double(samples[index]) * 2147483647).rounded())) }
            case .s16:
                let target = target.assumingMemoryBound(to: Int16.self)
                for index in 0..<count { target[index] = Int16(clamping: Int32((samples[index] * 32767).rounded())) }
            case .float32:
                target.copyMemory(from: samples, byteCount: count * 4)
            }
        }

        /// [audio-thread] The device's samples to Float, full scale ±1.
        func decode(_ source: UnsafeRawPointer, count: Int, into samples: UnsafeMutablePointer<Float>) {
            switch self {
            case .s32:
                let source = source.assumingMemoryBound(to: Int32.self)
                for index in 0..<count { samples[index] = Float(Double(source[index]) / 2147483648) }
            case .s16:
                let source = source.assumingMemoryBound(to: Int16.self)
                for index in 0..<count { samples[index] = Float(source[index]) / 32768 }
            case .float32:
                samples.update(from: source.assumingMemoryBound(to: Float.self), count: count)
            }
        }
    }

    /// A PCM open and set up for Peach's audio.
    struct Opened {
        let pcm: OpaquePointer
        let format: AudioFormat
        let sampleFormat: SampleFormat
        /// Whether its chain ends at a device clock (`endsAtDeviceClock`).
        let blocksOnDevice: Bool
    }

    enum OpenedFailure: Error {
        case cannotOpen(reason: String)
        case unsupported(DeviceSetupFailure)
    }

    /// `open`, then `configure`; the PCM is closed again if it cannot be set up.
    static func openConfigured(_ device: String, stream: snd_pcm_stream_t, rate: Double, channels: Int, periodFrames: Int,
                               periods: Int, configuration: String?) -> Result<Opened, OpenedFailure> {
        let pcm: OpaquePointer
        switch open(device, stream: stream, configuration: configuration) {
        case .success(let opened): pcm = opened
        case .failure(let failure): return .failure(.cannotOpen(reason: failure.reason))
        }
        switch configure(pcm, rate: rate, channels: channels, periodFrames: periodFrames, periods: periods) {
        case .success(let (format, sampleFormat)):
            return .success(Opened(pcm: pcm, format: format, sampleFormat: sampleFormat, blocksOnDevice: endsAtDeviceClock(pcm)))
        case .failure(let failure):
            snd_pcm_close(pcm)
            return .failure(.unsupported(failure))
        }
    }

    enum TransferResult {
        case done
        /// The device under- or overran and was restarted; the rest of the block went through after it.
        case recovered
        case lost(errno: Int32)
        case failed(errno: Int32)
    }

    /// [audio-thread] Moves `frames` frames through `transfer` (snd_pcm_writei or
    /// snd_pcm_readi at a byte offset), recovering from under- and overruns.
    static func transfer(_ pcm: OpaquePointer, frames: Int, bytesPerFrame: Int,
                         _ transfer: (_ byteOffset: Int, _ frames: snd_pcm_uframes_t) -> snd_pcm_sframes_t) -> TransferResult {
        var result = TransferResult.done
        var done = 0
        while done < frames {
            let count = transfer(done * bytesPerFrame, snd_pcm_uframes_t(frames - done))
            if count >= 0 { done += Int(count); continue }
            let code = Int32(-count)
            switch code {
            case EPIPE, ESTRPIPE, EINTR:
                guard snd_pcm_recover(pcm, Int32(count), 1) >= 0 else { return .failed(errno: code) }
                if code != EINTR { result = .recovered }
            case EBADFD where snd_pcm_prepare(pcm) >= 0:
                continue
            case ENODEV, ENXIO, EBADFD:
                return .lost(errno: code)
            default:
                return .failed(errno: code)
            }
        }
        return result
    }

    /// Opens `device` for `stream`; `configuration` is ALSA configuration text
    /// read on top of the system's (tests define their devices this way
    /// without touching anyone's `~/.asoundrc`). Throws the reason.
    static func open(_ device: String, stream: snd_pcm_stream_t, configuration: String? = nil) -> Result<OpaquePointer, OpenFailure> {
        peach_alsa_capture_errors()
        peach_alsa_clear_error()
        var handle: OpaquePointer?
        var status: Int32
        if let configuration {
            var tree: OpaquePointer?
            status = snd_config_update_ref(&tree)
            guard status >= 0, let tree else { return .failure(OpenFailure(reason: reason(status))) }
            defer { snd_config_unref(tree) }
            var local: OpaquePointer?
            snd_config_copy(&local, tree)
            defer { snd_config_delete(local) }
            var input: OpaquePointer?
            status = configuration.withCString { snd_input_buffer_open(&input, $0, strlen($0)) }
            guard status >= 0 else { return .failure(OpenFailure(reason: reason(status))) }
            defer { snd_input_close(input) }
            status = snd_config_load(local, input)
            guard status >= 0 else { return .failure(OpenFailure(reason: reason(status))) }
            status = snd_pcm_open_lconf(&handle, device, stream, 0, local)
        } else {
            status = snd_pcm_open(&handle, device, stream, 0)
        }
        guard status == 0, let handle else { return .failure(OpenFailure(reason: reason(status))) }
        return .success(handle)
    }

    struct OpenFailure: Error {
        let reason: String
    }

    /// The buffer size the device settled on, in frames.
    static func bufferFrames(_ pcm: OpaquePointer) -> Int? {
        var buffer: snd_pcm_uframes_t = 0, period: snd_pcm_uframes_t = 0
        return snd_pcm_get_params(pcm, &buffer, &period) == 0 ? Int(buffer) : nil
    }

    /// Settles format, channels and native rate, `periods` periods of `periodFrames`.
    /// Playback starts once the buffer is full, so it begins without a gap.
    static func configure(_ pcm: OpaquePointer, rate: Double, channels: Int, periodFrames: Int, periods: Int)
        -> Result<(AudioFormat, SampleFormat), DeviceSetupFailure> {
        var hw: OpaquePointer?
        snd_pcm_hw_params_malloc(&hw)
        defer { snd_pcm_hw_params_free(hw) }
        var status = snd_pcm_hw_params_any(pcm, hw)
        guard status >= 0 else { return .failure(.noConfiguration(reason: reason(status))) }
        snd_pcm_hw_params_set_rate_resample(pcm, hw, 0)
        status = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)
        guard status >= 0 else { return .failure(.notInterleaved(reason: reason(status))) }
        // Integer formats first: alsa-lib's `file` plugin labels float WAVs as integer PCM.
        guard let sample = [SampleFormat.s32, .s16, .float32].first(where: { snd_pcm_hw_params_test_format(pcm, hw, $0.alsa) == 0 }) else {
            return .failure(.noSampleFormat)
        }
        snd_pcm_hw_params_set_format(pcm, hw, sample.alsa)
        var channelCount = UInt32(channels)
        status = snd_pcm_hw_params_set_channels_near(pcm, hw, &channelCount)
        guard status >= 0 else { return .failure(.noChannelCount(reason: reason(status))) }
        var nativeRate = UInt32(rate)
        var direction: Int32 = 0
        status = snd_pcm_hw_params_set_rate_near(pcm, hw, &nativeRate, &direction)
        guard status >= 0 else { return .failure(.noRate(Int(rate), reason: reason(status))) }
        var period = snd_pcm_uframes_t(periodFrames)
        snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction)
        var buffer = snd_pcm_uframes_t(periodFrames * periods)
        snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer)
        status = snd_pcm_hw_params(pcm, hw)
        guard status >= 0 else { return .failure(.refused(reason: reason(status))) }
        snd_pcm_hw_params_get_period_size(hw, &period, &direction)
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)

        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        snd_pcm_sw_params_current(pcm, sw)
        if snd_pcm_stream(pcm) == SND_PCM_STREAM_PLAYBACK {
            snd_pcm_sw_params_set_start_threshold(pcm, sw, buffer - (buffer % period))
        }
        snd_pcm_sw_params_set_avail_min(pcm, sw, period)
        snd_pcm_sw_params(pcm, sw)
        snd_pcm_prepare(pcm)
        return .success((AudioFormat(sampleRate: Double(nativeRate), channels: Int(channelCount), blockFrames: Int(period)), sample))
    }

    /// Whether the PCM's chain of plugins ends anywhere but ALSA's `null`
    /// device. alsa-lib has no call for this; its dump names every PCM of the
    /// chain, one per line ("Plug PCM: Null PCM", "Slave: Null PCM", "Hardware
    /// PCM card 0 …", "Direct Stream Mixing PCM" …).
    static func endsAtDeviceClock(_ pcm: OpaquePointer) -> Bool {
        var buffer: OpaquePointer?
        guard snd_output_buffer_open(&buffer) == 0, let buffer else { return true }
        defer { snd_output_close(buffer) }
        guard snd_pcm_dump(pcm, buffer) == 0 else { return true }
        var text: UnsafeMutablePointer<CChar>?
        let length = snd_output_buffer_string(buffer, &text)
        guard let text else { return true }
        let lines = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self).split(separator: "\n")
        return !lines.contains { $0.hasSuffix("Null PCM") } || lines.contains { $0.contains("Hardware PCM") }
    }

    /// alsa-lib's own diagnostic if it gave one, else the errno text.
    static func reason(_ status: Int32) -> String {
        // alsa-lib ends some of its messages with a newline, which broke the sentence around it.
        let detail = String(cString: peach_alsa_last_error()).trimmingWhitespace()
        peach_alsa_clear_error()
        let code = ErrnoText.describe(-status)
        return detail.isEmpty ? code : "\(code): \(detail)"
    }
}
