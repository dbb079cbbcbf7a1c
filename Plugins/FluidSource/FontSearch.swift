import Glibc

/// Where SoundFonts given by name are looked for, and which plays when none is named.
enum FontSearch {
    /// Installed with libfluidsynth on Debian and Ubuntu: small, complete General MIDI.
    static let fallbackName = "TimGM6mb.sf2"

    /// The `font` setting when the user gives none: $PEACH_SOUNDFONT, else TimGM6mb.
    static var defaultSetting: String {
        guard let chosen = getenv("PEACH_SOUNDFONT").map({ String(cString: $0) }), !chosen.isEmpty else { return fallbackName }
        return chosen
    }

    /// The user's own folder first, then the system's (Debian puts its fonts in sounds/sf2 and sf3).
    static func folders() -> [String] {
        let data = getenv("XDG_DATA_HOME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? expandingHome("~/.local/share")
        return [data + "/soundfonts", "/usr/share/soundfonts", "/usr/share/sounds/sf2", "/usr/share/sounds/sf3"]
    }

    static func expandingHome(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst()
    }
}
