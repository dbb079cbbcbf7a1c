import PeachAudio
import PeachHost
import PeachText
import Testing

/// Every text exists in English and German, with the same arguments, and
/// the German one is a translation, not a copy.
@Suite struct TextCatalogTests {
    static func placeholders(_ text: String) -> [String] {
        Set(text.matches(of: /%\d+/).map { String($0.output) }).sorted()
    }

    @Test(arguments: TextKey.allCases)
    func bothLanguagesHaveIt(key: TextKey) {
        let english = localized(key, in: .english, []), german = localized(key, in: .german, [])
        #expect(TextCatalog.has(key, in: .english), "\(key) has no English text")
        #expect(TextCatalog.has(key, in: .german), "\(key) has no German text")
        #expect(Self.placeholders(english) == Self.placeholders(german), "\(key): the languages take different arguments")
        #expect(english != german || TextCatalog.sameInBothLanguages.contains(key), "\(key) is not translated: \(german)")
    }

    /// The words each language shows a switch with (on, an) are among those read back, wherever a switch is typed.
    @Test(arguments: Language.allCases)
    func aSwitchIsReadAsEveryLanguageShowsIt(language: Language) {
        #expect(localized(.valueOn, in: language, []).writtenSwitch == true)
        #expect(localized(.valueOff, in: language, []).writtenSwitch == false)
    }

    @Test func argumentsLandWhereEachLanguagePutsThem() {
        #expect(localized(.trainingTooSmall, in: .english, [38, 10, 40, 12]) == "The window is too small: 38×10; Peach needs 40×12.")
        #expect(localized(.trainingTooSmall, in: .german, [38, 10, 40, 12]) == "Das Fenster ist zu klein: 38×10; Peach braucht 40×12.")
    }

    @Test func anArgumentIsNeverTakenForAPlaceholder() {
        #expect(localized(.fileLine, in: .english, ["f.csv", 3, "costs 50%1"]) == "f.csv line 3: costs 50%1")
        #expect(localized(.detailAnswers, in: .german, [12, 75, "x"]) == "12 Antworten · 75 % richtig · x", "a % of the text stays")
        #expect(localized(.fileLine, in: .english, ["f.csv"]) == "f.csv line %2: %3", "a missing argument leaves its placeholder")
    }

    @Test func aCountChoosesItsWord() {
        #expect(localized(.historyCheckClean, in: .english, ["h", 1, 1]) == "h: 1 answer in 1 file, no damaged lines")
        #expect(localized(.historyCheckClean, in: .english, ["h", 0, 2]) == "h: 0 answers in 2 files, no damaged lines")
        #expect(localized(.historyCheckClean, in: .german, ["h", 12, 1]) == "h: 12 Antworten in 1 Datei, keine beschädigten Zeilen")
        #expect(localized(.statsTime, in: .german, ["4 s", 1]) == "Trainingszeit: 4 s in 1 Sitzung")
        #expect(localized(.fileLine, in: .english, ["f.csv", 3, "{%2:a|b}"]) == "f.csv line 3: {%2:a|b}", "an argument's braces are its own")
    }

    @Test(arguments: TextKey.allCases)
    func noWordCarriesItsPluralInBrackets(key: TextKey) {
        for language in Language.allCases {
            let text = localized(key, in: language, [])
            #expect(["(s)", "(n)", "(en)", "(e)", "(se)", "/Kanäle"].allSatisfy { !text.contains($0) }, "\(key): \(text)")
        }
    }

    @Test func theLanguageComesFromTheLocale() {
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"]) == .english, "LC_ALL wins")
        #expect(Language.fromEnvironment(["LC_MESSAGES": "de_AT", "LANG": "en_GB"]) == .german, "LC_MESSAGES before LANG")
        #expect(Language.fromEnvironment(["LC_ALL": "", "LANG": "de_CH.UTF-8"]) == .german, "an empty variable does not count")
        #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "C"]) == .english)
    }
}
