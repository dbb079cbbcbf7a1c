/// Notes as people write them.
extension TextCatalog {
    static let music = TextSection(
        english: [
            .noteMalformed: "'%1' is not a note: write a letter, an optional # or b, and an octave (C4, F#3, Bb2), or a MIDI number (60)",
            .noteOutOfRange: "'%1' is outside MIDI's range: notes go from C-1 (0) to G9 (127)",
        ],
        german: [
            .noteMalformed: "'%1' ist kein Ton: schreib einen Buchstaben, wahlweise # oder b, und eine Oktave (C4, F#3, Bb2; "
                + "englische Namen: B statt H, Bb statt B) oder eine MIDI-Nummer (60)",
            .noteOutOfRange: "'%1' liegt außerhalb des MIDI-Bereichs: Töne reichen von C-1 (0) bis G9 (127)",
        ])
}
