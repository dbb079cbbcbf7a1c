/// Notes and ranges of keys as people write them.
extension TextCatalog {
    static let music = TextSection(
        english: [
            .noteMalformed: "'%1' is not a note: write a letter, an optional # or b, and an octave (C4, F#3, Bb2), or a MIDI number (60)",
            .noteOutOfRange: "'%1' is outside MIDI's range: notes go from C-1 (0) to G9 (127)",
            .rangeMalformed: "'%1' is not a range: write adaptive or LOW-HIGH such as C2-C7",
            .rangeOffThePiano: "'%1' goes beyond the piano: %2 is not a key Peach trains; the keys go from %3 to %4",
            .rangeReversed: "'%1' runs downwards, so it holds no key: write the lower key first (%2-%3)",
            .rangeBeyondSource: "%1 plays %2 to %3 Hz with its current options, the keys %4 to %5 at A4 = %6 Hz; "
                + "the training range %7-%8 reaches beyond them: train keys within them, or choose another sound",
            .rangeNoKeyPlayable: "%1 plays %2 to %3 Hz with its current options: no key of the piano at A4 = %4 Hz, "
                + "so it cannot train; choose another sound or other options",
        ],
        german: [
            .noteMalformed: "'%1' ist kein Ton: schreib einen Buchstaben, wahlweise # oder b, und eine Oktave (C4, F#3, Bb2; "
                + "englische Namen: B statt H, Bb statt B) oder eine MIDI-Nummer (60)",
            .noteOutOfRange: "'%1' liegt außerhalb des MIDI-Bereichs: Töne reichen von C-1 (0) bis G9 (127)",
            .rangeMalformed: "'%1' ist kein Tastenbereich: adaptive oder TIEF-HOCH wie C2-C7 schreiben",
            .rangeOffThePiano: "'%1' geht über das Klavier hinaus: %2 ist keine Taste, die Peach trainiert; die Tasten reichen von %3 bis %4",
            .rangeReversed: "'%1' läuft abwärts und enthält so keine Taste: die tiefere Taste zuerst schreiben (%2-%3)",
            .rangeBeyondSource: "%1 spielt mit den aktuellen Optionen %2 bis %3 Hz, die Tasten %4 bis %5 bei A4 = %6 Hz; "
                + "der Trainingsbereich %7-%8 reicht darüber hinaus: Tasten darin trainieren oder einen anderen Klang wählen",
            .rangeNoKeyPlayable: "%1 spielt mit den aktuellen Optionen %2 bis %3 Hz: keine Taste des Klaviers bei A4 = %4 Hz, "
                + "so lässt sich nicht trainieren; einen anderen Klang oder andere Optionen wählen",
        ])
}
