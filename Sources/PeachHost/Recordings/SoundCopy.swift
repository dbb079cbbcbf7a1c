import CSndFile
import Glibc
import PeachFiles
import PeachSupport

/// Writes a copy of a sound file in another format through libsndfile,
/// keeping its date tag: encoded under a hidden temporary name beside
/// `target`, synced, then linked in as `target`, which is never replaced;
/// or straight into standard output, a device or a pipe.
enum SoundCopy {
    /// `format`: libsndfile's major and sub format. `exists` is the error when
    /// `target` is taken. Standard output, a device or a pipe (`PosixFile.writesDirectly`)
    /// is written directly instead.
    static func write(from reader: TakeFile, to target: String, format: Int32, exists: RecordingError) throws(RecordingError) {
        if PosixFile.writesDirectly(target) {
            let descriptor = PosixFile.openDirect(target)
            guard descriptor >= 0 else { throw failure(errno, target) }
            defer { close(descriptor) }
            try encode(reader, into: descriptor, format: format, target: target)
            return
        }
        let folder = ParentFolder.of(target)
        let temporary = folder + "/." + target[target.index(after: target.lastIndex(of: "/") ?? target.startIndex)...] + ".tmp-\(getpid())"
        unlink(temporary)
        defer { unlink(temporary) }
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(errno, target) }
        defer { close(descriptor) }
        try encode(reader, into: descriptor, format: format, target: target)
        guard fsync(descriptor) == 0 else { throw failure(errno, target) }
        guard link(temporary, target) == 0 else {
            if errno == EEXIST { throw exists }
            throw .cannotWrite(path: target, reason: ErrnoText.describe(errno))
        }
        try RecordingsFolder.sync(folder)
    }

    /// The whole of `reader` encoded as `format` into the open `descriptor`, its date tag kept.
    private static func encode(_ reader: TakeFile, into descriptor: Int32, format: Int32, target: String) throws(RecordingError) {
        var info = SF_INFO(frames: 0, samplerate: reader.info.samplerate, channels: reader.info.channels, format: format, sections: 0, seekable: 0)
        guard let file = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, 0) else {
            throw .cannotWrite(path: target, reason: ErrnoText.clause(String(cString: sf_strerror(nil))))
        }
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if let stamp = reader.string(Int32(SF_STR_DATE)) { sf_set_string(file, Int32(SF_STR_DATE), stamp) }
        sf_set_string(file, Int32(SF_STR_SOFTWARE), "Peach")
        let chunk = 65_536
        var buffer = [Float](repeating: 0, count: chunk * Int(info.channels))
        var failure: Int32 = 0
        buffer.withUnsafeMutableBufferPointer { samples in
            while failure == 0 {
                let read = sf_readf_float(reader.file, samples.baseAddress, sf_count_t(chunk))
                guard read > 0 else { break }
                if sf_writef_float(file, samples.baseAddress, read) != read { failure = errno != 0 ? errno : EIO }
            }
        }
        let closed = sf_close(file)
        if failure == 0 && closed != 0 { failure = errno != 0 ? errno : EIO }
        guard failure == 0 else { throw Self.failure(failure, target) }
    }

    /// A copy that cannot be written, named with the reason (a full disk is no take cut short: nothing was recording).
    private static func failure(_ code: Int32, _ target: String) -> RecordingError {
        .cannotWrite(path: target, reason: ErrnoText.describe(code))
    }

    /// libsndfile's format for a copy in `format` of a file read as `source`:
    /// FLAC at 24 bits; WAV as the source is, or 24-bit integer from a FLAC.
    static func sndfileFormat(_ format: TakeFormat, source: SF_INFO) -> Int32 {
        switch format {
        case .flac: Int32(SF_FORMAT_FLAC) | Int32(SF_FORMAT_PCM_24)
        case .wav:
            source.format & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_WAV)
                ? source.format : Int32(SF_FORMAT_WAV) | Int32(SF_FORMAT_PCM_24)
        }
    }
}
