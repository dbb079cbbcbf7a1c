import ArgumentParser

/// A tempo on the command line: a number of beats per minute, with its
/// unit or without (`120`, `120bpm`, `120 BPM`), as a metronome's display shows it.
struct TempoArgument: ExpressibleByArgument {
    let bpm: Double

    init?(argument: String) {
        guard let bpm = Double(argument.droppingUnit("bpm")) else { return nil }
        self.bpm = bpm
    }
}
