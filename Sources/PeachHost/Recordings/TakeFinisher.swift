import CSndFile
import Glibc
import PeachFiles
import PeachSupport

/// Makes a take from its partial WAV: as FLAC (encoded under a temporary
/// name beside it, synced, then linked into place) or as the WAV itself
/// (linked into place). The partial file is removed only once the take is
/// complete and synced; if the FLAC cannot be made (a full disk), the WAV
/// becomes the take. Never replaces a file: a name another take was given
/// while this one recorded (a sync, another terminal) makes it `name (2)`.
struct TakeFinisher {
    let folder: RecordingsFolder

    func finish(partial: String, name: String, format: TakeFormat) throws(RecordingError) -> FinishedTake {
        var candidate = name, count = 1
        // A take of the name in the other format counts too (a synced n2.flac beside this n2.wav): two takes of one name could only be told apart by their files.
        func takenInTheOtherFormat() -> Bool {
            TakeFormat.allCases.contains { $0 != format && PosixFile.nameTaken(folder.takePath(candidate, $0)) }
        }
        while true {
            if !takenInTheOtherFormat() {
                do throws(RecordingError) {
                    var take = try finish(partial: partial, as: candidate, format: format)
                    if candidate != name { take.nameWasTaken = name }
                    return take
                } catch .nameTaken {}
            }
            count += 1
            candidate = name + " (\(count))"
        }
    }

    private func finish(partial: String, as name: String, format: TakeFormat) throws(RecordingError) -> FinishedTake {
        var keptAsWAV: RecordingError?
        if format == .flac {
            let target = folder.takePath(name, .flac)
            do throws(RecordingError) {
                try SoundCopy.write(from: TakeFile.open(partial), to: target, format: Int32(SF_FORMAT_FLAC) | Int32(SF_FORMAT_PCM_24), exists: .nameTaken(name))
                unlink(partial)
                try RecordingsFolder.sync(folder.partials)
                return FinishedTake(name: name, path: target, format: .flac)
            } catch .nameTaken(let taken) {
                throw .nameTaken(taken)
            } catch {
                keptAsWAV = error
            }
        }
        let target = folder.takePath(name, .wav)
        try RecordingsFolder.move(partial, to: target, takeName: name)
        try RecordingsFolder.sync(folder.path)
        try RecordingsFolder.sync(folder.partials)
        return FinishedTake(name: name, path: target, format: .wav, keptAsWAV: keptAsWAV)
    }
}
