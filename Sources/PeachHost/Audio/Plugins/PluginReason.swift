/// Why a plugin says it failed: its own words (`last_error`, `create`'s
/// message), or what the host saw instead when it gave none it could read.
public enum PluginReason: Codable, Hashable, Sendable {
    /// The plugin's own words, as it wrote them.
    case said(String)
    /// It wrote no words.
    case none
    /// Its words are not UTF-8.
    case notUTF8
    /// It runs in a bridge process, and that process failed.
    case bridge(BridgeFault)

    /// A C string from the plugin, empty or absent meaning no words.
    init(cText text: UnsafePointer<CChar>?) {
        guard let text else { self = .none; return }
        guard let string = CText.string(text) else { self = .notUTF8; return }
        self = string.isEmpty ? .none : .said(string)
    }
}
