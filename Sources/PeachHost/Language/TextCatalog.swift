/// Peach's texts in each language it speaks. `%1`, `%2`, … stand for the
/// arguments, which a translation may put in any order. The texts live in
/// sections (`Texts/`), one per part of Peach.
public enum TextCatalog {
    /// Texts that read the same in both languages (a note name, a symbol).
    public static let sameInBothLanguages: Set<TextKey> = [.settingPause, .settingReference, .trainingTitle, .sourceFailureNamed, .outputProblemAndRemedy, .trainRangeInvalid,
                                                                  .metronomeTempo, .plainTempo,  // "BPM" and "Tempo" are German too
                                                                  .droneLine,  // the drone's note, its added tones and its timbre, each worded
                                                                  .tunerPlainSetup,  // A4 and the transposition, each worded
                                                                  .gridEditorName, .gridMenuInstrument, .gridMenuTempo, .gridPhraseLine,
                                                                  .optionTypeBool,  // on/off, the words --option takes in both
                                                                  .practiceSecondsOnly]  // an option and its value's name

    /// Whether `key` has a text of its own in `language`.
    public static func has(_ key: TextKey, in language: Language) -> Bool {
        table(for: language)[key] != nil
    }

    static func table(for language: Language) -> [TextKey: String] {
        switch language {
        case .english: english
        case .german: german
        }
    }

    static let sections = [interactive, settings, parser, commandHelp, commands, music, history, plugins, audio, report, practice, listening, recording, journal, grid]
    static let english = merged(sections.map(\.english))
    static let german = merged(sections.map(\.german))

    private static func merged(_ tables: [[TextKey: String]]) -> [TextKey: String] {
        tables.reduce(into: [:]) { all, table in
            all.merge(table) { _, _ in preconditionFailure("a text is in two sections of the catalog") }
        }
    }
}
