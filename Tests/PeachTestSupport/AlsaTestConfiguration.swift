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
}
