import Foundation

/// An ALSA configuration a test writes for the programs it starts
/// (`ALSA_CONFIG_PATH`), instead of the system's and anyone's `~/.asoundrc`:
/// one named device, `peachtest` (ALSA's `null`, with a hint, so `aplay -L`
/// and `peach devices` list it), and no `default`, as on a machine without a
/// sound card. With `system`, the system's configuration is read first
/// (its `file` and `tee` devices), and `HOME` is the test's folder so no
/// one's own `~/.asoundrc` is read.
public enum AlsaTestConfiguration {
    public static let deviceName = "peachtest"
    public static let deviceDescription = "Peach test device"

    /// Writes the configuration into `folder`; the environment to pass.
    public static func write(in folder: TemporaryDirectory, system: Bool = false) throws -> [String: String] {
        let path = folder.file("alsa-test.conf")
        try """
            pcm.\(deviceName) {
                type null
                hint { show on description "\(deviceDescription)" }
            }

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return system ? ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + path, "HOME": folder.path] : ["ALSA_CONFIG_PATH": path]
    }

    /// The capture device the tests and benchmarks hear through on a machine
    /// without a sound card: ALSA's `file` PCM reading `infile` (raw samples,
    /// in the format the program opens it with) over the `null` device.
    public static let captureName = "peach_test_capture"

    public static func captureDevice(infile: String) -> String {
        """
        pcm.\(captureName) {
            type file
            slave.pcm null
            file "/dev/null"
            infile "\(infile)"
            format "raw"
        }
        """
    }

    /// Writes an infile for it: 32-bit signed samples of a sine at 48 kHz (the format Peach opens the device with).
    @discardableResult
    public static func writeSine(_ path: String, frequency: Double, frames: Int, amplitude: Double = 0.5) throws -> [Int32] {
        let samples = (0..<frames).map { Int32((amplitude * sin(2 * .pi * frequency * Double($0) / 48_000) * 2147483647).rounded()) }
        try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        return samples
    }

    /// Writes the capture device into `folder` on top of the system's
    /// configuration; the environment for a program that is to capture from it.
    public static func writeCapture(in folder: TemporaryDirectory, infile: String) throws -> [String: String] {
        let path = folder.file("alsa-capture.conf")
        try captureDevice(infile: infile).write(toFile: path, atomically: true, encoding: .utf8)
        return ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + path, "HOME": folder.path]
    }
}
