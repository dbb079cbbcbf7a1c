import ArgumentParser
import FoundationEssentials
import Glibc
import PeachHost
import PeachText

/// `peach record notes TAKE`: which notes a monophonic take held, in order,
/// with when each began, how long it lasted and how far from the key it was,
/// read by the tuner's pitch tracker. A take is named as the library knows
/// it; a path (with a `/`) reads any sound file.
struct RecordNotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes", abstract: localized(.helpRecordNotesAbstract),
        discussion: localized(.helpRecordNotesDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach record notes Bach
              peach record notes "2026-11-25 14-03-22" --transpose Bb
              peach record notes ./scales.flac --lowest E2 --highest E6 --json
            """)

    @Argument(help: ArgumentHelp(localized(.helpRecordNotesTake), valueName: "take"))
    var take: String

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpInputChannel), valueName: "n"))
    var channel: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpReferenceOfTake), valueName: "hz"), transform: NumberArgument.hertz.transform)
    var reference: Double = Pitch.standardReference

    @Flag(help: ArgumentHelp(localized(.helpRecordNotesJSON)))
    var json = false

    @OptionGroup var pitch: PitchOptions
    @OptionGroup var recordings: RecordingsOptions

    func validate() throws {
        if let channel, channel < 1 { throw ValidationError(localized(.inputChannelOutside, channel)) }
        guard Pitch.referenceRange.contains(reference) else {
            throw ValidationError(localized(.soundReferenceOutside, reference.compact, Pitch.referenceRange.lowerBound.compact,
                                            Pitch.referenceRange.upperBound.compact))
        }
        _ = try PitchRange.frequencies(lowest: pitch.lowest, highest: pitch.highest, reference: reference)
    }

    func run() throws {
        let (path, name) = take.contains("/") ? (take, take) : try {
            let found = try RecordingsOptions.take(take, in: try recordings.open())
            return (found.path, found.name)
        }()
        let reader = try SoundFileReader(path: path)
        let index = (channel ?? 1) - 1
        guard index < reader.channels else { throw Failure(localized(.inputNoSuchChannel, name, index + 1, reader.channels)) }
        let range = try PitchRange.frequencies(lowest: pitch.lowest, highest: pitch.highest, reference: reference)
        let tracker = PitchTracker(settings: TrackerSettings(sampleRate: Double(reader.sampleRate), lowest: range.lowerBound, highest: range.upperBound))
        let readings = Self.read(reader, channel: CapturedChannel(index: index, channels: reader.channels), into: tracker)
        let transposition = try pitch.transposition() ?? .concert
        let temperament = try pitch.temperamentChoice()
        let notes = NoteTranscriber().notes(in: readings).compactMap { played in
            NearestNote(frequency: played.frequency, reference: reference, temperament: temperament?.temperament)
                .map { HeardNote(played: played, nearest: $0, transposition: transposition) }
        }
        if json {
            print(try CommandJSON.pretty(notes))
            return
        }
        let tuning = [reference.compact + " Hz"] + [temperament?.label].compactMap { $0 }
        print(localized(.recordNotesHeading, name, TakeLength.text(Double(reader.frameCount) / Double(reader.sampleRate)), tuning.joined(separator: ", "), notes.count))
        guard !notes.isEmpty else { return }
        print(localized(.recordNotesColumns))
        for (number, note) in notes.enumerated() {
            let written = transposition == .concert ? "" : "  " + localized(.tunerConcert, note.nearest.note.name)
            print("\(String(number + 1).padding(4, left: true))  \(Self.clock(note.played.onset).padding(8))  \(note.name.padding(4))  "
                  + "\(TunerSetup.signed(note.nearest.cents).padding(6, left: true))  \(note.played.duration.decimals(2).padding(6, left: true)) s\(written)")
        }
    }

    /// The whole file through the tracker, a block at a time, as the tuner reads a device.
    static func read(_ reader: SoundFileReader, channel: CapturedChannel, into tracker: PitchTracker) -> [PitchReading] {
        let frames = 4096
        var buffer = [Float](repeating: 0, count: frames * reader.channels)
        var readings: [PitchReading] = []
        while true {
            let read = buffer.withUnsafeMutableBufferPointer { reader.readFrames(into: $0.baseAddress!, frames: frames) }
            guard read > 0 else { break }
            readings += tracker.push(channel.mono(Array(buffer[0..<(read * reader.channels)])))
        }
        return readings
    }

    /// `1:02.35`: minutes and seconds to the hundredth.
    static func clock(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        let rest = (seconds - Double(minutes) * 60).decimals(2)
        return "\(minutes):" + (rest.count < 5 ? "0" + rest : rest)
    }

    /// A note of the take as the player reads it: `note` written for their instrument.
    struct HeardNote: Encodable {
        let played: PlayedNote
        let nearest: NearestNote
        let transposition: Transposition

        var name: String { (transposition.written(nearest.note) ?? nearest.note).name }

        enum CodingKeys: String, CodingKey {
            case onset, duration, hz, note, cents, written
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(JSONNumber.rounded(played.onset, 1000), forKey: .onset)
            try container.encode(JSONNumber.rounded(played.duration, 1000), forKey: .duration)
            try container.encode(JSONNumber.rounded(played.frequency, 10_000), forKey: .hz)
            try container.encode(nearest.note.name, forKey: .note)
            try container.encode(JSONNumber.rounded(nearest.cents, 100), forKey: .cents)
            if transposition != .concert { try container.encode(name, forKey: .written) }
        }
    }
}
