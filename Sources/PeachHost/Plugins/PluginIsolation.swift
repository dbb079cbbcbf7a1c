/// Where a source's plugin runs: in Peach's own process (fastest; a crash in
/// the plugin is a crash of Peach), or in a bridge process of its own.
public enum PluginIsolation: String, Sendable, CaseIterable {
    case inProcess = "in-process"
    case bridged = "bridge"
}
