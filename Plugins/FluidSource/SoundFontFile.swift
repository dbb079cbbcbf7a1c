import Glibc

/// A SoundFont file found on disk and checked to be one, before FluidSynth
/// sees it: when FluidSynth's SoundFont reader fails, it hands the file to
/// libinstpatch, which prints GLib noise on stderr, and the user deserves a
/// sentence instead. So the RIFF header is checked here, and the chunks inside
/// (`checkStructure`) before the font is loaded.
struct SoundFontFile: Hashable, Sendable {
    /// Canonical path: symbolic links resolved, so one font is loaded once.
    let path: String
    let size: Int
    /// Modification time in nanoseconds: a font rewritten in place is a new font.
    let modified: Int

    /// The file a `font` setting names: a path (anything with a slash; `~/`
    /// means the home folder) as it is, or a bare file name searched for in
    /// `FontSearch.folders`.
    static func find(_ setting: String) throws(FluidError) -> SoundFontFile {
        let path: String
        if setting.contains("/") {
            path = FontSearch.expandingHome(setting)
        } else if let found = FontSearch.folders().lazy.map({ $0 + "/" + setting }).first(where: { access($0, F_OK) == 0 }) {
            path = found
        } else {
            throw .notFound(name: setting, folders: FontSearch.folders())
        }
        return try open(path)
    }

    /// Checks `path`: "RIFF", a length, "sfbk" (SF2 and SF3 alike), then the chunks inside.
    static func open(_ path: String) throws(FluidError) -> SoundFontFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .missing(path: path) : .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        let riff = RiffChunks(descriptor: descriptor)
        guard riff.fourCC(at: 0) == "RIFF", riff.fourCC(at: 8) == "sfbk", let declared = riff.uint32(at: 4) else { throw .notASoundFont(path: path) }
        guard 8 + declared <= Int(status.st_size) else { throw .truncated(path: path, declared: 8 + declared, actual: Int(status.st_size)) }
        var canonical = path
        if let resolved = realpath(path, nil) {
            canonical = String(cString: resolved)
            free(resolved)
        }
        return SoundFontFile(path: canonical, size: Int(status.st_size),
                             modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec))
    }

    /// The three lists and the nine preset-data chunks FluidSynth reads are all there, in bounds.
    func checkStructure() throws(FluidError) {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let riff = RiffChunks(descriptor: descriptor)
        if let damage = riff.damage(inFontOfLength: 8 + (riff.uint32(at: 4) ?? 0)) { throw .damaged(path: path, reason: damage) }
    }

    /// The file name without its folder, for messages and cache names.
    var name: String { String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...]) }
}
