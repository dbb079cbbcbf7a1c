import PeachHost

/// The words swift-argument-parser puts around Peach's own help and error
/// texts (its headings, its standard options, its error kinds), in the
/// current language. The parser has no hook for them, so its finished text
/// is translated phrase by phrase.
enum ParserText {
    private static let phrases: [(english: String, key: TextKey)] = [
        ("OVERVIEW:", .parserOverview), ("USAGE:", .parserUsageHeading), ("ARGUMENTS:", .parserArguments),
        ("OPTIONS:", .parserOptions), ("SUBCOMMANDS:", .parserSubcommands),
        ("Show help information.", .parserShowHelp), ("Show the version.", .parserShowVersion),
        ("(default)", .parserDefaultSubcommand), ("(default: ", .parserDefaultValue),
        ("See '", .parserSee), ("for detailed help.", .parserDetailedHelp), ("for more information.", .parserMoreInformation),
        ("Error: ", .parserError), ("Usage: ", .parserUsage), ("Help: ", .parserHelp),
        ("Missing expected argument", .parserMissingArgument), ("Unknown option", .parserUnknownOption),
        ("Unexpected argument", .parserUnexpectedArgument), ("Missing value for", .parserMissingValue),
        ("The value", .parserTheValue), ("is invalid for", .parserInvalidFor),
    ]

    static func translate(_ text: String) -> String {
        guard Language.current != .english else { return text }
        return phrases.reduce(text) { text, phrase in text.replacing(phrase.english, with: localized(phrase.key)) }
    }
}
