import ArgumentParser
import PeachAudio
import PeachHost
import PeachSupport
import PeachText

/// Where to look for sound-source plugins; shared by every command that uses sources.
struct PluginPathOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"),
            help: ArgumentHelp(localized(.helpPluginPath), valueName: localized(.valueNameFolder)))
    var directories: [String] = []

    @Option(name: .customLong("plugin-isolation"),
            help: ArgumentHelp(localized(.helpPluginIsolation), valueName: "auto|in-process|bridge"))
    var isolation: PluginIsolation = .automatic

    /// Probes every plugin found, each in a child process.
    func discoverSources() -> SourceCatalog {
        var catalog = Self.discover(directories)
        catalog.isolation = isolation
        catalog.log = .command
        catalog.faultWording = { said($0) }
        return catalog
    }

    /// The sources in `directories` and the standard folders.
    static func discover(_ directories: [String]) -> SourceCatalog {
        SourceCatalog.discover(searchPath: .standard(commandLine: directories),
                               prober: PluginProber(executable: PluginPath.canonical("/proc/self/exe") ?? CommandLine.arguments[0]) { path in
                                   StandardError.warning(localized(.pluginProbeSlow, path, PluginProber.defaultTimeoutSeconds.compact))
                               })
    }

    /// What a shell completes after --source: the ids of the sources found in the standard folders.
    static let sourceCompletion = CompletionKind.custom { _, _, _ in discover([]).sources.map(\.descriptor.id) }

    /// Discovers sources and warns on standard error about folders skipped or
    /// guessed at, and about ids that more than one library offers.
    func discoverSourcesWarningOfDuplicates() -> SourceCatalog {
        let catalog = discoverSources()
        catalog.folderWarnings.forEach { StandardError.warning(said($0)) }
        catalog.shadowed.forEach { StandardError.warning(said($0)) }
        return catalog
    }
}

extension PluginIsolation: WordArgument {}
