import PeachAudio
import PeachMusic

/// A short phrase played on the grid, kept as what was played, not as audio:
/// each note's key, frequency, velocity and exact frames, and the sound it
/// was played with. Played back, it sounds as it did.
public struct Phrase: Codable, Equatable, Sendable {
    /// The sound, as the edge names it (a source and its timbre); the grid does not read it.
    public var sound: PhraseSound
    public var sampleRate: Double
    /// From the start of the recording to its end.
    public var lengthFrames: Int64
    /// In the order they began.
    public var notes: [PhraseNote]

    public static let longestSeconds = 10.0

    /// `longestSeconds` in frames at `sampleRate`: where a recording stops, and the longest a kept phrase may be.
    public static func longestFrames(sampleRate: Double) -> Int64 { AudioFormat.frames(seconds: longestSeconds, sampleRate: sampleRate) }

    public init(sound: PhraseSound, sampleRate: Double, lengthFrames: Int64, notes: [PhraseNote]) {
        self.sound = sound
        self.sampleRate = sampleRate
        self.lengthFrames = lengthFrames
        self.notes = notes
    }

    public var seconds: Double { Double(lengthFrames) / sampleRate }
}

public struct PhraseNote: Codable, Equatable, Sendable {
    /// Frames from the start of the recording.
    public var startFrame: Int64
    public var lengthFrames: Int64
    public var note: Int
    /// As written in the scale it was played in (`F#4`).
    public var name: String
    public var frequency: Double
    public var velocity: Double

    public init(startFrame: Int64, lengthFrames: Int64, note: Int, name: String, frequency: Double, velocity: Double) {
        self.startFrame = startFrame
        self.lengthFrames = lengthFrames
        self.note = note
        self.name = name
        self.frequency = frequency
        self.velocity = velocity
    }
}

/// A source and, where it has one, the value of its timbre option.
public struct PhraseSound: Codable, Equatable, Sendable {
    public var source: String
    public var option: String?
    public var value: String?

    public init(source: String, option: String? = nil, value: String? = nil) {
        self.source = source
        self.option = option
        self.value = value
    }
}
