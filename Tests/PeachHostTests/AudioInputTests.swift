import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachTestSupport
import Testing

/// Capture without a sound card: ALSA's `file` PCM reading an `infile`
/// (defined in configuration text the test hands to the input, not in
/// anyone's ~/.asoundrc), and sound files read through libsndfile.
@Suite struct AudioInputTests {
    static let rate = 48000

    @Test func capturesWhatTheDeviceHearsSampleForSample() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let raw = folder.file("heard.raw")
        let written = try AlsaTestConfiguration.writeSine(raw, frequency: 441, frames: Self.rate)
        let input = try AlsaInput(device: AlsaTestConfiguration.captureName, preferredRate: Double(Self.rate), configuration: AlsaTestConfiguration.captureDevice(infile: raw))
        defer { input.finish() }
        #expect(input.format.sampleRate == Double(Self.rate) && input.format.channels == 1)
        #expect(!input.blocksOnDevice, "a file PCM over null has no clock of its own")
        let frames = Self.rate / 4
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { buffer.deallocate() }
        var captured: [Double] = []
        let start = Monotonic.nanoseconds()
        while captured.count < frames {
            let block = input.format.blockFrames
            #expect(input.read(into: buffer, frames: block) == .read)
            captured += (0..<block).map { Double(buffer[$0]) }
        }
        let seconds = Double(Monotonic.nanoseconds() - start) / 1e9
        #expect(seconds >= 0.24, "a quarter of a second of capture took \(seconds) s: paced like a device")
        let measured = FrequencyMeter.frequency(of: captured[...], sampleRate: Double(Self.rate))
        #expect(abs(FrequencyMeter.cents(measured, from: 441)) < 0.5)
        for index in [0, 1, 1000, frames - 1] {
            #expect(abs(captured[index] - Double(written[index]) / 2147483648) < 1e-7, "sample \(index)")
        }
    }

    @Test func anUnknownCaptureDeviceIsNamedInTheError() {
        #expect {
            _ = try AlsaInput(device: "no_such_capture_device")
        } throws: { error in
            guard case .noDevice(let name, let reason) = error as? AudioInputError else { return false }
            return name == "no_such_capture_device" && !reason.isEmpty
        }
    }

    @Test(arguments: ["wav", "flac"])
    func soundFilesAreReadThroughLibsndfile(kind: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("tone.\(kind)")
        let sox = try Shell.run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", path, "synth", "0.5", "sine", "330", "sine", "660"])
        #expect(sox.status == 0, "\(sox.standardError)")
        let reader = try SoundFileReader(path: path)
        #expect(reader.sampleRate == 44100 && reader.channels == 2 && reader.frameCount == 22050)
        let channels = reader.readAll()
        for (channel, expected) in zip(channels, [330.0, 660.0]) {
            let measured = FrequencyMeter.frequency(of: channel.map(Double.init)[...], sampleRate: 44100)
            #expect(abs(FrequencyMeter.cents(measured, from: expected)) < 0.5, "\(kind): \(measured) Hz")
        }
    }

    @Test func aFileInputEndsWithTheFramesItHad() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("short.wav")
        #expect(try Shell.run(["sox", "-n", "-r", "48000", "-c", "1", path, "synth", "1000s", "sine", "440"]).status == 0)
        let input = try SoundFileInput(path: path, blockFrames: 256)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { buffer.deallocate() }
        var results: [InputReadResult] = []
        for _ in 0..<4 { results.append(input.read(into: buffer, frames: 256)) }
        #expect(results == [.read, .read, .read, .ended(frames: 1000 - 768)])
        #expect((0..<232).contains { buffer[$0] != 0 } && (232..<256).allSatisfy { buffer[$0] == 0 }, "the file's last frames, then silence")
        #expect(input.read(into: buffer, frames: 256) == .ended(frames: 0))
    }

    @Test func unreadableSoundFilesAreNamedWithTheReason() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let text = folder.file("notes.txt")
        try "not a sound".write(toFile: text, atomically: false, encoding: .utf8)
        for path in [folder.file("missing.wav"), text] {
            #expect {
                _ = try SoundFileReader(path: path)
            } throws: { error in
                guard case .cannotReadFile(let named, let reason) = error as? AudioInputError else { return false }
                return named == path && !reason.isEmpty
            }
        }
    }
}
