import FoundationEssentials
import Glibc
import PeachHost

/// The tuner for scripts: one JSON object per analysis step, one per line,
/// as soon as it is read: `time` (seconds), `hz` (null when no pitch),
/// `note` and `cents` at the reference, `confidence` (0 to 1; 0 without a pitch), `level` (dBFS), and
/// `written` and `drone` when those are asked for.
struct TunerJSONLines {
    let listener: TunerListener
    let setup: TunerSetup
    let inputName: String

    struct Line: Encodable {
        var time: Double
        var hz: Double?
        var note: String?
        var cents: Double?
        var confidence: Double
        var level: Double
        var written: String?
        var drone: Drone?

        struct Drone: Encodable {
            var semitones: Int
            var cents: Double
        }

        enum CodingKeys: String, CodingKey {
            case time, hz, note, cents, confidence, level, written, drone
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time, forKey: .time)
            // Always present, null when nothing was heard: a script reads every line the same way.
            try container.encode(hz, forKey: .hz)
            try container.encode(note, forKey: .note)
            try container.encode(cents, forKey: .cents)
            try container.encode(confidence, forKey: .confidence)
            try container.encode(level, forKey: .level)
            try container.encodeIfPresent(written, forKey: .written)
            try container.encodeIfPresent(drone, forKey: .drone)
        }
    }

    /// Reads until the input ends, `seconds` of it were read, or Ctrl-C. A file is
    /// read `offline`, as fast as it decodes; a device as it captures.
    func run(seconds: Double?, offline: Bool) throws {
        var loudest = -Double.infinity
        var ended = false, readingCount = 0
        if !offline { listener.engine.start() }
        while !ended && !StopRequest.isRaised {
            let readings: [PitchReading]
            if offline {
                (readings, ended) = try listener.renderNext()
            } else {
                poll(nil, 0, 20)
                ended = try listener.inputEnded()
                readings = listener.readings()
            }
            var text = ""
            for reading in readings {
                if let seconds, reading.time > seconds {
                    ended = true
                    break
                }
                loudest = max(loudest, reading.level)
                readingCount += 1
                text += try CommandJSON.line(line(setup.tuned(reading))) + "\n"
            }
            StandardOutput.write(text)
        }
        try listener.engine.stop()
        if readingCount == 0 && !StopRequest.isRaised {
            throw Failure(localized(.tunerTooShort, inputName, (Double(listener.tracker.settings.hopFrames) / listener.tracker.settings.sampleRate * 1000).decimals(0)))
        }
        // A take of nothing is most often the wrong input or channel: say so rather than print only nulls.
        if loudest < Self.silentLevel {
            throw Failure(localized(.tunerNoSound, inputName, loudest.isFinite ? loudest.decimals(0) : "-∞"))
        }
    }

    /// Quieter than this throughout, an input counts as holding no sound.
    static let silentLevel = -70.0

    private func line(_ tuned: TunedReading) -> Line {
        let reading = tuned.reading
        return Line(time: JSONNumber.rounded(reading.time, 1000), hz: reading.frequency.map { JSONNumber.rounded($0, 10_000) },
                    note: tuned.nearest?.note.name, cents: tuned.nearest.map { JSONNumber.rounded($0.cents, 100) },
                    // Confidence in the pitch: none without one (a sound too short to read, or above the range, is clear but unread).
                    confidence: reading.frequency == nil ? 0 : JSONNumber.rounded(reading.clarity, 1000), level: JSONNumber.rounded(max(reading.level, -200), 10),
                    written: setup.transposition == .concert ? nil : tuned.written?.name,
                    drone: tuned.drone.map { Line.Drone(semitones: $0.semitones, cents: JSONNumber.rounded($0.cents, 100)) })
    }

}
