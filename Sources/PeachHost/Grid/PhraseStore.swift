import FoundationEssentials
import Glibc
import PeachFiles
import PeachMusic
import PeachSupport

/// Where the one phrase kept between sessions lives: `<data folder>/grid/phrase.json`.
/// It is replaced whole (`AtomicFile`), so a kill or a full disk leaves the
/// old phrase or the new, never a mixture. A file there that holds no phrase
/// (damaged, a link, planted by a synced folder) is never read past its
/// checks and never replaced: `keepAside` moves it beside under a name of its
/// own first.
public struct PhraseStore {
    public let folder: String
    public var path: String { folder + "/phrase.json" }

    /// A phrase is a few hundred notes at most; anything larger was not written by Peach.
    static let largestFile = 1 << 20

    public init(dataDirectory: String) {
        folder = dataDirectory + "/grid"
    }

    /// The kept phrase, nil if there is none.
    public func load() throws(PhraseFileError) -> Phrase? {
        let bytes: [UInt8], size: Int
        do throws(HistoryError) {
            try DataSubfolder.requireIfPresent(folder)
            guard let file = try PosixFile.openIfPresent(path, flags: O_RDONLY | PosixFile.inDataFolder) else { return nil }
            size = try file.size()
            bytes = size <= Self.largestFile ? try file.read() : []
        } catch .symbolicLink(let path) {
            throw .damaged(path: path, .symbolicLink)
        } catch .notRegularFile(let path) {
            throw .damaged(path: path, .notRegularFile)
        } catch {
            throw .file(error)
        }
        guard size <= Self.largestFile else { throw .damaged(path: path, .tooLarge(limit: Self.largestFile)) }
        let phrase: Phrase
        do {
            phrase = try JSONDecoder().decode(Phrase.self, from: Data(bytes))
        } catch {
            throw .damaged(path: path, .unreadable)
        }
        if let problem = Self.problem(in: phrase) { throw .damaged(path: path, .field(problem)) }
        return phrase
    }

    /// Replaces the kept phrase with `phrase`.
    public func save(_ phrase: Phrase) throws(PhraseFileError) {
        do throws(HistoryError) {
            try DataSubfolder.create(folder)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let bytes = (try? encoder.encode(phrase)).map { Array($0) } ?? []
            try AtomicFile.write(bytes + [0x0A], to: path, mode: ReplacementFile.forTheUser)
        } catch {
            throw .file(error)
        }
    }

    /// Moves an unreadable file out of the phrase's way, to a name not taken
    /// (`phrase.damaged-2.json`), without following it or replacing anything. Returns the new path.
    public func keepAside() throws(PhraseFileError) -> String {
        for number in 1... {
            let aside = folder + "/phrase.damaged" + (number == 1 ? "" : "-\(number)") + ".json"
            if link(path, aside) == 0 {
                unlink(path)
                return aside
            }
            guard errno == EEXIST else { throw .file(.cannotWrite(path: aside, reason: ErrnoText.describe(errno))) }
        }
        preconditionFailure("unreachable")
    }

    /// The field that makes a decoded phrase unplayable, by its name in the file.
    /// A key's frequency as the grid plays it: at an A4 Peach offers, give or
    /// take half a semitone. A hand-edited 1 GHz ended the grid when played.
    private static func plausible(_ frequency: Double, for key: MIDINote) -> Bool {
        let lowest = Pitch.frequency(of: key, cents: -50, reference: Pitch.referenceRange.lowerBound)
        let highest = Pitch.frequency(of: key, cents: 50, reference: Pitch.referenceRange.upperBound)
        return (lowest...highest).contains(frequency)
    }

    static func problem(in phrase: Phrase) -> String? {
        guard phrase.sampleRate >= 8000, phrase.sampleRate <= 384_000 else { return "sampleRate" }
        guard (0...Phrase.longestFrames(sampleRate: phrase.sampleRate)).contains(phrase.lengthFrames) else { return "lengthFrames" }
        for (index, note) in phrase.notes.enumerated() {
            guard note.startFrame >= 0, note.lengthFrames >= 0, note.startFrame + note.lengthFrames <= phrase.lengthFrames,
                  note.frequency.isFinite, note.frequency > 0, (0...1).contains(note.velocity), note.name.count <= 8,
                  index == 0 || phrase.notes[index - 1].startFrame <= note.startFrame,
                  let key = MIDINote(number: note.note), Self.plausible(note.frequency, for: key) else {
                return "notes[\(index)]"
            }
        }
        return nil
    }
}
