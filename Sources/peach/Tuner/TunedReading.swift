import PeachHost

/// A tracker's reading as the player reads it: the nearest note at the
/// reference pitch in the temperament, the note as their part writes it, and, with a drone
/// sounding, the interval above the drone and how far from pure it is.
struct TunedReading {
    let reading: PitchReading
    let nearest: NearestNote?
    let written: MIDINote?
    let drone: DroneIntonation?

    init(_ reading: PitchReading, reference: Double, transposition: Transposition, temperament: Temperament?, drone: DroneSetup?) {
        self.reading = reading
        nearest = reading.frequency.flatMap { NearestNote(frequency: $0, reference: reference, temperament: temperament) }
        written = nearest.flatMap { transposition.written($0.note) }
        self.drone = zip(reading.frequency, drone).flatMap { DroneIntonation(frequency: $0, against: $1) }
    }

    /// How a reading stands against a tolerance, said in words and shapes.
    enum Verdict: Equatable {
        case flat, inTune, sharp
    }

    static func verdict(cents: Double, tolerance: Double) -> Verdict {
        cents < -tolerance ? .flat : cents > tolerance ? .sharp : .inTune
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
