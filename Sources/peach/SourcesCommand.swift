import ArgumentParser
import FoundationEssentials
import PeachAudio
import PeachHost
import PeachText

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: localized(.helpSourcesAbstract),
        discussion: localized(.helpSourcesDiscussion, maxListedChoices) + "\n\n" + localized(.helpSourcesCheckDiscussion) + "\n\n"
            + localized(.helpExamples) + """

              peach sources org.peach.fluid
              peach sources --check org.peach.fluid
              peach sources --check org.peach.fluid --option program=73
              peach sources --check org.peach.fluid --option tuning=font
              peach sources --check org.peach.fluid --option font=FluidR3_GM.sf2
            """)

    /// Choice options with more values than this show only their count (`--json` lists them all).
    static let maxListedChoices = 16

    @Argument(help: ArgumentHelp(localized(.helpSourcesID), valueName: "id"))
    var id: String?

    @OptionGroup var plugins: PluginPathOptions

    @Flag(help: ArgumentHelp(localized(.helpSourcesJSON)))
    var json = false

    @Option(help: ArgumentHelp(localized(.helpSourcesCheck), valueName: "id"))
    var check: String?

    @Option(name: .customLong("option"),
            help: ArgumentHelp(localized(.helpSourcesCheckOption), valueName: localized(.valueNameAssignment)))
    var options: [String] = []

    func validate() throws {
        guard check != nil || options.isEmpty else { throw ValidationError(localized(.sourcesOptionNeedsCheck)) }
        guard check == nil || id == nil else { throw ValidationError(localized(.sourcesIDOrCheck)) }
    }

    func run() throws {
        let catalog = plugins.discoverSources()
        if let check {
            // Only a pitched source has a tuning to check.
            let pitched = catalog.pitchedOnly
            try SourceCheck(catalog: pitched, sourceID: try pitched.entry(named: check).descriptor.id, assignments: options, json: json).run()
        } else if let id {
            let entry = try catalog.entry(named: id)
            print(json ? Self.json(of: entry) : Self.text(of: entry, everyChoice: true, width: Self.width).joined(separator: "\n") + "\n", terminator: "")
        } else {
            print(json ? Self.json(catalog) : Self.text(catalog, width: Self.width), terminator: "")
        }
    }

    /// In a window, lines fit it; into a pipe, each stays whole.
    private static var width: Int { TerminalSize.windowColumns().map { $0 - 1 } ?? .max }

    /// The listing, each line broken to `width` columns and continued under its own text.
    static func text(_ catalog: SourceCatalog, width: Int) -> String {
        var lines: [String] = []
        if catalog.sources.isEmpty { lines.append(localized(.sourcesNone)) }
        for entry in catalog.sources { lines += text(of: entry, everyChoice: false, width: width) }
        if !catalog.unavailable.isEmpty {
            lines.append("")
            lines.append(localized(.sourcesUnavailable))
            for source in catalog.unavailable {
                lines += TextWrap.lines("  \(source.descriptor.id)  \(source.descriptor.name) (\(source.descriptor.kind.rawValue)): \(said(source.reason))",
                                        width: width, indent: "  ")
            }
        }
        for note in catalog.folderWarnings.map({ said($0) }) + catalog.shadowed.map({ said($0) }) {
            lines += TextWrap.lines("\(localized(.warning)): \(note)", width: width, indent: "  ")
        }
        if !catalog.rejections.isEmpty {
            lines.append("")
            lines.append(localized(.sourcesRejected))
            for rejection in catalog.rejections { lines += TextWrap.lines("  \(said(rejection))", width: width, indent: "  ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One source's lines: what it is, where from, its options, and the
    /// values of its choices (all of them, or only short lists). An option's
    /// and a choice's words continue under their own first word.
    static func text(of entry: SourceCatalog.Entry, everyChoice: Bool, width: Int) -> [String] {
        let source = entry.descriptor
        let kind = source.pitched ? source.kind.rawValue : "\(source.kind.rawValue), \(localized(.sourcesUnpitched))"
        var lines = TextWrap.lines("\(source.id)  \(source.name) (\(kind))  \(source.vendor) \(source.version)", width: width, indent: "  ")
        if !source.description.isEmpty { lines += TextWrap.lines("  \(source.description)", width: width) }
        lines += TextWrap.lines("  " + localized(.sourcesLibrary, entry.libraryPath), width: width)
        let keyWidth = entry.options.map(\.key.count).max() ?? 0
        // Continued under the option's text where that leaves room for words, else a little in (a 30-column window split words).
        let hanging = "--option ".count + keyWidth + 2
        let optionIndent = String(repeating: " ", count: width - hanging >= 24 ? hanging : 4)
        for option in entry.options {
            lines += TextWrap.lines("  --option \(option.key.padding(keyWidth))  \(summary(option))", width: width, indent: optionIndent)
            guard option.type == .choice, everyChoice || option.choices.count <= maxListedChoices else { continue }
            let valueWidth = option.choices.map(\.value.count).max() ?? 0
            // After the line's own six spaces: under the label, or a little in.
            let choiceIndent = String(repeating: " ", count: width - (6 + valueWidth + 2) >= 24 ? valueWidth + 2 : 2)
            for choice in option.choices {
                lines += TextWrap.lines("      \(choice.value.padding(valueWidth))  \(choice.label)", width: width, indent: choiceIndent)
            }
        }
        return lines
    }

    private static func summary(_ option: SourceOption) -> String {
        let unit = option.unit.isEmpty ? "" : " \(option.unit)"
        var kind = typeName(option.type)
        if let range = option.range { kind += " " + range.said(unit: option.unit) }
        if option.type == .choice { kind += " " + localized(.sourcesChoices, option.choices.count) }
        // An empty default (a file not yet chosen) is said as none, not as "default .".
        guard !option.defaultValue.isEmpty else { return localized(.sourcesOptionNoDefault, option.name, kind, option.description) }
        return localized(.sourcesOption, option.name, kind, shownDefault(option) + unit, option.description)
    }

    /// The default as `--option` takes it and the language writes numbers: a switch on or off, `0,5` in German.
    private static func shownDefault(_ option: SourceOption) -> String {
        switch option.type {
        case .bool: option.defaultValue == "true" ? "on" : option.defaultValue == "false" ? "off" : option.defaultValue
        case .number: Double(option.defaultValue)?.compact ?? option.defaultValue
        case .int, .text, .path, .choice: option.defaultValue
        }
    }

    private static func typeName(_ type: SourceOption.ValueType) -> String {
        switch type {
        case .bool: localized(.optionTypeBool)
        case .int: localized(.optionTypeInt)
        case .number: localized(.optionTypeNumber)
        case .text: localized(.optionTypeText)
        case .path: localized(.optionTypePath)
        case .choice: localized(.optionTypeChoice)
        }
    }

    static func json(_ catalog: SourceCatalog) -> String {
        let listing = Listing(
            sources: catalog.sources.map(Listing.Source.init),
            unavailable: catalog.unavailable.map { .init(id: $0.descriptor.id, name: $0.descriptor.name, kind: $0.descriptor.kind,
                                                         library: $0.libraryPath, reason: said($0.reason)) },
            rejected: catalog.rejections.map { .init(path: $0.path, source: $0.sourceID, reason: said($0.reason)) },
            shadowed: catalog.shadowed.map { said($0) })
        return ((try? CommandJSON.pretty(listing)) ?? "") + "\n"
    }

    /// `sources ID --json`: that source alone, as it appears in the listing.
    static func json(of entry: SourceCatalog.Entry) -> String {
        ((try? CommandJSON.pretty(Listing.Source(entry))) ?? "") + "\n"
    }

    /// The `--json` shape: scripts rely on these field names.
    struct Listing: Encodable {
        struct Source: Encodable {
            var id, name: String
            var kind: SourceKind
            var vendor, version, description: String
            var realtimeSafe: Bool
            /// False for clicks and drums: never offered for training pairs.
            var pitched: Bool
            var library: String
            var options: [SourceOption]

            init(_ entry: SourceCatalog.Entry) {
                (id, name, kind, vendor, version) = (entry.descriptor.id, entry.descriptor.name, entry.descriptor.kind, entry.descriptor.vendor,
                                                     entry.descriptor.version)
                (description, realtimeSafe, pitched) = (entry.descriptor.description, entry.descriptor.realtimeSafe, entry.descriptor.pitched)
                (library, options) = (entry.libraryPath, entry.options)
            }
        }
        /// A source that cannot be made here and now, with its own reason.
        struct Unavailable: Encodable {
            var id, name: String
            var kind: SourceKind
            var library, reason: String
        }
        struct Rejected: Encodable {
            var path: String
            var source: String?
            var reason: String
        }
        var sources: [Source]
        var unavailable: [Unavailable]
        var rejected: [Rejected]
        var shadowed: [String]
    }
}
