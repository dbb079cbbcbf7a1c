import ArgumentParser

/// Usage lines for a command with more options than swift-argument-parser
/// lists itself (past 12 it prints a bare `peach train <options>`). The
/// options come from the option groups, as the parser writes them, so a new
/// option appears here too; lines are wrapped to fit 80 columns after the
/// `USAGE: ` heading, never inside one `[--option <value>]`.
enum CommandUsage {
    /// One form of a command: its fixed words (`peach train --headless [--no-audio]`), then the options of `groups`.
    typealias Form = (words: String, groups: [ParsableArguments.Type])

    static let width = 80 - "USAGE: ".count

    static func lines(_ forms: [Form]) -> String {
        forms.map { form in
            var lines = [form.words]
            for item in form.groups.flatMap(items(of:)) {
                if lines[lines.count - 1].count + 1 + item.count > width {
                    lines.append("  " + item)
                } else {
                    lines[lines.count - 1] += " " + item
                }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `[--range <range>]`, `[--option <key=value> ...]`: the parser's synopsis of a group, item by item.
    private static func items(of group: ParsableArguments.Type) -> [String] {
        let synopsis = group.usageString()
        var items: [String] = []
        var depth = 0
        // The synopsis starts with the group's own name, which is no option.
        for character in synopsis.drop(while: { $0 != " " }) {
            if character == " " && depth == 0 {
                items.append("")
                continue
            }
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth -= 1 }
            items[items.count - 1].append(character)
        }
        return items.filter { !$0.isEmpty }
    }
}
