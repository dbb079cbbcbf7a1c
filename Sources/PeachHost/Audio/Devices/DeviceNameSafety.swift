/// Whether a device name from the settings file is safe to hand to ALSA. A
/// name can carry arguments for ALSA's plugins, and the `file` and `tee`
/// plugins take a file to write, or with `|` a command to run: a synced or
/// planted settings file must not make Peach write a file or run a command.
/// From the settings file a name may therefore hold only letters, digits and
/// `_ - , : =` (every name `aplay -L` lists, `hw:0`, `plughw:CARD=PCH,DEV=0`),
/// and may not use those plugins. The command line (`--device`) may.
public enum DeviceNameSafety {
    public static func allowedInSettings(_ name: String) -> Bool {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(allowed.contains) else { return false }
        let plugin = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0].lowercased()
        return !["file", "tee"].contains(plugin)
    }

    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-,:=".unicodeScalars)
}
