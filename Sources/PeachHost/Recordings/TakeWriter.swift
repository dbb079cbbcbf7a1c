import Glibc
import PeachSupport

/// Writes a take as it is recorded so that nothing recorded is lost: samples
/// go into a partial WAV (`.partial/`) whose header is brought up to date and
/// whose data are synced to the disk each second of audio, so a kill or a
/// power loss keeps everything up to the last second (`TakeRecovery` finishes
/// it at the next start). `finish` makes the take: FLAC unless WAV was asked
/// for, put in place only when complete and synced, never over another file.
///
/// [main-thread] (or any one thread): never the render thread, which hands
/// its capture over through the engine's ring.
public final class TakeWriter {
    public let name: String
    public let partialPath: String
    public let format: TakeFormat
    public let sampleRate: Int
    public let channels: Int
    public let startTime: Int64
    private let folder: RecordingsFolder
    /// Open for as long as the take is recorded, with an exclusive lock: the
    /// next start's recovery leaves a partial alone while its writer lives.
    private let descriptor: Int32
    /// Frames written, and frames synced to the disk.
    public private(set) var frames: Int64 = 0
    public private(set) var syncedFrames: Int64 = 0
    /// The longest time one write or sync took, in seconds: what a slow disk costs.
    public private(set) var longestWriteSeconds = 0.0
    private var failed = false
    private var finished = false

    /// Starts the take `name` (nil: the local start time, with " (2)" and on
    /// where a take already has it) in `library`'s folder. A name given
    /// that another take or a take being recorded has is refused.
    public init(library: TakeLibrary, name: String?, format: TakeFormat, sampleRate: Int, channels: Int, startTime: Int64) throws(RecordingError) {
        folder = library.folder
        try folder.create()
        if let name {
            try TakeName.check(name)
            guard !library.isTaken(name) else { throw .nameTaken(name) }
            self.name = name
        } else {
            let base = TakeName.defaultName(startingAt: startTime)
            var candidate = base, count = 1
            while library.isTaken(candidate) { count += 1; candidate = base + " (\(count))" }
            self.name = candidate
        }
        (self.format, self.sampleRate, self.channels, self.startTime) = (format, sampleRate, channels, startTime)
        partialPath = folder.partialPath(self.name, becoming: format)
        descriptor = open(partialPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? .nameTaken(self.name) : .cannotWrite(path: partialPath, reason: ErrnoText.describe(errno))
        }
        flock(descriptor, LOCK_EX)
        let header = PartialWav.header(sampleRate: sampleRate, channels: channels, startTime: startTime, dataBytes: 0)
        do throws(RecordingError) {
            try writeAll(header)
            guard fdatasync(descriptor) == 0 else { throw .cannotWrite(path: partialPath, reason: ErrnoText.describe(errno)) }
            try RecordingsFolder.sync(folder.partials)
        } catch {
            close(descriptor)
            unlink(partialPath)
            throw error
        }
    }

    deinit {
        if !finished { close(descriptor) }
    }

    /// Appends interleaved samples; syncs when a second of audio has passed
    /// since the last sync. A failure (a full disk) keeps what was written
    /// before it, in whole frames, and ends the take: `finish` it.
    public func append(_ samples: UnsafeBufferPointer<Float>) throws(RecordingError) {
        guard !failed, !samples.isEmpty else { return }
        precondition(samples.count % channels == 0, "samples in whole frames")
        let began = Monotonic.nanoseconds()
        let bytes = UnsafeRawBufferPointer(samples)
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = count == 0 ? EIO : errno
                failed = true
                // The whole frames that fit are kept; a frame cut in two by the full disk is dropped.
                frames += Int64(offset / (channels * 4))
                _ = ftruncate(descriptor, off_t(PartialWav.headerBytes) + off_t(frames) * off_t(channels * 4))
                _ = try? sync()
                throw Self.failure(code, folder.path, seconds: seconds)
            }
            offset += count
        }
        frames += Int64(samples.count / channels)
        noteWrite(since: began)
        if frames - syncedFrames >= Int64(sampleRate) { try sync() }
    }

    public func append(_ samples: [Float]) throws(RecordingError) {
        try samples.withUnsafeBufferPointer { buffer in Result { () throws(RecordingError) in try append(buffer) } }.get()
    }

    /// Brings the header's sizes up to date and syncs data and header to the disk.
    public func sync() throws(RecordingError) {
        let began = Monotonic.nanoseconds()
        let header = PartialWav.header(sampleRate: sampleRate, channels: channels, startTime: startTime, dataBytes: Int(frames) * channels * 4)
        let written = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == header.count, fdatasync(descriptor) == 0 else {
            failed = true
            throw Self.failure(errno, folder.path, seconds: seconds)
        }
        syncedFrames = frames
        noteWrite(since: began)
    }

    /// Seconds of audio written.
    public var seconds: Double { Double(frames) / Double(sampleRate) }

    /// Ends the take: the header finished and synced, then the take made from
    /// the partial file (FLAC, or WAV if asked or if the FLAC cannot be made,
    /// as on a full disk), and the partial file removed once the take is complete.
    public func finish() throws(RecordingError) -> FinishedTake {
        precondition(!finished, "a take finished twice")
        if !failed { try sync() }
        finished = true
        // The lock is held until the take is made, so no other start's recovery finishes it too.
        defer { close(descriptor) }
        guard frames > 0 else {
            // Stopped before the first block (a key, a signal at once): an empty file is no take, and would be listed as damaged.
            unlink(partialPath)
            try RecordingsFolder.sync(folder.partials)
            throw .nothingRecorded(name)
        }
        return try TakeFinisher(folder: folder).finish(partial: partialPath, name: name, format: format)
    }

    /// Writes the first header; a short write on a new, empty file is a failure like any other.
    /// Nothing was recorded yet, so the folder is named with the reason, not a take that stopped.
    private func writeAll(_ bytes: [UInt8]) throws(RecordingError) {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        // A regular file takes fewer bytes than asked only when the disk is full.
        guard written == bytes.count else { throw .cannotWrite(path: folder.path, reason: ErrnoText.describe(written < 0 ? errno : ENOSPC)) }
    }

    private func noteWrite(since began: UInt64) {
        longestWriteSeconds = max(longestWriteSeconds, Double(Monotonic.nanoseconds() - began) / 1e9)
    }

    /// A full disk (or quota, or file size limit) is said as such: the take stops and keeps what was written.
    static func failure(_ code: Int32, _ path: String, seconds: Double) -> RecordingError {
        [ENOSPC, EDQUOT, EFBIG].contains(code) ? .diskFull(path: path, seconds: seconds) : .cannotWrite(path: path, reason: ErrnoText.describe(code))
    }
}

/// A take made: where it is, and, when it is a WAV though FLAC was asked
/// for, why the FLAC could not be made.
public struct FinishedTake: Equatable, Sendable {
    public var name: String
    public var path: String
    public var format: TakeFormat
    public var keptAsWAV: RecordingError?
    /// The name asked for, when another take was given it while this one recorded (`name` is then `… (2)`).
    public var nameWasTaken: String?
}
