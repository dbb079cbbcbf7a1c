import CAlsa
import Glibc

/// Plays through an ALSA PCM device such as `default`, `hw:0`, `plughw:1,0`,
/// or the user-space `null` and `file:FILE=x.wav,FORMAT=wav` devices, at the
/// device's native rate with ALSA's resampler off (`AlsaPCM`).
///
/// A PCM that ends in ALSA's `null` device (`null`, `plug:null`, the `file`
/// device, whose slave is `null`) takes writes as fast as they come: it is
/// paced to real time here, like `NullOutput`, and gets no real-time priority.
public final class AlsaOutput: AudioOutput {
    public let format: AudioFormat
    public let deviceName: String
    public let blocksOnDevice: Bool
    private let pcm: OpaquePointer
    private let sampleFormat: AlsaPCM.SampleFormat
    private let conversion: UnsafeMutableRawPointer
    private var pacer: RealTimePacer?

    /// Opens `device` and settles its format: the preferred rate if the device
    /// runs at it natively, else the device's nearest native rate.
    /// `configuration`: ALSA configuration text read on top of the system's.
    public init(device: String = "default", preferredRate: Double = 48000, preferredChannels: Int = 2,
                periodFrames: Int = 256, periods: Int = 4, configuration: String? = nil) throws(AudioOutputError) {
        let opened: AlsaPCM.Opened
        switch AlsaPCM.openConfigured(device, stream: SND_PCM_STREAM_PLAYBACK, rate: preferredRate, channels: preferredChannels,
                                      periodFrames: periodFrames, periods: periods, configuration: configuration) {
        case .success(let pcm): opened = pcm
        case .failure(.cannotOpen(let reason)): throw .noDevice(name: device, reason: reason)
        case .failure(.unsupported(let failure)): throw .unsupportedDevice(name: device, failure)
        }
        deviceName = device
        (pcm, format, sampleFormat, blocksOnDevice) = (opened.pcm, opened.format, opened.sampleFormat, opened.blocksOnDevice)
        conversion = .allocate(byteCount: format.blockFrames * 4 * format.channels * sampleFormat.bytes, alignment: 16)
        if !blocksOnDevice { pacer = RealTimePacer(sampleRate: format.sampleRate, leadFrames: format.blockFrames * periods) }
    }

    deinit { conversion.deallocate() }

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        sampleFormat.encode(interleaved, count: frames * format.channels, into: conversion)
        pacer?.wait(afterWriting: frames)
        let bytesPerFrame = format.channels * sampleFormat.bytes
        switch AlsaPCM.transfer(pcm, frames: frames, bytesPerFrame: bytesPerFrame, { snd_pcm_writei(pcm, conversion + $0, $1) }) {
        case .done: return .written
        case .recovered: return .recoveredUnderrun
        case .lost(let code): return .deviceLost(errno: code)
        case .failed(let code): return .failed(errno: code)
        }
    }

    /// The whole buffer: once it is full, a frame written waits that long to be heard.
    public var latencyFrames: Int { AlsaPCM.bufferFrames(pcm) ?? format.blockFrames }

    public func pendingFrames() -> Int? {
        if let pacer { return pacer.pendingFrames() }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? Int(delay) : nil
    }

    public func finish() throws(AudioOutputError) {
        snd_pcm_drain(pcm)
        let status = snd_pcm_close(pcm)
        guard status == 0 else { throw .closeFailed(target: deviceName, reason: .system(AlsaPCM.reason(status))) }
    }
}
