/// Where a source's plugin runs: in Peach's own process (fastest; a crash in
/// the plugin is a crash of Peach), or in a bridge process of its own, where a
/// crash or hang costs that process only. `automatic`: Peach's own plugins
/// (beside the program, or in `lib/peach/plugins` beside its `bin`) in
/// process, every other plugin in a bridge.
public enum PluginIsolation: String, Sendable, CaseIterable {
    case automatic = "auto"
    case inProcess = "in-process"
    case bridged = "bridge"
}
