import Glibc
import PeachFiles
import PeachSupport
import Synchronization

/// Writes audio to a WAV file as 32-bit float samples, exactly as rendered.
/// The header's sizes are filled in by `finish`. A named pipe gets a
/// streaming header (sizes unknown, as sox writes to pipes), and its reader
/// going away counts as losing the device.
///
/// If Peach must stop in an emergency (a plugin crashed or hung,
/// `EmergencyStop`), the header of a file is finished there too, for the
/// frames written so far: the file stays a valid WAV of what was rendered.
public final class WavFileOutput: AudioOutput {
    public let format: AudioFormat
    public let path: String
    private let descriptor: Int32
    /// The temporary file that becomes `path` on `finish`; nil for a pipe or a device.
    private let replacement: ReplacementFile?
    /// For an emergency stop: the temporary and final names, to link there.
    private var emergencyNames: (temporary: UnsafeMutablePointer<CChar>, final: UnsafeMutablePointer<CChar>)?
    /// Whether the file at `path` is this run's own, which may be replaced.
    private let replacing: Bool
    /// Bytes of samples written: by the render thread, read by an emergency stop on any thread.
    private let dataBytes = Atomic<Int>(0)
    /// The header to write at the end, prepared so that filling in its sizes needs no allocation.
    private let finalHeader: UnsafeMutablePointer<UInt8> = .allocate(capacity: headerBytes)
    private var emergencyCleanup: Int?
    private var writeError: Int32 = 0
    private var pacer: RealTimePacer?
    /// False for a pipe, which cannot seek back to fill in the sizes.
    private let seekable: Bool

    /// Opens the output at once, so a bad path fails before anything plays. A
    /// file is written under a temporary name and takes the name `path` when
    /// `finish` completes it, or an emergency stop ends the render (what was
    /// rendered shows how far it got); a file already there, even one made
    /// meanwhile, is never replaced, unless `replacing` says it is this run's
    /// own (an earlier output of the same run, as the trainer opens one again
    /// after a loss). A named pipe or a device is written directly.
    public init(path: String, format: AudioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256), paced: Bool = false,
                replacing: Bool = false) throws(AudioOutputError) {
        self.path = path
        self.format = format
        self.replacing = replacing
        let device = PosixFile.writesDirectly(path)
        // A name taken by a file, or by a link to one or to nothing; a link to a device (/dev/stdout) is written through.
        if !device && !replacing && PosixFile.nameTaken(path) { throw .fileExists(path: path) }
        if device {
            replacement = nil
            descriptor = PosixFile.openDirect(path)
            guard descriptor >= 0 else {
                throw .cannotWriteFile(path: path, reason: errno == ENXIO ? .noReader : .system(ErrnoText.describe(errno)))
            }
        } else {
            do {
                let file = try ReplacementFile(path: path, mode: ReplacementFile.forTheUser)
                replacement = file
                descriptor = file.descriptor
                emergencyNames = (strdup(file.temporary), strdup(path))
            } catch {
                throw .cannotWriteFile(path: path, reason: Self.reason(error))
            }
        }
        seekable = lseek(descriptor, 0, SEEK_CUR) >= 0
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate, leadFrames: format.blockFrames * 2) : nil
        let header = Self.header(format: format, dataBytes: seekable ? 0 : Self.unknownSize)
        guard header.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == header.count else {
            let reason = AudioOutputError.Reason.system(ErrnoText.describe(errno))
            if replacement == nil { close(descriptor) }
            throw .cannotWriteFile(path: path, reason: reason)
        }
        finalHeader.initialize(from: Self.header(format: format, dataBytes: 0), count: Self.headerBytes)
        if seekable {
            emergencyCleanup = EmergencyStop.addCleanup({ context in
                let output = Unmanaged<WavFileOutput>.fromOpaque(context!).takeUnretainedValue()
                _ = output.writeFinalHeader()
                // What was rendered shows how far it got; link(2) takes the name only if it is free.
                guard let names = output.emergencyNames else { return }
                if output.replacing { rename(names.temporary, names.final) } else if link(names.temporary, names.final) == 0 { unlink(names.temporary) }
            }, context: Unmanaged.passUnretained(self).toOpaque())
        }
    }

    deinit {
        if let emergencyCleanup { EmergencyStop.removeCleanup(emergencyCleanup) }
        finalHeader.deallocate()
        if let emergencyNames { free(emergencyNames.temporary); free(emergencyNames.final) }
    }

    /// The reason alone: the message names the path the user gave (the FLAC output's too).
    static func reason(_ error: HistoryError) -> AudioOutputError.Reason {
        if case .cannotWrite(_, let reason) = error { return .system(reason) }
        return .file(error)
    }

    /// What a streaming WAV header says for sizes it cannot know.
    private static let unknownSize = Int(UInt32.max) - 64

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        let bytes = frames * format.channels * MemoryLayout<Float>.size
        var offset = 0
        while offset < bytes {
            let count = Glibc.write(descriptor, UnsafeRawPointer(interleaved) + offset, bytes - offset)
            if count < 0 {
                if errno == EINTR { continue }
                writeError = errno
                return errno == EPIPE ? .deviceLost(errno: EPIPE) : .failed(errno: errno)
            }
            offset += count
        }
        dataBytes.add(bytes, ordering: .releasing)
        pacer?.wait(afterWriting: frames)
        return .written
    }

    public func pendingFrames() -> Int? { pacer?.pendingFrames() }

    public func finish() throws(AudioOutputError) {
        if let emergencyCleanup { EmergencyStop.removeCleanup(emergencyCleanup) }
        emergencyCleanup = nil
        let headerError = seekable ? writeFinalHeader() : 0
        let lostReader = writeError == EPIPE  // already reported as a lost device
        let closed = replacement != nil || close(descriptor) == 0  // a replacement closes its own file
        guard closed, headerError == 0, writeError == 0 || lostReader else {
            throw .closeFailed(target: path, reason: .system(ErrnoText.describe(writeError != 0 ? writeError : headerError != 0 ? headerError : errno)))
        }
        guard let replacement else { return }
        try Self.name(replacement, replacing: replacing)
    }

    /// The last step of a file output's `finish`: the completed file takes its name.
    static func name(_ replacement: ReplacementFile, replacing: Bool) throws(AudioOutputError) {
        do { try replacement.commitNew(replacing: replacing) } catch {
            if case .exists(let path) = error { throw .fileExists(path: path) }
            throw .closeFailed(target: replacement.path, reason: reason(error))
        }
    }

    /// [async-signal-safe] Fills the sizes of what was written into the header
    /// and writes it over the first one. Returns 0, or the errno of a failed write.
    private func writeFinalHeader() -> Int32 {
        let bytes = dataBytes.load(ordering: .acquiring)
        let raw = UnsafeMutableRawPointer(finalHeader)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: Self.headerBytes - 8 + bytes).littleEndian, toByteOffset: 4, as: UInt32.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: bytes / (format.channels * 4)).littleEndian, toByteOffset: 46, as: UInt32.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: bytes).littleEndian, toByteOffset: 54, as: UInt32.self)
        return pwrite(descriptor, raw, Self.headerBytes, 0) == Self.headerBytes ? 0 : errno
    }

    /// Bytes before the first sample: RIFF, fmt (18 bytes), fact and data headers.
    public static let headerBytes = 12 + (8 + 18) + (8 + 4) + 8

    /// RIFF header for IEEE float samples: fmt (18 bytes), fact, data.
    static func header(format: AudioFormat, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        let blockAlign = format.channels * 4
        append("RIFF"); append32(4 + (8 + 18) + (8 + 4) + 8 + dataBytes); append("WAVE")
        append("fmt "); append32(18); append16(3); append16(format.channels)
        append32(Int(format.sampleRate)); append32(Int(format.sampleRate) * blockAlign); append16(blockAlign); append16(32); append16(0)
        append("fact"); append32(4); append32(dataBytes / blockAlign)
        append("data"); append32(dataBytes)
        return bytes
    }
}
