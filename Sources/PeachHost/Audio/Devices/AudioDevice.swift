import CAlsa
import Glibc

/// A PCM device as ALSA's hints name it (what `aplay -L` lists): from the
/// system's configuration, `~/.asoundrc` and the sound cards. Each is listed
/// for a direction, so outputs and inputs share the type.
public struct AudioDevice: Equatable, Sendable, Codable {
    public enum Direction: String, Sendable, Codable {
        case output, input
    }

    public var name: String
    /// ALSA's words for it (lines joined by newlines), or "" when it has none.
    public var description: String
    public var direction: Direction

    public init(name: String, description: String, direction: Direction) {
        self.name = name
        self.description = description
        self.direction = direction
    }

    /// The devices ALSA names for `direction`, in its order, with `default`
    /// first (it is the setting's default, hinted or not).
    public static func list(_ direction: Direction) -> [AudioDevice] {
        var devices: [AudioDevice] = []
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        // alsa-lib's complaints about its configuration are `configurationProblem`'s, not lines of their own on standard error.
        peach_alsa_capture_errors()
        defer { peach_alsa_clear_error() }
        if snd_device_name_hint(-1, "pcm", &hints) == 0, let hints {
            defer { snd_device_name_free_hint(hints) }
            var index = 0
            while let hint = hints[index] {
                index += 1
                // IOID is absent for a device that plays and records.
                let ioid = text(hint, "IOID")
                guard let name = text(hint, "NAME"), ioid == nil || ioid == (direction == .output ? "Output" : "Input") else { continue }
                devices.append(AudioDevice(name: name, description: text(hint, "DESC") ?? "", direction: direction))
            }
        }
        if !devices.contains(where: { $0.name == "default" }) {
            devices.insert(AudioDevice(name: "default", description: "", direction: direction), at: 0)
        }
        return devices
    }

    /// Whether `name` is a device here: one ALSA lists, or one it opens
    /// (such as `hw:0` or `plughw:1,0`; busy counts as there).
    public static func exists(_ name: String, direction: Direction) -> Bool {
        if list(direction).contains(where: { $0.name == name }) { return true }
        var handle: OpaquePointer?
        peach_alsa_capture_errors()
        let status = snd_pcm_open(&handle, name, direction == .output ? SND_PCM_STREAM_PLAYBACK : SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
        peach_alsa_clear_error()
        if status == 0 { snd_pcm_close(handle) }
        return status == 0 || status == -EBUSY
    }

    /// Why ALSA's configuration (the system's files, `~/.asoundrc`,
    /// `ALSA_CONFIG_PATH`) does not read, in alsa-lib's words; nil if it does.
    /// Then `list` has nothing but `default`, and no device opens.
    public static func configurationProblem() -> String? {
        peach_alsa_capture_errors()
        peach_alsa_clear_error()
        defer { peach_alsa_clear_error() }
        let status = snd_config_update()
        guard status < 0 else { return nil }
        let said = String(cString: peach_alsa_last_error()).trimmingWhitespace()
        return said.isEmpty ? String(cString: snd_strerror(status)) : said
    }

    private static func text(_ hint: UnsafeMutableRawPointer, _ field: String) -> String? {
        guard let value = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }
}
