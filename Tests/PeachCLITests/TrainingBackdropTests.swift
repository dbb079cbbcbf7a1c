import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// A drone and a metronome sounding softly under training pairs, when asked
/// for (`peach train --drone --metronome`), heard in the file the session wrote.
@Suite struct TrainingBackdropTests {
    @Test func aDroneAndClicksSoundUnderThePairsAndTheScreenSaysSo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("out.wav")
        // Pairs from C5 up, far above the drone's A2 (110 Hz).
        let terminal = try TrainingScreenTests.peach(folder, ["train", "--data-dir", folder.file("data"), "--wav", file, "--duration", "1",
                                                              "--range", "C5-C6", "--drone", "A2", "--metronome", "60"])
        try terminal.waitFor(text: "Under the pairs: drone A2, metronome 60 BPM. It changes the task")
        try TrainingScreenTests.waitForSecondNote(terminal, count: 1)
        terminal.send("k")
        try TrainingScreenTests.waitForSecondNote(terminal, count: 2)
        terminal.send("k")
        try TrainingScreenTests.waitForSecondNote(terminal, count: 3)
        terminal.send("k")
        try TrainingScreenTests.waitForSecondNote(terminal, count: 4)  // each pair's first note lasts a second: 3 s at least
        try TrainingScreenTests.stopAndQuit(terminal)
        let wav = try WavFile.read(path: file)
        let samples = wav.samples[0], rate = wav.sampleRate
        try #require(samples.count > Int(3 * rate), "the session lasted \(samples.count) frames")

        // The drone: A2 to a hundredth of a cent, about 12 dB under the pairs (the sine's 0.5, its root's 0.8, the track's 0.25).
        let steady = samples[Int(0.5 * rate)..<Int(2.5 * rate)]
        let drone = FrequencyMeter.frequency(of: steady, sampleRate: rate, near: 110)
        #expect(abs(FrequencyMeter.cents(drone, from: 110)) < 0.01, "drone at \(drone) Hz")
        let level = FrequencyMeter.phase(of: steady, frequency: 110, sampleRate: rate, firstFrame: Int(0.5 * rate)).amplitude
        #expect(abs(level - 0.1) < 0.005, "drone level \(level)")

        // The clicks: a woodblock starts with a step, which the third difference shows and the
        // sines (enveloped, at most 1 kHz) do not: the largest in each 10 ms, a click once a second.
        let window = Int(rate / 100)
        func thirdDifference(_ n: Int) -> Double {
            let outer: Double = samples[n] - samples[n - 3]
            let inner: Double = 3 * (samples[n - 1] - samples[n - 2])
            return abs(outer - inner)
        }
        let edges: [Double] = stride(from: 3, to: samples.count - window, by: window).map { start in
            (start..<start + window).map(thirdDifference).max()!
        }
        let first = try #require(edges.prefix(120).indices.max { edges[$0] < edges[$1] })
        let quiet = edges.sorted()[edges.count / 2]
        let beats = Array(stride(from: first, to: edges.count - 1, by: 100))
        #expect(beats.count >= 3)
        for beat in beats { #expect(max(edges[beat], edges[beat + 1]) > 20 * quiet, "no click at \(Double(beat) / 100) s") }
        for between in beats.map({ $0 + 50 }) where between < edges.count { #expect(edges[between] < 5 * quiet, "a sound between beats at \(Double(between) / 100) s") }
    }

    /// A screen reader is told too (the plain lines never said it), and with
    /// a warning beside it both are said (the screen showed only the first).
    @Test func plainModeSaysWhatSoundsUnderThePairs() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        // The saved sound is gone (its plugin removed): the sine stands in, and says so.
        try FileManager.default.createDirectory(atPath: folder.file("config/peach"), withIntermediateDirectories: true)
        try Data(#"{"source": "org.example.gone"}"#.utf8).write(to: URL(fileURLWithPath: folder.file("config/peach/settings.json")))
        let terminal = try TrainingScreenTests.peach(folder, ["train", "--plain", "--data-dir", folder.file("data"), "--wav", folder.file("out.wav"),
                                                              "--duration", "0.3", "--range", "C5-C6", "--drone", "Bb2", "--metronome", "60"])
        // The drone as it was written (it was said A#2).
        try terminal.waitFor(text: "Under the pairs: drone Bb2, metronome 60 BPM. It changes the task")
        let said = terminal.written(after: 0)
        #expect(said.contains("org.example.gone"), "the stand-in's reason is said too: \(said)")
        terminal.send("q")
        try terminal.waitFor(text: "Enter or space: start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// The start page takes them too, as it takes every option of `peach
    /// train`, for the training it starts (it refused them as unknown).
    @Test func theStartPageHandsThemToTheTrainingItStarts() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("out.wav")
        let terminal = try TrainingScreenTests.peach(folder, ["start", "--data-dir", folder.file("data"), "--wav", file, "--duration", "1",
                                                              "--range", "C5-C6", "--drone", "A2"])
        try terminal.waitFor(text: "Start training")
        terminal.send("\r")
        try terminal.waitFor(text: "Under the pairs: drone A2")
        try TrainingScreenTests.waitForSecondNote(terminal, count: 1)
        try TrainingScreenTests.stopAndQuit(terminal)
        let wav = try WavFile.read(path: file)
        let steady = wav.samples[0][Int(0.2 * wav.sampleRate)..<Int(0.9 * wav.sampleRate)]
        let drone = FrequencyMeter.frequency(of: steady, sampleRate: wav.sampleRate, near: 110)
        #expect(abs(FrequencyMeter.cents(drone, from: 110)) < 0.01, "drone at \(drone) Hz")
    }

    @Test func theyAreForTheTrainingScreenNotForScripts() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try UnpitchedSourceTests.peach(["train", "--headless", "--drone", "D", "--data-dir", folder.file("data")], folder: folder)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--drone and --metronome sound under the training screen, not with --headless"), "\(result.standardError)")
    }
}
