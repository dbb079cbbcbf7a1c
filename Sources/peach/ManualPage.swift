import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// The manual page (roff, section 1), made from the command tree's own help
/// in the current language: every command that `peach --help` lists, at any
/// depth, with its abstract, discussion, usage, arguments and options. A
/// command added to the tree appears here without further work.
struct ManualPage {
    let root: ParsableCommand.Type

    func roff() -> String {
        let configuration = root.configuration
        var page = [".TH \(Self.quoted(configuration.commandName!.uppercased())) 1 \"\" \(Self.quoted("Peach " + configuration.version)) "
                    + Self.quoted(localized(.manualSection)),
                    // Left-aligned and unhyphenated: option names and JSON must read exactly as typed.
                    ".ad l", ".nh",
                    ".SH " + Self.quoted(localized(.manualName)),
                    "\(configuration.commandName!) \\- \(Self.escaped(configuration.abstract))",
                    ".SH " + Self.quoted(localized(.manualSynopsis))]
        page += Self.usage(root.usageString(for: root))
        page += [".SH " + Self.quoted(localized(.manualDescription))] + Self.paragraphs(configuration.discussion)
        page += [".SH " + Self.quoted(localized(.manualCommands))]
        for command in Self.visibleCommands(below: root) { page += section(for: command) }
        for (heading, entries) in [(TextKey.manualEnvironment, Self.environment), (.manualFiles, Self.files), (.manualExitStatus, Self.exitStatuses)] {
            page += [".SH " + Self.quoted(localized(heading))]
            for (term, text) in entries { page += [".TP", "\\fB\(Self.escaped(term))\\fR", Self.escaped(localized(text))] }
        }
        return page.joined(separator: "\n") + "\n"
    }

    /// What the command tree's help does not hold: the environment Peach reads, the files it keeps, and how it ends.
    private static let environment: [(String, TextKey)] = [
        ("XDG_CONFIG_HOME", .manualEnvironmentConfig), ("XDG_DATA_HOME", .manualEnvironmentData), ("XDG_CACHE_HOME", .manualEnvironmentCache),
        ("PEACH_PLUGIN_PATH", .manualEnvironmentPluginPath), ("PEACH_ALLOW_WRITABLE_PLUGINS", .manualEnvironmentWritablePlugins),
        ("PEACH_SOUNDFONT", .manualEnvironmentSoundFont), ("PEACH_MACHINE", .manualEnvironmentMachine), ("PEACH_DEBUG", .manualEnvironmentDebug),
        ("LC_ALL, LC_MESSAGES, LANG", .manualEnvironmentLanguage), ("VISUAL, EDITOR", .manualEnvironmentEditor), ("NO_COLOR", .manualEnvironmentNoColour),
    ]
    private static let files: [(String, TextKey)] = [
        ("~/.config/peach/settings.json", .manualFileSettings), ("~/.local/share/peach/history/", .manualFileHistory),
        ("~/.local/share/peach/journal/", .manualFileJournal), ("~/.local/share/peach/recordings/", .manualFileRecordings),
        ("~/.local/share/peach/grid/phrase.json", .manualFilePhrase),
        ("~/.cache/peach/fluid/", .manualFileCache), ("~/.local/lib/peach/plugins/", .manualFilePlugins),
    ]
    private static let exitStatuses: [(String, TextKey)] = [
        ("0", .manualExitSuccess), ("1", .manualExitFailure), ("64", .manualExitUsage), ("70", .manualExitPlugin), ("128 + n", .manualExitSignal),
    ]

    /// Subcommands a user is shown, depth first, each followed by its own.
    private static func visibleCommands(below command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.flatMap { [$0] + visibleCommands(below: $0) }
    }

    private func section(for command: ParsableCommand.Type) -> [String] {
        let configuration = command.configuration
        let usage = root.usageString(for: command)
        var lines = [".SS " + Self.quoted(root.configuration.commandName! + " " + path(to: command))]
        lines += Self.paragraphs(configuration.abstract) + Self.paragraphs(configuration.discussion)
        lines += [".PP", ".B " + Self.quoted(ParserText.translate("USAGE:"))] + Self.usage(usage)
        // One option a line: wide enough that the parser wraps nothing.
        let help = root.helpMessage(for: command, columns: 100_000)
        for heading in ["ARGUMENTS:", "OPTIONS:"] {
            let entries = Self.entries(under: heading, in: help).filter { !["--version", "-h, --help"].contains($0.name) }
            guard !entries.isEmpty else { continue }
            lines += [".PP", ".B " + Self.quoted(ParserText.translate(heading))]
            for entry in entries {
                lines += [".TP", "\\fB\(Self.escaped(entry.name))\\fR", Self.escaped(ParserText.translate(entry.text))]
            }
        }
        return lines
    }

    /// `settings set` for SettingsSetCommand: the command names from the root down.
    private func path(to command: ParsableCommand.Type) -> String {
        func names(below parent: ParsableCommand.Type) -> [String]? {
            for child in parent.configuration.subcommands {
                let name = child.configuration.commandName ?? ""
                if child == command { return [name] }
                if let rest = names(below: child) { return [name] + rest }
            }
            return nil
        }
        return (names(below: root) ?? []).joined(separator: " ")
    }

    /// The entries of one section of a help screen: name (`--cents <cents>`) and text.
    private static func entries(under heading: String, in help: String) -> [(name: String, text: String)] {
        var entries: [(name: String, text: String)] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { inside = line == heading; continue }
            guard inside, line.hasPrefix("  ") else { continue }
            let body = line.dropFirst(2)
            if body.hasPrefix(" "), !entries.isEmpty {  // a text too long for its name's line
                entries[entries.count - 1].text += (entries[entries.count - 1].text.isEmpty ? "" : " ") + body.drop { $0 == " " }
            } else if let gap = body.firstRange(of: "  ") {
                entries.append((String(body[..<gap.lowerBound]), String(body[gap.upperBound...].drop { $0 == " " })))
            } else {
                entries.append((String(body), ""))
            }
        }
        return entries
    }

    /// Usage lines, one form each; a line breaks only between items, never inside `[--cents <cents>]`.
    private static func usage(_ text: String) -> [String] {
        let forms = text.split(separator: "\n").reduce(into: [String]()) { forms, line in
            if line.hasPrefix(" "), !forms.isEmpty { forms[forms.count - 1] += " " + line.drop { $0 == " " } } else { forms.append(String(line)) }
        }
        return forms.flatMap { form -> [String] in
            var depth = 0
            let marked = String(form.map { character -> Character in
                if character == "[" || character == "<" { depth += 1 }
                if character == "]" || character == ">" { depth -= 1 }
                return character == " " && depth > 0 ? "\u{A0}" : character
            })
            return [".PP", escaped(marked).replacing("\u{A0}", with: "\\ ")]
        }
    }

    /// Paragraphs of help text; a paragraph of indented lines (examples) keeps its lines.
    private static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n\n").flatMap { paragraph -> [String] in
            let lines = paragraph.split(separator: "\n")
            if lines.allSatisfy({ $0.hasPrefix("  ") }) {
                return [".PP", ".nf", ".RS 4"] + lines.map { escaped(String($0.drop { $0 == " " })) } + [".RE", ".fi"]
            }
            return [".PP"] + lines.map { line in
                // A word longer than a line (a JSON example) may break after its commas.
                line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                    word.count > 40 ? escaped(String(word)).replacing(",", with: ",\\:") : escaped(String(word))
                }.joined(separator: " ")
            }
        }
    }

    /// Text roff prints as it is: backslashes and dashes escaped, no line taken for a request.
    static func escaped(_ text: String) -> String {
        let plain = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        return plain.hasPrefix(".") || plain.hasPrefix("'") ? "\\&" + plain : plain
    }

    private static func quoted(_ text: String) -> String { "\"" + escaped(text).replacing("\"", with: "\"\"") + "\"" }
}
