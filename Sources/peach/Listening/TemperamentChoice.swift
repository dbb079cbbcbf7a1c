import ArgumentParser
import Glibc
import PeachFiles
import PeachHost
import PeachText

/// A temperament as a listening tool keeps it: what was asked for (a name
/// Peach knows or a Scala file, and the note its first degree falls on) and
/// the offsets read then, so a preset still reads the same when the file
/// has moved or changed.
struct TemperamentChoice: Codable, Equatable {
    /// `werckmeister3`, or the Scala file's absolute path.
    var given: String
    /// The root as written (`C`, `Eb`).
    var root: String
    var temperament: Temperament

    /// "Werckmeister III on C", for the screen's header and the plain lines; nil for equal temperament, which goes without saying.
    /// A temperament Peach knows is named in the language spoken; a file's by its description.
    var label: String? {
        guard given != NamedTemperament.equal.rawValue else { return nil }
        return localized(.temperamentOnRoot, NamedTemperament(rawValue: given).map(Self.name) ?? temperament.name, root)
    }

    private static func name(_ named: NamedTemperament) -> String {
        switch named {
        case .werckmeister3: "Werckmeister III"
        case .kirnberger3: "Kirnberger III"
        case .vallotti: "Vallotti"
        case .meantone: localized(.temperamentMeantone)
        case .just: localized(.temperamentJust)
        case .equal: localized(.temperamentEqual)
        }
    }

    /// The options that choose it again.
    var words: [String] { ["--temperament", given, "--root", root] }

    /// Reads `--temperament TEXT --root ROOT` (C when not given). A text with a slash or ending in `.scl` is a Scala file;
    /// anything else a name Peach knows, in any case or by a beginning only it has.
    static func resolve(_ text: String, root rootText: String?) throws -> TemperamentChoice {
        let root = try checked(option: "--root", rootText ?? "C") { text in try PitchClass(parsing: text) }
        let isFile = text.contains("/") || text.lowercased().hasSuffix(".scl")
        let scale: ScalaScale, given: String
        if isFile {
            (given, scale) = try readFile(text)
        } else {
            let named = try named(text)
            (given, scale) = (named.rawValue, named.scale)
        }
        let name = scale.description.isEmpty ? String(given.split(separator: "/").last ?? "") : scale.description
        return try checked(option: "--temperament", text) { _ in
            TemperamentChoice(given: given, root: root.description, temperament: try Temperament(name: name, scale: scale, root: root.semitone))
        }
    }

    /// A Scala file of twelve notes takes a few hundred bytes; one of thousands of notes still fits.
    static let largestFile = 1 << 16

    private static func named(_ text: String) throws -> NamedTemperament {
        let names = NamedTemperament.allCases.map(\.rawValue)
        let found = Result { () throws(NameLookupError) in try NameLookup.find(text, what: localized(.temperamentWhat), among: names.map { ($0, [$0], []) }) }
        switch found {
        case .success(let index): return NamedTemperament.allCases[index]
        case .failure(let error):
            if case .unknown = error { throw ValidationError("--temperament \(text): " + localized(.temperamentUnknown, text, names.joined(separator: ", "))) }
            throw ValidationError("--temperament \(text): \(error)")
        }
    }

    /// The file read whole; bytes that are not UTF-8 (a description in Latin-1) change no pitch. Only a
    /// regular file of a Scala file's size: a device (`/dev/zero`) or a FIFO would be read for ever.
    private static func readFile(_ path: String) throws -> (String, ScalaScale) {
        let bytes = try checked(option: "--temperament", path) { path in
            // The open refuses what is no regular file; said as that, not as a file of the data folder to remove.
            let file: PosixFile
            switch Result(catching: { () throws(HistoryError) in try PosixFile(path, flags: O_RDONLY | PosixFile.regularOnly) }) {
            case .success(let opened): file = opened
            case .failure(.notRegularFile): throw Failure(localized(.temperamentNotAFile))
            case .failure(let error): throw error
            }
            let size = try file.size()
            guard size <= largestFile else { throw Failure(localized(.temperamentFileTooLarge, size, largestFile)) }
            return try file.read()
        }
        let scale = try checked(option: "--temperament", path) { _ in try ScalaScale(parsing: String(decoding: bytes, as: UTF8.self)) }
        return (WorkingDirectory.absolute(path), scale)
    }
}
