import PeachAudio
import PeachHost
import PeachText

/// The words swift-argument-parser puts around Peach's own help and error
/// texts (its headings, its standard options, its error kinds), in the
/// current language. The parser has no hook for them, so its finished text
/// is translated phrase by phrase. (Phrases end where the parser may wrap a
/// line, and "(default) " takes its following space along, so the columns
/// stay aligned.)
enum ParserText {
    private static let phrases: [(english: String, key: TextKey)] = [
        ("OVERVIEW:", .parserOverview), ("USAGE:", .parserUsageHeading), ("ARGUMENTS:", .parserArguments),
        ("OPTIONS:", .parserOptions), ("SUBCOMMANDS:", .parserSubcommands),
        ("Show help information.", .parserShowHelp), ("Show the version.", .parserShowVersion),
        ("(default) ", .parserDefaultSubcommand), ("(default)", .parserDefaultSubcommand), ("(default:", .parserDefaultValue),
        ("(values:", .parserValues), ("<subcommand>", .parserSubcommandPlaceholder), ("<options>", .parserOptionsPlaceholder),
        ("See '", .parserSee), ("for detailed help.", .parserDetailedHelp), ("for more information.", .parserMoreInformation),
        ("Error: ", .parserError), ("Usage: ", .parserUsage), ("Help: ", .parserHelp),
        ("Missing expected argument", .parserMissingArgument), ("Unknown option", .parserUnknownOption),
        ("Unexpected argument", .parserUnexpectedArgument), ("Missing value for", .parserMissingValue),
        ("The value", .parserTheValue), ("is invalid for", .parserInvalidFor),
        ("Please provide one of the following:", .parserProvideOneOfFollowing), ("Please provide one of", .parserProvideOneOf),
        ("' or '", .parserQuotedOr), ("' and '", .parserQuotedAnd), ("Did you mean", .parserDidYouMean),
        ("unexpected arguments:", .parserUnexpectedArguments), ("Missing one of:", .parserMissingOneOf),
        ("The option", .parserTheOption), ("does not take any value, but", .parserTakesNoValue), ("was specified.", .parserWasSpecified),
    ]

    static func translate(_ text: String) -> String {
        guard Language.current != .english else { return text }
        let translated = phrases.reduce(localizingDefaultNumbers(text)) { text, phrase in text.replacing(phrase.english, with: localized(phrase.key)) }
        // After a list of values: `(values: a, b; default: a)`, wherever the line wraps.
        return translated.replacing(/;(\s+)default:/) { match in ";\(match.output.1)" + localized(.parserDefaultAfterValues) }
    }

    /// The parser prints a default number as Swift does (`(default: 0.0)`);
    /// Peach's own numbers read `0` and `0,5` in German. The number may have
    /// been wrapped onto the next line.
    private static func localizingDefaultNumbers(_ text: String) -> String {
        text.replacing(/\(default:(\s+)(-?[0-9]+\.[0-9]+)\)/) { match in
            "(default:\(match.output.1)\(Double(match.output.2).map(\.compact) ?? String(match.output.2)))"
        }
    }
}
