import ArgumentParser

/// A tempo on the command line: a number of beats per minute, with its
/// unit or without (`120`, `120bpm`, `120 BPM`), as a metronome's display shows it.
struct TempoArgument: ExpressibleByArgument {
    let bpm: Double

    init?(argument: String) {
        var text = argument
        if text.lowercased().hasSuffix("bpm") { text = String(text.dropLast(3)).trimmingWhitespace() }
        guard let bpm = Double(text) else { return nil }
        self.bpm = bpm
    }
}
