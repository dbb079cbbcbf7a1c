/// The tools that listen: where they hear the player.
extension TextCatalog {
    static let listening = TextSection(
        english: [
            .helpInputDevice: "The ALSA capture device to listen to (default: the input-device setting, else default; `peach devices --inputs` lists them).",
            .helpInputChannel: "The channel of the input to listen to, from 1 (default: 1), for an interface with several.",
            .helpInputFile: "Listen to a sound file (WAV, FLAC, …) instead of a device.",
            .inputDeviceOrFile: "--input-device and --input both name what to listen to: give one",
            .inputChannelOutside: "channel %1 does not exist: channels count from 1",
            .inputNoSuchChannel: "'%1' has %3 {%3:channel|channels}, so there is no channel %2",
            .inputNoDevice: "no capture device '%1' (%2); `peach devices --inputs` lists them",
            .inputUnsupported: "capture device '%1' cannot record what Peach needs: %2",
            .inputCannotRead: "cannot read the sound file '%1': %2",
            .inputEmptyFile: "it is empty",
            .helpTunerAbstract: "Show the pitch you play: note, cents off and frequency, with a needle.",
            .helpTunerDiscussion: """
                The tuner listens to a capture device (or a sound file) and shows the nearest note at your A4, how many cents \
                sharp or flat you are to a tenth of a cent, and the frequency. Flat, in tune and sharp are said in words and shapes; \
                colour only repeats them. A transposing instrument reads its written notes with --transpose. With --drone a held \
                note sounds and the tuner also shows your interval above it and how far from pure it is: intonation practice. \
                Keys: + and - move A4 by 1 Hz, t cycles concert, B♭, E♭ and F, q quits. With --json it prints one reading per \
                10 ms step, for scripts; --plain says a line when a note starts and when it comes into or out of tune.
                """,
            .helpTunerTranspose: "Show written notes for a transposing instrument: Bb, Eb, F, A, or semitones (+14 for a tenor saxophone).",
            .helpTunerTolerance: "How close counts as in tune, in cents either way (default: 3).",
            .helpTunerLowest: "The lowest note to listen for (default: B0): narrows the search, which avoids octave mistakes.",
            .helpTunerHighest: "The highest note to listen for (default: C8).",
            .helpTunerDrone: "Sound a drone on this note and show your interval above it (with --fifth, --tuning).",
            .helpTunerSeconds: "Stop after this many seconds of listening.",
            .helpTunerJSON: "Print one JSON reading per line: time, hz, note, cents, confidence, level (for scripts).",
            .helpTunerPlain: "Line-by-line text for screen readers: no redraws, no colour; says a line when a note starts and when it comes into or out of tune.",
            .tunerToleranceOutside: "a tolerance of %1 cents is outside %2 to %3",
            .tunerJSONOrPlain: "--json and --plain are two ways to print: give one",
            .tunerNeedsTerminal: "the tuner reads its keys from a terminal, and standard input is not one; for a script, use --json (with --input FILE for a recording)",
            .tunerRangeReversed: "--lowest %1 is not below --highest %2",
            .tunerDroneOptionsNeedDrone: "--fifth and --tuning shape a drone: name its note with --drone",
            .tunerNoSound: "no sound was heard from '%1' (the loudest moment was %2 dBFS): check the input and --channel",
            .tunerTooShort: "'%1' ended before the first reading, which comes after %2 ms: there was nothing to tune",
            .tunerTitle: "Tuner",
            .practiceToolTuner: "tuner",
            .helpRecordNotesAbstract: "Which notes a take held: each note's start, name, cents off and length.",
            .helpRecordNotesDiscussion: """
                Reads a monophonic take (one voice or instrument) with the tuner's pitch tracker and lists the notes it \
                heard, in order: when each began, the nearest note at A4 (--reference), how many cents sharp (+) or flat (-) \
                it was held on average, and how long it lasted. Name a take as `peach record list` shows it (a unique \
                beginning is enough), or give a path with a / to read any sound file. --transpose names the notes as a \
                transposing instrument's part writes them; --lowest and --highest narrow the search to your instrument.
                """,
            .helpRecordNotesTake: "The take, by name or a unique beginning; or a sound file's path (with a /).",
            .helpRecordNotesJSON: "Print the notes as JSON: onset and duration in seconds, hz, note, cents, written.",
            .recordNotesHeading: "Notes in %1 (%2), A4 = %3 Hz: %4",
            .recordNotesColumns: "   #  start     note   cents  length",
            .tunerHeader: "A4 = %1 Hz · %2 · listening to %3",
            .tunerConcert: "(sounds %1)",
            .tunerCentsAndHz: "%1 cents   %2 Hz",
            .tunerAgainstDrone: "Against the drone %1: %2, %3 cents from pure",
            .tunerNoSignal: "No signal from %1: check the device, the channel and the level.",
            .tunerListening: "Listening… play a note.",
            .tunerLevel: "Input level: %1 dBFS",
            .tunerKeys: "+/- A4   t transposition   q quit",
            .tunerFlat: "◀ flat",
            .tunerInTune: "in tune",
            .tunerSharp: "sharp ▶",
            .tunerConcertPitch: "concert pitch",
            .tunerInstrumentIn: "%1 instrument",
            .tunerTransposedBy: "written %1 semitones from concert",
            .tunerPlainStart: "Tuner listening to %1, A4 = %2 Hz. Q quits.",
            .tunerPlainSetup: "A4 = %1 Hz, %2.",
            .tunerPlainInTune: "%1 in tune, %2 cents off.",
            .tunerPlainFlat: "%1, %2 cents flat.",
            .tunerPlainSharp: "%1, %2 cents sharp.",
            .transpositionUnknown: "'%1' is not a transposition: write Bb, Eb, F, A, C, or a number of semitones such as +14",
            .transpositionOutside: "a transposition of '%1' semitones is outside %2 to %3",
            .intervalUnison: "unison", .intervalMinorSecond: "minor second", .intervalMajorSecond: "major second",
            .intervalMinorThird: "minor third", .intervalMajorThird: "major third", .intervalFourth: "fourth", .intervalTritone: "tritone",
            .intervalFifth: "fifth", .intervalMinorSixth: "minor sixth", .intervalMajorSixth: "major sixth",
            .intervalMinorSeventh: "minor seventh", .intervalMajorSeventh: "major seventh", .intervalOctave: "octave",
            .intervalOctavesUp: "%1, %2 {%2:octave|octaves} up",
            .intervalOctavesDown: "%1, %2 {%2:octave|octaves} down",
        ],
        german: [
            .helpInputDevice: "Das ALSA-Aufnahmegerät, auf das gehört wird (Standard: die Einstellung input-device, sonst default; `peach devices --inputs` listet sie).",
            .helpInputChannel: "Der Kanal des Eingangs, ab 1 gezählt (Standard: 1), für ein Interface mit mehreren.",
            .helpInputFile: "Eine Tondatei (WAV, FLAC, …) statt eines Geräts anhören.",
            .inputDeviceOrFile: "--input-device und --input nennen beide, worauf gehört wird: nur eines angeben",
            .inputChannelOutside: "Kanal %1 gibt es nicht: Kanäle werden ab 1 gezählt",
            .inputNoSuchChannel: "'%1' hat %3 {%3:Kanal|Kanäle}, also keinen Kanal %2",
            .inputNoDevice: "kein Aufnahmegerät '%1' (%2); `peach devices --inputs` listet sie",
            .inputUnsupported: "das Aufnahmegerät '%1' kann nicht aufnehmen, was Peach braucht: %2",
            .inputCannotRead: "die Tondatei '%1' ist nicht lesbar: %2",
            .inputEmptyFile: "sie ist leer",
            .helpTunerAbstract: "Zeigt die gespielte Tonhöhe: Ton, Abweichung in Cent und Frequenz, mit Zeiger.",
            .helpTunerDiscussion: """
                Das Stimmgerät hört auf ein Aufnahmegerät (oder eine Tondatei) und zeigt den nächsten Ton bei deinem A4, wie \
                viele Cent du zu hoch oder zu tief bist, auf ein Zehntel Cent, und die Frequenz. Zu tief, sauber und zu hoch \
                stehen in Worten und Formen da; Farbe wiederholt sie nur. Ein transponierendes Instrument liest mit --transpose \
                seine notierten Töne. Mit --drone klingt ein Halteton, und das Stimmgerät zeigt auch dein Intervall darüber und \
                wie weit es von rein entfernt ist: Intonationsübung. Tasten: + und - verschieben A4 um 1 Hz, t wechselt \
                klingend, B♭, E♭ und F, q beendet. Mit --json gibt es alle 10 ms eine Messung aus, für Skripte; --plain sagt \
                eine Zeile, wenn ein Ton beginnt und wenn er sauber oder unsauber wird.
                """,
            .helpTunerTranspose: "Notierte Töne eines transponierenden Instruments zeigen: Bb, Eb, F, A oder Halbtöne (+14 für ein Tenorsaxophon).",
            .helpTunerTolerance: "Wie nah als sauber gilt, in Cent nach beiden Seiten (Standard: 3).",
            .helpTunerLowest: "Der tiefste Ton, auf den gehört wird (Standard: B0 = H0): engt die Suche ein und vermeidet Oktavfehler.",
            .helpTunerHighest: "Der höchste Ton, auf den gehört wird (Standard: C8).",
            .helpTunerDrone: "Einen Halteton auf diesem Ton spielen und dein Intervall darüber zeigen (mit --fifth, --tuning).",
            .helpTunerSeconds: "Nach so vielen Sekunden Zuhören aufhören.",
            .helpTunerJSON: "Je Zeile eine JSON-Messung ausgeben: time, hz, note, cents, confidence, level (für Skripte).",
            .helpTunerPlain: "Zeilenweiser Text für Screenreader: kein Neuzeichnen, keine Farbe; sagt eine Zeile, wenn ein Ton beginnt und wenn er sauber oder unsauber wird.",
            .tunerToleranceOutside: "eine Toleranz von %1 Cent liegt außerhalb von %2 bis %3",
            .tunerJSONOrPlain: "--json und --plain sind zwei Arten der Ausgabe: nur eine angeben",
            .tunerNeedsTerminal: "das Stimmgerät liest seine Tasten von einem Terminal, und die Standardeingabe ist keines; für ein Skript nimm --json (mit --input DATEI für eine Aufnahme)",
            .tunerRangeReversed: "--lowest %1 liegt nicht unter --highest %2",
            .tunerDroneOptionsNeedDrone: "--fifth und --tuning formen einen Halteton: seinen Ton mit --drone nennen",
            .tunerNoSound: "von '%1' war nichts zu hören (am lautesten %2 dBFS): Eingang und --channel prüfen",
            .tunerTooShort: "'%1' endete vor der ersten Messung, die nach %2 ms kommt: es gab nichts zu stimmen",
            .tunerTitle: "Stimmgerät",
            .practiceToolTuner: "Stimmgerät",
            .helpRecordNotesAbstract: "Welche Töne eine Aufnahme enthielt: Beginn, Name, Abweichung in Cent und Länge jedes Tons.",
            .helpRecordNotesDiscussion: """
                Liest eine einstimmige Aufnahme (eine Stimme oder ein Instrument) mit der Tonhöhenerkennung des Stimmgeräts \
                und listet die gehörten Töne der Reihe nach: wann jeder begann, den nächsten Ton bei A4 (--reference), wie \
                viele Cent er im Mittel zu hoch (+) oder zu tief (-) gehalten wurde und wie lang er war. Eine Aufnahme so \
                nennen, wie `peach record list` sie zeigt (ein eindeutiger Anfang genügt), oder einen Pfad mit / für eine \
                beliebige Tondatei. --transpose nennt die Töne, wie die Stimme eines transponierenden Instruments sie notiert; \
                --lowest und --highest engen die Suche auf dein Instrument ein.
                """,
            .helpRecordNotesTake: "Die Aufnahme, mit Namen oder eindeutigem Anfang; oder der Pfad einer Tondatei (mit /).",
            .helpRecordNotesJSON: "Die Töne als JSON ausgeben: onset und duration in Sekunden, hz, note, cents, written.",
            .recordNotesHeading: "Töne in %1 (%2), A4 = %3 Hz: %4",
            .recordNotesColumns: "   #  Beginn    Ton    Cent   Länge",
            .tunerHeader: "A4 = %1 Hz · %2 · hört auf %3",
            .tunerConcert: "(klingt %1)",
            .tunerCentsAndHz: "%1 Cent   %2 Hz",
            .tunerAgainstDrone: "Zum Halteton %1: %2, %3 Cent von rein",
            .tunerNoSignal: "Kein Signal von %1: Gerät, Kanal und Pegel prüfen.",
            .tunerListening: "Hört zu … spiel einen Ton.",
            .tunerLevel: "Eingangspegel: %1 dBFS",
            .tunerKeys: "+/- A4   t Transposition   q beenden",
            .tunerFlat: "◀ zu tief",
            .tunerInTune: "sauber",
            .tunerSharp: "zu hoch ▶",
            .tunerConcertPitch: "klingend",
            .tunerInstrumentIn: "Instrument in %1",
            .tunerTransposedBy: "notiert %1 Halbtöne vom Klang",
            .tunerPlainStart: "Stimmgerät hört auf %1, A4 = %2 Hz. Q beendet.",
            .tunerPlainSetup: "A4 = %1 Hz, %2.",
            .tunerPlainInTune: "%1 sauber, %2 Cent daneben.",
            .tunerPlainFlat: "%1, %2 Cent zu tief.",
            .tunerPlainSharp: "%1, %2 Cent zu hoch.",
            .transpositionUnknown: "'%1' ist keine Transposition: Bb, Eb, F, A, C oder eine Zahl von Halbtönen wie +14 schreiben",
            .transpositionOutside: "eine Transposition um '%1' Halbtöne liegt außerhalb von %2 bis %3",
            .intervalUnison: "Prime", .intervalMinorSecond: "kleine Sekunde", .intervalMajorSecond: "große Sekunde",
            .intervalMinorThird: "kleine Terz", .intervalMajorThird: "große Terz", .intervalFourth: "Quarte", .intervalTritone: "Tritonus",
            .intervalFifth: "Quinte", .intervalMinorSixth: "kleine Sexte", .intervalMajorSixth: "große Sexte",
            .intervalMinorSeventh: "kleine Septime", .intervalMajorSeventh: "große Septime", .intervalOctave: "Oktave",
            .intervalOctavesUp: "%1, %2 {%2:Oktave|Oktaven} höher",
            .intervalOctavesDown: "%1, %2 {%2:Oktave|Oktaven} tiefer",
        ])
}
