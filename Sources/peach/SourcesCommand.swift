import ArgumentParser
import FoundationEssentials
import PeachHost

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sound sources Peach can play through.",
        discussion: """
            Peach looks for plugin libraries (.so) in the --plugin-path folders, then \
            in PEACH_PLUGIN_PATH (colon-separated), ~/.local/lib/peach/plugins, \
            /usr/local/lib/peach/plugins, /usr/lib/peach/plugins, and the folder of \
            the peach program. When two libraries offer the same source id, the first \
            one found wins. Libraries that fail their checks are listed with the reason.

            --check ID plays A4 and C2 to C7 through one source, each of its timbres in \
            turn (every program of a SoundFont), and prints how many cents from the \
            asked pitch each note sounds, measured in the rendered audio.

            Examples:
              peach sources --check org.peach.fluid
              peach sources --check org.peach.fluid --option program=73
              peach sources --check org.peach.fluid --option tuning=font    (the font's own tuning)
              peach sources --check org.peach.fluid --option font=FluidR3_GM.sf2
            """)

    @OptionGroup var plugins: PluginPathOptions

    @Flag(help: "Print JSON instead of text, for scripts.")
    var json = false

    @Option(help: ArgumentHelp("Measure how far from the asked pitch this source sounds, for each of its timbres.", valueName: "id"))
    var check: String?

    @Option(name: .customLong("option"),
            help: ArgumentHelp("With --check: set one of the source's options, e.g. font=FluidR3_GM.sf2; setting its timbre (program=73) checks that one alone. Repeatable.",
                               valueName: "key=value"))
    var options: [String] = []

    func validate() throws {
        guard check != nil || options.isEmpty else { throw ValidationError("--option goes with --check ID.") }
    }

    func run() throws {
        let catalog = plugins.discoverSources()
        if let check {
            try SourceCheck(catalog: catalog, sourceID: check, assignments: options, json: json).run()
        } else {
            print(json ? Self.json(catalog) : Self.text(catalog), terminator: "")
        }
    }

    static func text(_ catalog: SourceCatalog) -> String {
        var lines: [String] = []
        if catalog.sources.isEmpty { lines.append("No sound sources found.") }
        for entry in catalog.sources {
            let source = entry.descriptor
            lines.append("\(source.id)  \(source.name) (\(source.kind.rawValue))  \(source.vendor) \(source.version)")
            if !source.description.isEmpty { lines.append("  \(source.description)") }
            lines.append("  library: \(entry.libraryPath)")
            let keyWidth = entry.options.map(\.key.count).max() ?? 0
            for option in entry.options {
                lines.append("  --option \(option.key.padding(keyWidth))  \(summary(option))")
            }
        }
        for note in catalog.shadowed { lines.append("warning: \(note)") }
        if !catalog.rejections.isEmpty {
            lines.append("")
            lines.append("Rejected:")
            for rejection in catalog.rejections { lines.append("  \(rejection)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func summary(_ option: SourceOption) -> String {
        let unit = option.unit.isEmpty ? "" : " \(option.unit)"
        var kind = option.type.rawValue
        if let range = option.range { kind += " \(range.lowerBound.compact)...\(range.upperBound.compact)\(unit)" }
        if option.type == .choice { kind += " (\(option.choices.count) choices)" }
        return "\(option.name): \(kind), default \(option.defaultValue)\(unit). \(option.description)"
    }

    static func json(_ catalog: SourceCatalog) -> String {
        let listing = Listing(
            sources: catalog.sources.map { entry in
                .init(id: entry.descriptor.id, name: entry.descriptor.name, kind: entry.descriptor.kind, vendor: entry.descriptor.vendor,
                      version: entry.descriptor.version, description: entry.descriptor.description,
                      realtimeSafe: entry.descriptor.realtimeSafe, library: entry.libraryPath, options: entry.options)
            },
            rejected: catalog.rejections.map { .init(path: $0.path, source: $0.sourceID, reason: $0.reason) },
            shadowed: catalog.shadowed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(listing)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The `--json` shape: scripts rely on these field names.
    struct Listing: Encodable {
        struct Source: Encodable {
            var id, name: String
            var kind: SourceKind
            var vendor, version, description: String
            var realtimeSafe: Bool
            var library: String
            var options: [SourceOption]
        }
        struct Rejected: Encodable {
            var path: String
            var source: String?
            var reason: String
        }
        var sources: [Source]
        var rejected: [Rejected]
        var shadowed: [String]
    }
}
