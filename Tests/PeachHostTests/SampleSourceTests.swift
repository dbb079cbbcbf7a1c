import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The Sample source, measured in its sound rendered through the real
/// engine: a file plays from the note's exact frame, sample for sample at
/// the output's rate and resampled at another; accents; files that will not
/// do are refused by path.
@Suite struct SampleSourceTests {
    static let starts: [Int64] = [1000, 48_123, 96_255]

    /// A struck tone: 50 ms of 1 kHz at `sampleRate`, dying away, at full level (0.5) on its first frame.
    static func knock(sampleRate: Double, frequency: Double = 1000, level: Float = 0.5) -> [Float] {
        (0..<Int(0.05 * sampleRate)).map { frame in
            let time = Double(frame) / sampleRate
            return level * Float(exp(-time / 0.01) * cos(2 * Double.pi * frequency * time))
        }
    }

    static func withFolder(_ body: (TemporaryDirectory) throws -> Void) rethrows {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try body(folder)
    }

    /// At the output's rate each note is the file, sample for sample, from the
    /// note's frame (scaled by gain and velocity); exact silence before and after.
    /// Exact silence at the file's start is left out, so the sound starts on the frame.
    @Test func playsTheFileFromTheNoteFrameSampleForSample() throws {
        try Self.withFolder { folder in
            let knock = Self.knock(sampleRate: 48000)
            let path = folder.file("knock.wav")
            try SampleFixture.write([[Float](repeating: 0, count: 300) + knock], sampleRate: 48000, to: path)
            for velocity in [1.0, 0.5] {
                let source = try SampleFixture.instance(options: ["file": path, "gain": "1"])
                let rendering = try SourceFixture.renderOneShots(Self.starts.map { (60, $0, velocity) }, with: source, frames: 100_000)
                #expect(rendering.notices.isEmpty, "\(rendering.notices)")
                var expected = [Float](repeating: 0, count: rendering.samples.count)
                for start in Self.starts.map(Int.init) {
                    for (offset, value) in knock.enumerated() { expected[start + offset] = value * Float(velocity) }
                }
                #expect(rendering.samples == expected, "velocity \(velocity): the file, at each note's frame")
                #expect(Self.starts.allSatisfy { rendering.samples[Int($0)] == 0.5 * Float(velocity) && rendering.samples[Int($0) - 1] == 0 })
            }
        }
    }

    /// A file at 44.1 kHz played at 48 kHz: its length scales by 48/44.1, its
    /// pitch stays, and its first frame still falls on the note's.
    @Test func aFileAtAnotherRateIsResampled() throws {
        try Self.withFolder { folder in
            let knock = Self.knock(sampleRate: 44100)
            let path = folder.file("knock-44k.wav")
            try SampleFixture.write([knock], sampleRate: 44100, to: path)
            let rendering = try SourceFixture.renderOneShots([(60, 1000, 1)], with: try SampleFixture.instance(options: ["file": path, "gain": "1"]),
                                                             frames: 9600)
            let samples = rendering.samples
            #expect(samples[..<1000].allSatisfy { $0 == 0 } && samples[1000] == knock[0])
            let length = samples.lastIndex { $0 != 0 }! + 1 - 1000
            let expectedLength = Double(knock.count - 1) * 48000 / 44100 + 1
            #expect(abs(Double(length) - expectedLength) <= 1, "\(knock.count) frames at 44.1 kHz play as \(length) at 48 kHz")
            let strongest = PowerSpectrum(samples[1000..<(1000 + length)], sampleRate: 48000).strongestHz
            #expect(abs(strongest - 1000) < 5, "the 1 kHz knock sounds at \(strongest) Hz")
            print("44.1 kHz sample: \(knock.count) frames played as \(length) (expected \(expectedLength)), strongest at \(strongest) Hz")
        }
    }

    /// Stereo files keep their sides on a stereo output and are mixed for a mono
    /// one; a FLAC file plays as well as a WAV.
    @Test func stereoFilesAndFlac() throws {
        try Self.withFolder { folder in
            let left = Self.knock(sampleRate: 48000, frequency: 700), right = Self.knock(sampleRate: 48000, frequency: 1300, level: 0.25)
            try SampleFixture.write([left, right], sampleRate: 48000, to: folder.file("stereo.wav"))
            let options = ["file": folder.file("stereo.wav"), "gain": "1"]
            let stereo = try SourceFixture.renderOneShots([(60, 500, 1)], with: try SampleFixture.instance(options: options), frames: 4096, channels: 2)
            #expect(Array(stereo.channels[0][500..<(500 + left.count)]) == left && Array(stereo.channels[1][500..<(500 + right.count)]) == right)
            let mono = try SourceFixture.renderOneShots([(60, 500, 1)], with: try SampleFixture.instance(options: options), frames: 4096)
            #expect(Array(mono.samples[500..<(500 + left.count)]) == zip(left, right).map { ($0 + $1) / 2 })

            try SampleFixture.write([left], sampleRate: 48000, to: folder.file("knock.flac"))
            let flac = try SourceFixture.renderOneShots([(60, 500, 1)], with: try SampleFixture.instance(options: ["file": folder.file("knock.flac"), "gain": "1"]),
                                                        frames: 4096)
            let error = zip(flac.samples[500...], left).map { abs($0 - $1) }.max()!
            #expect(error < 1e-6, "24-bit FLAC plays within \(error) of what was written")
        }
    }

    /// The metronome's accent keys (34, 46, 76) play the accent file when there
    /// is one, and the sample 3 dB louder when there is none; other keys the sample.
    @Test func accentKeysPlayTheAccentFileOrTheSampleLouder() throws {
        try Self.withFolder { folder in
            let normal = Self.knock(sampleRate: 48000), accent = Self.knock(sampleRate: 48000, frequency: 2000, level: 0.4)
            try SampleFixture.write([normal], sampleRate: 48000, to: folder.file("normal.wav"))
            try SampleFixture.write([accent], sampleRate: 48000, to: folder.file("accent.wav"))
            let notes: [(key: Int, frame: Int64, velocity: Double)] = [(76, 0, 1), (77, 4800, 1), (34, 9600, 1), (46, 14_400, 1), (60, 19_200, 1)]
            func sounds(_ options: [String: String]) throws -> [[Float]] {
                let samples = try SourceFixture.renderOneShots(notes, with: try SampleFixture.instance(options: options), frames: 24_000).samples
                return notes.map { Array(samples[Int($0.frame)..<(Int($0.frame) + normal.count)]) }
            }
            let alone = try sounds(["file": folder.file("normal.wav"), "gain": "0.5"])
            let louder = 0.5 * Float(2.0.squareRoot())
            for index in [0, 2, 3] { #expect(zip(alone[index], normal).allSatisfy { abs($0 - $1 * louder) < 1e-6 }, "key \(notes[index].key) louder") }
            for index in [1, 4] { #expect(zip(alone[index], normal).allSatisfy { $0 == $1 * 0.5 }, "key \(notes[index].key) as the sample") }

            let paired = try sounds(["file": folder.file("normal.wav"), "accent-file": folder.file("accent.wav"), "gain": "0.5"])
            for index in [0, 2, 3] { #expect(zip(paired[index], accent).allSatisfy { $0 == $1 * 0.5 }, "key \(notes[index].key) plays the accent file") }
            for index in [1, 4] { #expect(paired[index] == alone[index]) }
        }
    }

    /// Every file that will not do stops the source from starting, with a
    /// sentence that names it: the host shows it.
    @Test func filesThatWillNotDoAreRefusedByPath() throws {
        try Self.withFolder { folder in
            try "not a sound".write(toFile: folder.file("text.wav"), atomically: true, encoding: .utf8)
            #expect(FileManager.default.createFile(atPath: folder.file("empty.wav"), contents: Data()))
            try SampleFixture.write([[Float](repeating: 0, count: 4800)], sampleRate: 48000, to: folder.file("silence.wav"))
            try SampleFixture.write([[Float](repeating: 0.1, count: 11 * 8000)], sampleRate: 8000, to: folder.file("long.wav"))
            try SampleFixture.write((0..<3).map { _ in Self.knock(sampleRate: 48000) }, sampleRate: 48000, to: folder.file("three.wav"))
            try SampleFixture.write([Self.knock(sampleRate: 48000)], sampleRate: 48000, to: folder.file("good.wav"))
            let cases: [(options: [String: String], says: String)] = [
                ([:], "no sample chosen: set the option file to the path of a WAV or FLAC file"),
                (["file": folder.file("missing.wav")], "the sample \(folder.file("missing.wav")) does not exist"),
                (["file": folder.path], "\(folder.path) is a folder, not a sample"),
                (["file": folder.file("empty.wav")], "the sample \(folder.file("empty.wav")) is empty (0 bytes)"),
                (["file": folder.file("silence.wav")], "the sample \(folder.file("silence.wav")) holds only silence: every sample is 0"),
                (["file": folder.file("long.wav")], "the sample \(folder.file("long.wav")) lasts 11.0 s; a sample may last at most 10 s"),
                (["file": folder.file("three.wav")], "the sample \(folder.file("three.wav")) has 3 channels; a sample must be mono or stereo"),
                (["file": folder.file("good.wav"), "accent-file": folder.file("missing.wav")], "the sample \(folder.file("missing.wav")) does not exist"),
            ]
            for (options, says) in cases {
                let instance = try SampleFixture.instance(options: options)
                #expect(throws: SourceError.failed(source: SampleFixture.sourceID, action: "activate", reason: .said(says))) {
                    try instance.activate(sampleRate: 48000, maxFrames: 256, channels: 1)
                }
                #expect(!instance.isActive)
            }
            // libsndfile's own words end the sentence; they differ between its versions.
            let text = try SampleFixture.instance(options: ["file": folder.file("text.wav")])
            #expect {
                try text.activate(sampleRate: 48000, maxFrames: 256, channels: 1)
            } throws: { error in
                guard case .failed(_, _, .said(let words)) = error as? SourceError else { return false }
                return words.hasPrefix("\(folder.file("text.wav")) is not a sound file libsndfile can read (WAV, FLAC, Ogg, AIFF …): ") && !words.hasSuffix(": ")
            }
            let good = try SampleFixture.instance(options: ["file": folder.file("good.wav")])
            try good.activate(sampleRate: 48000, maxFrames: 256, channels: 1)
            good.deactivate()
        }
    }

    /// Any key plays (the range is all 128), each at the sample's own pitch.
    @Test func everyKeyPlaysTheSampleAtItsOwnPitch() throws {
        try Self.withFolder { folder in
            let knock = Self.knock(sampleRate: 48000)
            try SampleFixture.write([knock], sampleRate: 48000, to: folder.file("knock.wav"))
            let source = try SampleFixture.instance(options: ["file": folder.file("knock.wav"), "gain": "1"])
            let range = try #require(source.noteRange())
            #expect(abs(range.lowerBound - 440 * pow(2, -69.5 / 12)) < 1e-9 && abs(range.upperBound - 440 * pow(2, 58.5 / 12)) < 1e-6)
            let keys = [0, 21, 60, 108, 127]
            let samples = try SourceFixture.renderOneShots(keys.enumerated().map { ($1, Int64($0 * 4800), 1) }, with: source, frames: keys.count * 4800).samples
            for index in keys.indices {
                #expect(Array(samples[(index * 4800)..<(index * 4800 + knock.count)]) == knock, "key \(keys[index])")
            }
        }
    }
}
