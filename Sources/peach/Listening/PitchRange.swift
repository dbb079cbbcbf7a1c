import ArgumentParser
import PeachHost
import PeachText

/// The pitches a listening tool looks for: by default B0's neighbourhood (a
/// five-string bass) to C8, or a quarter tone beyond the notes a player names,
/// so their own pitch, a little off, is found. A narrower range keeps the
/// tracker from octave mistakes on a known instrument.
enum PitchRange {
    static let standard = 30.0...4200.0

    static func frequencies(lowest: String?, highest: String?, reference: Double) throws -> ClosedRange<Double> {
        let low = try lowest.map { text in try checked(option: "--lowest", text, MIDINote.init(parsing:)) }
        let high = try highest.map { text in try checked(option: "--highest", text, MIDINote.init(parsing:)) }
        let from = low.map { Pitch.frequency(of: $0, cents: -50, reference: reference) } ?? standard.lowerBound
        let to = high.map { Pitch.frequency(of: $0, cents: 50, reference: reference) } ?? standard.upperBound
        guard from < to else { throw ValidationError(localized(.tunerRangeReversed, lowest ?? "", highest ?? "")) }
        return from...to
    }
}
