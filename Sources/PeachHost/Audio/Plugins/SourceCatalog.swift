/// Every sound source Peach can use right now, found by probing each library
/// in the search path. A library that fails validation, crashes or hangs is
/// listed under `rejections` with its reason; the others keep working.
public struct SourceCatalog: Sendable {
    public struct Entry: Sendable, Equatable {
        public var descriptor: SourceDescriptor
        public var options: [SourceOption]
        public var libraryPath: String
    }

    /// The source Peach plays with no configuration at all.
    public static let defaultSourceID = "org.peach.sine"

    public private(set) var sources: [Entry] = []
    public private(set) var rejections: [PluginRejection] = []
    /// Sources that passed every check but cannot be made here and now, with their reasons.
    public private(set) var unavailable: [SourceUnavailable] = []
    /// A source ignored because an earlier library in the search path has the same id.
    public struct Shadowed: Equatable, Sendable {
        public var id: String
        /// The library ignored, and the one whose source of that id is used.
        public var path: String, usedPath: String
    }

    /// Sources ignored because an earlier library in the search path has the same id.
    public private(set) var shadowed: [Shadowed] = []
    /// Relative search-path entries, and folders skipped because anyone may write to them.
    public private(set) var folderWarnings: [PluginFolderWarning] = []

    public init(reports: [ProbeReport]) {
        for report in reports {
            rejections += report.rejections
            unavailable += report.unavailable
            for source in report.sources {
                if let first = sources.first(where: { $0.descriptor.id == source.descriptor.id }) {
                    shadowed.append(Shadowed(id: source.descriptor.id, path: report.path, usedPath: first.libraryPath))
                    continue
                }
                sources.append(Entry(descriptor: source.descriptor, options: source.options, libraryPath: report.path))
            }
        }
    }

    /// Sources set aside by `pitchedOnly`: asking for one says why it is not there.
    public private(set) var unpitched: [SourceDescriptor] = []

    /// The catalog without the sources whose notes sound no pitch (clicks,
    /// drums, samples): what training pairs may be played on.
    public var pitchedOnly: SourceCatalog {
        var catalog = self
        catalog.unpitched += sources.filter { !$0.descriptor.pitched }.map(\.descriptor)
        catalog.sources.removeAll { !$0.descriptor.pitched }
        return catalog
    }

    /// Whether `entry`'s source runs in a bridge process under `isolation`.
    public func runsBridged(_ entry: Entry, _ isolation: PluginIsolation) -> Bool {
        switch isolation {
        case .inProcess: false
        case .bridged: true
        case .automatic: !ownFolders.contains { entry.libraryPath.hasPrefix($0 + "/") }
        }
    }

    /// Probes every library in `searchPath`.
    public static func discover(searchPath: PluginSearchPath, prober: PluginProber) -> SourceCatalog {
        let (libraries, warnings) = searchPath.candidateLibraries()
        var catalog = SourceCatalog(reports: prober.probe(libraries))
        catalog.bridgeExecutable = prober.executable
        catalog.ownFolders = searchPath.ownDirectories.compactMap(PluginPath.canonical)
        catalog.rejections.removeAll(where: searchPath.isQuiet)
        catalog.folderWarnings = warnings
        return catalog
    }

    public func entry(for id: String) throws(SourceLookupError) -> Entry {
        guard let entry = sources.first(where: { $0.descriptor.id == id }) else {
            if let unavailable = unavailable.first(where: { $0.descriptor.id == id }) {
                throw .unavailable(unavailable)
            }
            if let rejection = rejections.first(where: { $0.sourceID == id }) {
                throw .rejected(rejection)
            }
            if unpitched.contains(where: { $0.id == id }) {
                throw .unpitched(id: id, pitched: sources.map(\.descriptor.id))
            }
            throw .unknown(id: id, available: sources.map(\.descriptor.id))
        }
        return entry
    }

    /// The `peach` program that probed the libraries; it also runs bridge processes.
    public var bridgeExecutable: String?
    /// Where instances run unless `makeInstance` is told otherwise.
    public var isolation = PluginIsolation.inProcess
    /// Folders holding Peach's own plugins (canonical): in process under `automatic`.
    public var ownFolders: [String] = []
    /// Where the plugins' messages go (nowhere without one).
    public var log: PluginLog?
    /// Words for a plugin that crashes in a call Peach makes to an instance
    /// made here, in this process (`PluginLibrary.makeInstance`); nil leaves
    /// the runtime's crash report.
    public var faultWording: (@Sendable (PluginFault) -> String)?

    /// Makes an inactive instance of the source: its library loaded into this
    /// process, or in a bridge process of its own (`BridgeClient`), where a
    /// crash or hang in the plugin costs only that process.
    public func makeInstance(of id: String, isolation chosen: PluginIsolation? = nil) throws(SourceLookupError) -> SourceInstance {
        let entry = try entry(for: id)
        if runsBridged(entry, chosen ?? isolation) {
            guard let executable = bridgeExecutable ?? PluginPath.executableDirectory().map({ $0 + "/peach" }) else {
                throw .rejected(PluginRejection(path: entry.libraryPath, sourceID: id, reason: .bridgeCannotStart(id: id, .noProgram)))
            }
            return try BridgeClient.makeInstance(executable: executable, entry: entry)
        }
        let library: PluginLibrary
        do {
            library = try PluginLibrary.load(path: entry.libraryPath)
        } catch {
            throw .rejected(error)
        }
        return try library.makeInstance(of: id, log: log, faultWording: faultWording)
    }
}

/// Why no instance of a source could be made, as data; `PeachMessages` words it.
public enum SourceLookupError: Error, Codable, Equatable {
    case unknown(id: String, available: [String])
    case rejected(PluginRejection)
    case unavailable(SourceUnavailable)
    /// The source sounds no pitch (`PEACH_SOURCE_UNPITCHED`) where pitch is judged.
    case unpitched(id: String, pitched: [String])
}
