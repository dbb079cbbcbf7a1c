import Glibc
import PeachFiles
import PeachSupport

/// A take whose recording was cut off, finished at a later start.
public struct RecoveredTake: Equatable, Sendable {
    /// The partial file it was made from.
    public var partial: String
    public var seconds: Double
    /// The take made, or why it could not be (the partial file then stays).
    public var result: Result<FinishedTake, RecordingError>
}

/// Repairs and finishes the partial files left in `.partial/` by recorders
/// that were killed or lost power: the header's sizes made from the file's
/// length (whole frames), synced, then made a take as the recorder would
/// have. A partial whose recorder still runs holds its lock and is left alone.
struct TakeRecovery {
    let folder: RecordingsFolder
    let library: TakeLibrary

    func run() -> [RecoveredTake] {
        // Temporary copies left by a process that died mid-encode.
        AtomicFile.removeStaleTemporaries(in: folder.path) { $0.hasPrefix(".") }
        var recovered: [RecoveredTake] = []
        for entry in FolderEntries.names(in: folder.partials) {
            for format in TakeFormat.allCases where entry.hasSuffix("." + format.fileExtension + ".wav") {
                let name = String(entry.dropLast(format.fileExtension.count + 5))
                if let take = recover(folder.partials + "/" + entry, name: name, format: format) { recovered.append(take) }
            }
        }
        return recovered
    }

    private func recover(_ partial: String, name: String, format: TakeFormat) -> RecoveredTake? {
        let descriptor = open(partial, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // A recorder still holds it; or not a file a recorder made.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: PartialWav.headerBytes)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard read == PartialWav.headerBytes, let header = PartialWav.read(header: bytes) else {
            // Cut off before its header was whole: no audio was ever written after it.
            if size < PartialWav.headerBytes { unlink(partial) }
            return nil
        }
        let frameBytes = header.channels * 4
        let frames = (size - PartialWav.headerBytes) / frameBytes
        let seconds = Double(frames) / Double(header.sampleRate)
        let repaired = PartialWav.header(sampleRate: header.sampleRate, channels: header.channels, startTime: header.startTime, dataBytes: frames * frameBytes)
        let written = repaired.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard ftruncate(descriptor, off_t(PartialWav.headerBytes + frames * frameBytes)) == 0, written == repaired.count, fsync(descriptor) == 0 else {
            return RecoveredTake(partial: partial, seconds: seconds, result: .failure(.cannotWrite(path: partial, reason: ErrnoText.describe(errno))))
        }
        let finisher = TakeFinisher(folder: folder)
        do throws(RecordingError) {
            var finalName = name
            if library.isTakenByATake(name) {
                // Killed after the take was made but before its partial was removed: the take is whole.
                if let made = existingTake(name, format), made.frames >= Int64(frames) {
                    unlink(partial)
                    return nil
                }
                var count = 1
                repeat { count += 1; finalName = name + " (\(count))" } while library.isTaken(finalName)
            }
            return RecoveredTake(partial: partial, seconds: seconds, result: .success(try finisher.finish(partial: partial, name: finalName, format: format)))
        } catch {
            return RecoveredTake(partial: partial, seconds: seconds, result: .failure(error))
        }
    }

    private func existingTake(_ name: String, _ format: TakeFormat) -> Take? {
        library.list().takes.first { $0.name == name && $0.format == format }
    }
}
