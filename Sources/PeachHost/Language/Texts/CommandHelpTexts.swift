/// What `peach --help` and each command's help say: abstracts, discussions,
/// option help and the names of option values.
extension TextCatalog {
    static let commandHelp = TextSection(
        english: [
            .helpPeachAbstract: "Train your ear to hear small differences in pitch.",
            .helpPeachDiscussion: """
                Peach plays two notes in a row and you say whether the second was higher \
                or lower. Sounds come from sound-source plugins: list them with \
                `peach sources`, try one with `peach play A4 --source org.peach.sine`.

                --lang en or --lang de, anywhere on the command line, chooses the language; \
                without it the language setting decides, else LC_ALL, LC_MESSAGES or LANG.
                """,
            .helpStartAbstract: "The start page: your profile at a glance, and Start (what `peach` alone shows).",
            .helpStartDiscussion: """
                Enter or Space starts training; p shows the profile, s the settings, q quits. \
                Every option of `peach train` works here too and applies when you start, \
                but --headless and --no-audio: the start page is a screen, and a program \
                that trains without one uses `peach train --headless`.
                """,
            .helpTrainAbstract: "Train: two notes, then say whether the second was higher or lower.",
            .helpTrainDiscussion: """
                --headless speaks JSON Lines for other programs and scripts. For each pair Peach \
                writes {"type":"pair","id":1,"note":60,"name":"C4","firstHz":…,"secondHz":…,"cents":5.0} \
                and reads one line: higher, lower, again or quit. It answers {"type":"feedback","id":1,"correct":true} \
                and goes on with the next pair; again plays a new pair in its place (same key and size, \
                direction drawn anew) and saves nothing of the first. End of input or quit saves and exits. Any other \
                line gets {"type":"error","message":"…"} and the same pair again. Every answer \
                is saved the moment it is given.

                Without --headless: the training screen. The answer targets light up when the \
                second note starts. Higher: ↑ → k l w d + 8 6 PageUp (or click Higher). Lower: ↓ ← j h s a \
                - 2 4 PageDown (or click Lower). r: hear the pair again (same key and size, its direction \
                drawn anew; the first hearing does not count). t / T: next / previous sound, from the next pair on; i: choose a \
                sound from a list, typing part of its name to narrow it. b: bell on \
                wrong answers on or off. q, Esc or Ctrl-C: stop (everything answered is saved). \
                Ctrl-Z suspends; a pair cut short by it, by a resize or by a lost audio device \
                is not recorded.
                """,
            .helpManualAbstract: "Print the manual page (roff), made from this help; `make install` installs it.",
            .manualSection: "User Commands",
            .manualName: "NAME",
            .manualSynopsis: "SYNOPSIS",
            .manualDescription: "DESCRIPTION",
            .manualCommands: "COMMANDS",
            .manualEnvironment: "ENVIRONMENT",
            .manualFiles: "FILES",
            .manualExitStatus: "EXIT STATUS",
            .manualEnvironmentConfig: "Where the settings live: $XDG_CONFIG_HOME/peach/settings.json, else ~/.config/peach/settings.json. A relative path is ignored.",
            .manualEnvironmentData: "Where the data folder is: $XDG_DATA_HOME/peach, else ~/.local/share/peach (--data-dir chooses another). SoundFonts named without a folder are looked for in $XDG_DATA_HOME/soundfonts too.",
            .manualEnvironmentCache: "Where the FluidSynth sources keep their pitch calibrations: $XDG_CACHE_HOME/peach/fluid, else ~/.cache/peach/fluid. Safe to delete.",
            .manualEnvironmentPluginPath: "More folders of sound-source plugins, separated by colons, searched after --plugin-path and before the installed ones.",
            .manualEnvironmentWritablePlugins: "Set to 1 to load plugins from a folder anyone may write to (refused otherwise, with a warning).",
            .manualEnvironmentSoundFont: "The SoundFont the FluidSynth sources play when no font option is given, else TimGM6mb.sf2.",
            .manualEnvironmentMachine: "This machine's name in the history, so that machines sharing a synced data folder each keep their own file (default: the host name and machine id).",
            .manualEnvironmentDebug: "Set to 1 to show plugins' debug and information messages too (0, off or empty: warnings only).",
            .manualEnvironmentLanguage: "Without --lang or the language setting, the first of them that is set chooses the language, English or German (de).",
            .manualEnvironmentEditor: "The editor journal edit opens, else vi.",
            .manualEnvironmentNoColour: "Set and not empty: no colour on any screen (colour only repeats what words and shapes say).",
            .manualFileSettings: "Settings, presets, own scales and each tool's last setup; changes from several terminals at once are all kept.",
            .manualFileHistory: "Every answer of training, one file per machine (JSON lines), and the profile's snapshot beside it in profile/.",
            .manualFileJournal: "The practice journal, one Markdown file per day (YYYY-MM-DD.md); deleted days wait in journal/.trash.",
            .manualFileRecordings: "Takes of peach record, in FLAC or WAV, with their metadata.",
            .manualFilePhrase: "The phrase the grid keeps (peach grid --phrase).",
            .manualFileCache: "Pitch calibrations of the FluidSynth sources, one file per font with a line per program, remade when missing.",
            .manualFilePlugins: "Your own plugins; then PREFIX/lib/peach/plugins (where make install puts Peach's), /usr/local/lib and /usr/lib peach/plugins.",
            .manualExitSuccess: "Done.",
            .manualExitFailure: "An error Peach names (a file it cannot read or write, a device, a damaged history); what was made before it is kept.",
            .manualExitUsage: "A command or option Peach does not have, or an option's value it does not take, named with what it takes.",
            .manualExitPlugin: "A plugin crashed or hung in Peach's own process; the one line before it names the plugin and the call.",
            .manualExitSignal: "Ended by signal n (143 for SIGTERM, 129 when the terminal closes), after saving what was made.",
            .helpTrainHeadless: "Speak JSON Lines on standard input and output instead of drawing a screen.",
            .helpTrainNoAudio: "With --headless: play nothing (no audio device needed).",
            .helpProfileAbstract: "Show your perceptual profile: the smallest difference you hear, key by key.",
            .helpProfileDiscussion: """
                The threshold of a key is the difference in cents you answer correctly 75% of \
                the time. The bands say how sure Peach is: the true value lies in the 80% band \
                four times out of five. The chart fits the terminal's width (COLUMNS); colour \
                is used on a terminal unless NO_COLOR is set. A trend compares the profile now \
                with the profile a month before your latest answer (or halfway back to your \
                first answer, if you have trained for less than two months).
                """,
            .helpProfileJSON: "Print JSON for other programs: reference, answers and, per key, threshold, band80, band95 and answers.",
            .helpProfileNote: "Show one key in detail: threshold, bands, answers, share correct, last trained, trend.",
            .helpProfileSVG: "Also write the profile to this new file as an SVG picture, with each key's detail as its hover title.",
            .helpStatsAbstract: "Count your training: pairs, time, keys, and how your median threshold has moved.",
            .helpStatsDiscussion: """
                Today and this week follow your local calendar; weeks start on Monday. Time spent \
                training adds up your sittings: answers less than two minutes apart belong to one \
                sitting, from the start of its first pair to its last answer. The median threshold \
                is over the keys you have trained, now and as your profile stood 30 days ago. \
                Progress shows that median at the end of each day, week or month.
                """,
            .helpStatsJSON: "Print JSON for other programs.",
            .helpStatsBy: "Progress per day, week or month (default: days for a history up to two months, weeks up to two years, else months).",
            .helpSettingsAbstract: "List, set and reset your settings.",
            .helpSettingsDiscussion: """
                Settings live in $XDG_CONFIG_HOME/peach/settings.json (default \
                ~/.config/peach/settings.json). note-duration, pause, range, style, bell \
                and break-after apply to `peach` and `peach train`; source and its options \
                to those and `peach play`; reference (A4) to every command that takes --reference but `peach record \
                notes`; device to every command that plays, input-device to those that \
                listen, and language to all. A flag such as --duration wins for that run. \
                `peach train --headless` takes only the device from them, to play at all, so \
                scripts behave the same everywhere. A change made while training applies \
                from the next pair.
                """,
            .helpSettingsExampleOption: "(an option of the current sound)",
            .helpSettingsExampleAll: "(everything)",
            .helpSettingsFile: "Use this settings file instead of the standard one.",
            .helpSettingsListAbstract: "Show every setting: its value, what it may be, and whether it is the default.",
            .helpSettingsListJSON: "Print JSON for other programs: every key with its value.",
            .helpSettingsSetAbstract: "Change one setting; it is checked first and saved only if it fits.",
            .helpSettingsSetDiscussion: "KEY is one of: %1, or option (VALUE is then NAME=VALUE for the current sound source). A sound may be named: `source Flute` (an instrument's name, or its beginning, in any case) sets the source and its instrument; an option with choices takes a choice's name too (`option program=Flute`).",
            .helpSettingsSetKey: "The setting's key, as `peach settings` lists it.",
            .helpSettingsSetValue: "The new value, in the setting's unit (seconds, Hz), or on/off.",
            .helpSettingsResetAbstract: "Put one setting, or all of them, back to the default.",
            .helpSettingsGetAbstract: "Print one setting's value as `set` takes it (the saved options of the current sound for `option`): for scripts.",
            .helpSettingsGetKey: "The setting's key, as `peach settings` lists it, or option.",
            .helpSettingsExampleGet: "(prints 440)",
            .helpSettingsResetKey: "The setting's key; without it, every setting (keys Peach does not know are kept).",
            .helpExportAbstract: "Write your whole training history as CSV.",
            .helpExportDiscussion: """
                RFC 4180 CSV with a header row, one row per answer in time order: \
                %1. Times are UTC; frequencies in Hz; \
                response_ms in milliseconds; reference_hz is A4. `peach import` reads it back.
                """,
            .helpExportCSV: "Write CSV: the default, and for now the only format.",
            .helpExportFile: "The new file to write (default: standard output).",
            .helpImportAbstract: "Merge answers from a CSV export or a history file into your history.",
            .helpImportDiscussion: """
                Takes a CSV written by `peach export --csv` or a history JSON-lines file. Answers \
                already in the history are left out, so importing a file twice changes nothing. \
                Every row is checked first: one bad row is reported with its line number and \
                nothing is imported. The new answers go into a file of their own in the history \
                folder, written all at once.
                """,
            .helpImportFile: "The CSV or JSON-lines file; - reads standard input.",
            .helpHistoryAbstract: "Look after the history files.",
            .helpHistoryCheckAbstract: "List the damaged lines of every machine's history file.",
            .helpHistoryCheckDiscussion: """
                A line that is not an answer Peach can read (damaged by a sync tool or an edit, \
                or written by a newer Peach) is left out of every command, with a warning, and \
                never rewritten. This lists each such line by file and line number with what is \
                wrong, and exits with status 1 when there is any. To repair: edit or delete the \
                named lines (one JSON object per line), then check again.
                """,
            .helpSourcesAbstract: "List the sound sources Peach can play through.",
            .helpSourcesDiscussion: """
                Peach looks for plugin libraries (.so) in the --plugin-path folders, then \
                in PEACH_PLUGIN_PATH (colon-separated), ~/.local/lib/peach/plugins, \
                lib/peach/plugins beside the peach program's bin folder, \
                /usr/local/lib/peach/plugins, /usr/lib/peach/plugins, and the folder of the \
                peach program. When two libraries offer the same source id, the first \
                one found wins. Libraries that fail their checks are listed with the reason, \
                and so are sources that cannot work here and now (for example MIDI Out \
                without an ALSA sequencer). The values of a choice option (such as MIDI \
                Out's destinations) are listed under it when there are at most %1; \
                `peach sources ID` shows that one source with every value and its name. \
                --option takes a choice by its value or its name (program=Flute), and a \
                switch as on or off.
                """,
            .helpSourcesID: "Show only this source, with every value of its choices.",
            .helpSourcesJSON: "Print JSON instead of text, for scripts.",
            .helpDevicesAbstract: "List the ALSA devices Peach can play to and listen to.",
            .helpDevicesDiscussion: "Each device's name, then ALSA's description of it, as `aplay -L` lists them: from the sound cards, the system's ALSA configuration and ~/.asoundrc. Choose one with `peach settings set device NAME`, on the settings screen, or for one run with --device NAME. Outputs come first, then inputs (microphones and line inputs, for the tools that listen); a device that does both is in both lists. --json prints a list of objects with name, description and direction (output or input).",
            .helpDevicesDirection: "List only the outputs, or only the inputs.",
            .helpDevicesJSON: "Print JSON instead of text, for scripts.",
            .helpSourcesCheck: "Measure how far from the asked pitch this source sounds, for each of its timbres.",
            .helpSourcesCheckOption: "With --check: set one of the source's options, e.g. font=FluidR3_GM.sf2; setting its timbre (program=73) checks that one alone. Repeatable.",
            .helpSourcesCheckDiscussion: "--check ID plays A4 and C2 to C7 through one source, each of its timbres in turn (every program of a SoundFont), and prints how many cents from the asked pitch each note sounds, measured in the rendered audio.",
            .helpPlayAbstract: "Play notes one after another through a sound source.",
            .helpPlayDiscussion: """
                Notes are names such as A4, C#3, Bb2 (C4 is middle C) or MIDI numbers such \
                as 69. They play back to back with no gap. Audio goes to the ALSA device \
                the device setting names (else `default`) unless you choose another with \
                --device (`peach devices` lists them) or write a WAV file with --wav.
                """,
            .helpExamples: "Examples:",
            .helpPlayNotes: "The notes to play, in order.",
            .helpPlayCents: "Detune every note by this many cents (100 cents = 1 semitone), -1200 to 1200; fractions allowed (default: 0).",
            .helpPlayDuration: "How long each note lasts, in seconds, 0.01 to 60 (default: 1).",
            .helpProbeAbstract: "Describe one plugin library as JSON (used internally).",
            .helpProbePath: "Path of the plugin library (.so).",
            .helpBridgeAbstract: "Run one sound source in a process of its own, for the Peach that started it (used internally).",
            .helpBridgeSource: "The id of the source to run.",
            .helpPluginIsolation: "Where plugins run: auto (Peach's own in Peach's process, others each in a process of its own, so a crash or hang costs only that sound), in-process (all in Peach's: fastest) or bridge (all in their own).",
            .helpDataDir: "The data folder (default: $XDG_DATA_HOME/peach, or ~/.local/share/peach).",
            .helpPluginPath: "A folder of sound-source plugins, searched before PEACH_PLUGIN_PATH and the standard folders. Repeatable.",
            .helpRange: "Keys to train: LOW-HIGH such as C2-C7, or adaptive (starts around C4 and grows as far as the sound plays) (default: the range setting, else adaptive).",
            .helpStyle: "Natural (0: nearby, comfortable) to mechanical (1: drills weak spots), in steps of 0.05 (default: the style setting, else 0.5).",
            .helpDuration: "Length of each note in seconds, 0.3 to 3 in steps of 0.1 (default: the note-duration setting, else 1).",
            .helpPause: "Silence between the two notes of a pair, in seconds, 0 to 2 in steps of 0.1 (default: the pause setting, else none).",
            .helpSeed: "Repeat the same sequence of pairs for the same answers.",
            .helpPlain: "Line-by-line text for screen readers: no redraws, no colour; says \"second note\" and the result in words.",
            .helpNoBell: "No terminal bell on a wrong answer (b switches it while training).",
            .helpReference: "The pitch of A4 in Hz (400 to 480; default: the setting, else 440).",
            .helpReferenceOfTake: "The pitch of A4 in Hz the notes are named at (400 to 480; default: 440, whatever the setting, so a reading depends on its options only).",
            .helpSource: "The sound source: its id or its name, from `peach sources`, or an instrument's name (flute) (default: the sound setting, else org.peach.sine; the drone, the metronome and the tuner's drone have sounds of their own, and the grid starts with the last sound it played, else FluidSynth's piano).",
            .helpOption: "Set one of the source's options, e.g. gain=0.3. Repeatable.",
            .helpDevice: "The ALSA device to play through (default: the setting, else default; `peach devices` lists them).",
            .helpWav: "Write the audio to this new WAV file (32-bit float) instead of playing it; a name ending in .flac writes FLAC (24-bit).",
            .valueNameFolder: "dir",
            .valueNameFile: "file",
            .valueNameSeconds: "seconds",
            .valueNameNote: "note",
            .valueNameCents: "cents",
            .valueNameRange: "range",
            .valueNamePeriod: "period",
            .valueNameKey: "key",
            .valueNameValue: "value",
            .valueNamePath: "path",
            .valueNameAssignment: "key=value",
        ],
        german: [
            .helpPeachAbstract: "Trainiere dein Gehör für kleine Tonhöhenunterschiede.",
            .helpPeachDiscussion: """
                Peach spielt zwei Töne nacheinander, und du sagst, ob der zweite höher oder \
                tiefer war. Die Klänge kommen aus Klangquellen-Plugins: `peach sources` listet \
                sie, `peach play A4 --source org.peach.sine` probiert eine aus.

                --lang en oder --lang de, irgendwo in der Befehlszeile, wählt die Sprache; \
                sonst entscheidet die Einstellung language, dann LC_ALL, LC_MESSAGES oder LANG.
                """,
            .helpStartAbstract: "Die Startseite: dein Profil auf einen Blick und Start (was `peach` allein zeigt).",
            .helpStartDiscussion: """
                Eingabe oder Leertaste startet das Training; p zeigt das Profil, s die \
                Einstellungen, q beendet. Jede Option von `peach train` gilt auch hier, \
                sobald du das Training startest, außer --headless und --no-audio: die \
                Startseite ist ein Bildschirm, und ein Programm, das ohne einen trainiert, \
                nutzt `peach train --headless`.
                """,
            .helpTrainAbstract: "Trainieren: zwei Töne, dann sagst du, ob der zweite höher oder tiefer war.",
            .helpTrainDiscussion: """
                --headless spricht JSON Lines für andere Programme und Skripte. Für jedes Paar \
                schreibt Peach {"type":"pair","id":1,"note":60,"name":"C4","firstHz":…,"secondHz":…,"cents":5.0} \
                und liest eine Zeile: higher, lower, again oder quit. Es antwortet {"type":"feedback","id":1,"correct":true} \
                und macht mit dem nächsten Paar weiter; again spielt ein neues Paar an seiner Stelle (dieselbe \
                Taste und Größe, die Richtung neu gezogen) und speichert nichts vom ersten. Ende der Eingabe oder quit speichert und \
                beendet. Jede andere Zeile bekommt {"type":"error","message":"…"} und noch einmal \
                dasselbe Paar. Jede Antwort wird gespeichert, sobald sie gegeben ist.

                Ohne --headless: der Trainingsbildschirm. Die Antwortfelder leuchten auf, wenn \
                der zweite Ton beginnt. Höher: ↑ → k l w d + 8 6 Bild↑ (oder Höher anklicken). Tiefer: \
                ↓ ← j h s a - 2 4 Bild↓ (oder Tiefer anklicken). r: das Paar nochmal hören (dieselbe Taste und \
                Größe, die Richtung neu gezogen; das erste Hören zählt nicht). t / T: nächster / vorheriger Klang, ab dem \
                nächsten Paar; i: einen Klang aus einer Liste wählen, ein Teil seines Namens grenzt \
                sie ein. b: Glocke bei falscher Antwort an oder aus. q, Esc oder Strg-C: \
                stoppen (alles Beantwortete ist gespeichert). Strg-Z hält an; ein Paar, das \
                dadurch, durch eine Größenänderung des Fensters oder durch ein verlorenes \
                Audiogerät abbricht, wird nicht gezählt.
                """,
            .helpManualAbstract: "Die Handbuchseite (roff) ausgeben, aus dieser Hilfe erzeugt; `make install` installiert sie.",
            .manualSection: "Benutzerbefehle",
            .manualName: "BEZEICHNUNG",
            .manualSynopsis: "ÜBERSICHT",
            .manualDescription: "BESCHREIBUNG",
            .manualCommands: "BEFEHLE",
            .manualEnvironment: "UMGEBUNG",
            .manualFiles: "DATEIEN",
            .manualExitStatus: "RÜCKGABEWERT",
            .manualEnvironmentConfig: "Wo die Einstellungen liegen: $XDG_CONFIG_HOME/peach/settings.json, sonst ~/.config/peach/settings.json. Ein relativer Pfad wird nicht beachtet.",
            .manualEnvironmentData: "Wo der Datenordner ist: $XDG_DATA_HOME/peach, sonst ~/.local/share/peach (--data-dir wählt einen anderen). SoundFonts ohne Ordner werden auch in $XDG_DATA_HOME/soundfonts gesucht.",
            .manualEnvironmentCache: "Wo die FluidSynth-Quellen ihre Tonhöhen-Kalibrierungen ablegen: $XDG_CACHE_HOME/peach/fluid, sonst ~/.cache/peach/fluid. Darf gelöscht werden.",
            .manualEnvironmentPluginPath: "Weitere Ordner mit Klangquellen-Plugins, durch Doppelpunkte getrennt, nach --plugin-path und vor den installierten durchsucht.",
            .manualEnvironmentWritablePlugins: "Auf 1 gesetzt, werden Plugins auch aus einem Ordner geladen, in den jeder schreiben darf (sonst mit Warnung abgelehnt).",
            .manualEnvironmentSoundFont: "Der SoundFont, den die FluidSynth-Quellen ohne font-Option spielen, sonst TimGM6mb.sf2.",
            .manualEnvironmentMachine: "Der Name dieses Rechners im Verlauf, damit Rechner mit einem gemeinsam synchronisierten Datenordner je ihre eigene Datei führen (Standard: Hostname und Machine-ID).",
            .manualEnvironmentDebug: "Auf 1 gesetzt, werden auch Debug- und Info-Meldungen der Plugins gezeigt (0, off oder leer: nur Warnungen).",
            .manualEnvironmentLanguage: "Ohne --lang und die Einstellung language wählt die erste gesetzte die Sprache, Englisch oder Deutsch (de).",
            .manualEnvironmentEditor: "Der Editor, den journal edit öffnet, sonst vi.",
            .manualEnvironmentNoColour: "Gesetzt und nicht leer: auf keinem Bildschirm Farbe (Farbe wiederholt nur, was Worte und Formen sagen).",
            .manualFileSettings: "Einstellungen, Voreinstellungen, eigene Skalen und die letzte Einrichtung jedes Werkzeugs; gleichzeitige Änderungen aus mehreren Terminals bleiben alle erhalten.",
            .manualFileHistory: "Jede Antwort des Trainings, eine Datei je Rechner (JSON-Zeilen), und daneben in profile/ der Schnappschuss des Profils.",
            .manualFileJournal: "Das Übetagebuch, eine Markdown-Datei je Tag (JJJJ-MM-TT.md); gelöschte Tage warten in journal/.trash.",
            .manualFileRecordings: "Aufnahmen von peach record, als FLAC oder WAV, mit ihren Metadaten.",
            .manualFilePhrase: "Die Phrase, die das Tastenraster behält (peach grid --phrase).",
            .manualFileCache: "Tonhöhen-Kalibrierungen der FluidSynth-Quellen, eine Datei je Font mit einer Zeile je Programm, neu erstellt, wenn sie fehlt.",
            .manualFilePlugins: "Deine eigenen Plugins; danach PREFIX/lib/peach/plugins (wohin make install die von Peach legt), /usr/local/lib und /usr/lib peach/plugins.",
            .manualExitSuccess: "Fertig.",
            .manualExitFailure: "Ein Fehler, den Peach benennt (eine Datei, die es nicht lesen oder schreiben kann, ein Gerät, ein beschädigter Verlauf); was vorher entstand, bleibt erhalten.",
            .manualExitUsage: "Ein Befehl oder eine Option, die Peach nicht hat, oder ein Wert einer Option, den es nicht annimmt, genannt mit dem, was es annimmt.",
            .manualExitPlugin: "Ein Plugin ist in Peachs eigenem Prozess abgestürzt oder hängen geblieben; die Zeile davor nennt das Plugin und den Aufruf.",
            .manualExitSignal: "Durch Signal n beendet (143 bei SIGTERM, 129, wenn sich das Terminal schließt), nachdem gesichert wurde, was entstanden ist.",
            .helpTrainHeadless: "JSON Lines über Standardein- und -ausgabe sprechen, statt einen Bildschirm zu zeichnen.",
            .helpTrainNoAudio: "Mit --headless: nichts abspielen (kein Audiogerät nötig).",
            .helpProfileAbstract: "Zeigt dein Hörprofil: den kleinsten Unterschied, den du hörst, Taste für Taste.",
            .helpProfileDiscussion: """
                Die Schwelle einer Taste ist der Unterschied in Cent, den du in 75 % der Fälle \
                richtig beantwortest. Die Bänder zeigen, wie sicher sich Peach ist: Der wahre \
                Wert liegt in vier von fünf Fällen im 80-%-Band. Das Diagramm passt sich der \
                Breite des Terminals an (COLUMNS); auf einem Terminal ist es farbig, außer \
                NO_COLOR ist gesetzt. Ein Trend vergleicht das Profil jetzt mit dem Profil einen \
                Monat vor deiner letzten Antwort (oder auf halbem Weg zurück zu deiner ersten, \
                wenn du weniger als zwei Monate trainiert hast).
                """,
            .helpProfileJSON: "JSON für andere Programme ausgeben: reference, answers und je Taste threshold, band80, band95 und answers.",
            .helpProfileNote: "Eine Taste im Detail zeigen: Schwelle, Bänder, Antworten, Anteil richtig, zuletzt trainiert, Trend.",
            .helpProfileSVG: "Das Profil zusätzlich als SVG-Bild in diese neue Datei schreiben, mit den Details jeder Taste als Tooltip.",
            .helpStatsAbstract: "Zählt dein Training: Paare, Zeit, Tasten und wie sich der Median deiner Schwellen bewegt hat.",
            .helpStatsDiscussion: """
                Heute und diese Woche folgen deinem örtlichen Kalender; Wochen beginnen am Montag. \
                Die Trainingszeit zählt deine Sitzungen zusammen: Antworten, die weniger als zwei \
                Minuten auseinanderliegen, gehören zu einer Sitzung, vom Beginn ihres ersten Paars \
                bis zu ihrer letzten Antwort. Der Median der Schwellen geht über die Tasten, die du \
                trainiert hast, jetzt und so, wie dein Profil vor 30 Tagen stand. Der Fortschritt \
                zeigt diesen Median am Ende jedes Tages, jeder Woche oder jedes Monats.
                """,
            .helpStatsJSON: "JSON für andere Programme ausgeben.",
            .helpStatsBy: "Fortschritt pro Tag, Woche oder Monat (Standard: Tage bei einem Verlauf bis zu zwei Monaten, Wochen bis zu zwei Jahren, sonst Monate).",
            .helpSettingsAbstract: "Listet, ändert und setzt deine Einstellungen zurück.",
            .helpSettingsDiscussion: """
                Die Einstellungen liegen in $XDG_CONFIG_HOME/peach/settings.json (Standard: \
                ~/.config/peach/settings.json). note-duration, pause, range, style, bell und \
                break-after gelten für `peach` und `peach train`; source mit seinen Optionen \
                für diese und `peach play`; reference (A4) für jeden Befehl mit --reference außer `peach record notes`; \
                device für jeden Befehl, der spielt, input-device für die, die zuhören, und \
                language für alle. Eine Option wie --duration hat für diesen Aufruf Vorrang. \
                `peach train --headless` nimmt daraus nur device, um überhaupt zu spielen, \
                damit Skripte überall gleich laufen. Eine Änderung während des Trainings gilt \
                ab dem nächsten Paar.
                """,
            .helpSettingsExampleOption: "(eine Option des aktuellen Klangs)",
            .helpSettingsExampleAll: "(alles)",
            .helpSettingsFile: "Diese Einstellungsdatei statt der üblichen verwenden.",
            .helpSettingsListAbstract: "Zeigt jede Einstellung: ihren Wert, was sie sein darf und ob es der Standard ist.",
            .helpSettingsListJSON: "JSON für andere Programme ausgeben: jeder Schlüssel mit seinem Wert.",
            .helpSettingsSetAbstract: "Ändert eine Einstellung; sie wird erst geprüft und nur gespeichert, wenn sie passt.",
            .helpSettingsSetDiscussion: "SCHLÜSSEL ist einer von: %1 oder option (WERT ist dann NAME=WERT für die aktuelle Klangquelle). Ein Klang geht auch mit Namen: `source Flute` (der Name eines Instruments oder sein Anfang, in beliebiger Schreibung) setzt die Klangquelle und ihr Instrument; eine Option mit Auswahl nimmt auch den Namen einer Auswahl (`option program=Flute`).",
            .helpSettingsSetKey: "Der Schlüssel der Einstellung, wie `peach settings` ihn listet.",
            .helpSettingsSetValue: "Der neue Wert in der Einheit der Einstellung (Sekunden, Hz) oder on/off.",
            .helpSettingsResetAbstract: "Setzt eine Einstellung oder alle auf den Standard zurück.",
            .helpSettingsGetAbstract: "Gibt den Wert einer Einstellung so aus, wie `set` ihn nimmt (für `option` die gespeicherten Optionen des aktuellen Klangs): für Skripte.",
            .helpSettingsGetKey: "Der Schlüssel der Einstellung, wie `peach settings` ihn auflistet, oder option.",
            .helpSettingsExampleGet: "(gibt 440 aus)",
            .helpSettingsResetKey: "Der Schlüssel der Einstellung; ohne ihn alle Einstellungen (Schlüssel, die Peach nicht kennt, bleiben).",
            .helpExportAbstract: "Schreibt deinen ganzen Trainingsverlauf als CSV.",
            .helpExportDiscussion: """
                CSV nach RFC 4180 mit Kopfzeile, eine Zeile pro Antwort in zeitlicher Reihenfolge: \
                %1. Zeiten in UTC, Frequenzen in Hz, response_ms in Millisekunden; \
                reference_hz ist A4. `peach import` liest die Datei wieder ein.
                """,
            .helpExportCSV: "CSV schreiben: der Standard und vorerst das einzige Format.",
            .helpExportFile: "Die neue Datei, die geschrieben wird (Standard: die Standardausgabe).",
            .helpImportAbstract: "Übernimmt Antworten aus einem CSV-Export oder einer Verlaufsdatei in deinen Verlauf.",
            .helpImportDiscussion: """
                Nimmt eine CSV-Datei von `peach export --csv` oder eine Verlaufsdatei im Format \
                JSON Lines. Antworten, die schon im Verlauf stehen, werden ausgelassen; eine Datei \
                zweimal zu importieren ändert also nichts. Jede Zeile wird zuerst geprüft: Eine \
                fehlerhafte Zeile wird mit ihrer Zeilennummer gemeldet, und nichts wird \
                importiert. Die neuen Antworten kommen in eine eigene Datei im Verlaufsordner, \
                in einem Zug geschrieben.
                """,
            .helpImportFile: "Die CSV- oder JSON-Lines-Datei; - liest die Standardeingabe.",
            .helpHistoryAbstract: "Pflegt die Verlaufsdateien.",
            .helpHistoryCheckAbstract: "Listet die beschädigten Zeilen der Verlaufsdateien aller Rechner.",
            .helpHistoryCheckDiscussion: """
                Eine Zeile, die keine für Peach lesbare Antwort ist (von einem Sync-Werkzeug oder \
                beim Bearbeiten beschädigt, oder von einem neueren Peach geschrieben), lässt jeder \
                Befehl mit einer Warnung aus, und sie wird nie umgeschrieben. Dies listet jede \
                solche Zeile mit Datei, Zeilennummer und Fehler und endet mit Status 1, wenn es \
                eine gibt. Zum Reparieren: die genannten Zeilen bearbeiten oder löschen (ein \
                JSON-Objekt pro Zeile), dann erneut prüfen.
                """,
            .helpSourcesAbstract: "Listet die Klangquellen, über die Peach spielen kann.",
            .helpSourcesDiscussion: """
                Peach sucht Plugin-Bibliotheken (.so) in den Ordnern von --plugin-path, dann in \
                PEACH_PLUGIN_PATH (durch Doppelpunkte getrennt), ~/.local/lib/peach/plugins, \
                in lib/peach/plugins neben dem bin-Ordner des Programms peach, in \
                /usr/local/lib/peach/plugins, /usr/lib/peach/plugins und im Ordner des Programms \
                peach. Bieten zwei Bibliotheken dieselbe Kennung an, gilt die zuerst gefundene. \
                Bibliotheken, die ihre Prüfungen nicht bestehen, werden mit dem Grund gelistet, \
                ebenso Klangquellen, die hier und jetzt nicht funktionieren (etwa MIDI Out ohne \
                ALSA-Sequencer). Die Werte einer Auswahloption (etwa die Ziele von MIDI Out) \
                stehen darunter, wenn es höchstens %1 sind; `peach sources KENNUNG` zeigt \
                diese eine Klangquelle mit jedem Wert und seinem Namen. --option nimmt eine \
                Auswahl beim Wert oder beim Namen (program=Flute), einen Schalter als on \
                oder off.
                """,
            .helpSourcesID: "Nur diese Klangquelle zeigen, mit jedem Wert ihrer Auswahloptionen.",
            .helpSourcesJSON: "JSON statt Text ausgeben, für Skripte.",
            .helpDevicesAbstract: "Listet die ALSA-Geräte, auf denen Peach spielen und denen es zuhören kann.",
            .helpDevicesDiscussion: "Zu jedem Gerät sein Name, dann ALSAs Beschreibung, wie `aplay -L` sie listet: von den Soundkarten, aus der ALSA-Konfiguration des Systems und aus ~/.asoundrc. Wähle eins mit `peach settings set device NAME`, auf der Einstellungsseite oder für einen Lauf mit --device NAME. Erst die Ausgänge, dann die Eingänge (Mikrofone und Line-Eingänge, für die Werkzeuge, die zuhören); ein Gerät, das beides kann, steht in beiden Listen. --json gibt eine Liste von Objekten mit name, description und direction (output oder input) aus.",
            .helpDevicesDirection: "Nur die Ausgänge oder nur die Eingänge listen.",
            .helpDevicesJSON: "JSON statt Text ausgeben, für Skripte.",
            .helpSourcesCheck: "Messen, wie weit diese Klangquelle von der verlangten Tonhöhe abweicht, für jeden ihrer Klänge.",
            .helpSourcesCheckOption: "Mit --check: eine Option der Klangquelle setzen, z. B. font=FluidR3_GM.sf2; wer ihren Klang setzt (program=73), prüft nur diesen. Mehrfach möglich.",
            .helpSourcesCheckDiscussion: "--check KENNUNG spielt A4 und C2 bis C7 über eine Klangquelle, jeden ihrer Klänge nacheinander (jedes Programm eines SoundFonts), und gibt aus, um wie viele Cent jeder Ton von der verlangten Tonhöhe abweicht, gemessen im erzeugten Klang.",
            .helpPlayAbstract: "Spielt Töne nacheinander über eine Klangquelle.",
            .helpPlayDiscussion: """
                Töne sind englische Namen wie A4, C#3, Bb2 (B ist das deutsche H, Bb das \
                deutsche B; C4 ist das eingestrichene c) oder MIDI-Nummern wie 69. Sie klingen \
                lückenlos nacheinander. Der Ton geht an das ALSA-Gerät, das die Einstellung \
                device nennt (sonst `default`), außer du wählst mit --device ein anderes \
                (`peach devices` listet sie) oder schreibst mit --wav eine WAV-Datei.
                """,
            .helpExamples: "Beispiele:",
            .helpPlayNotes: "Die zu spielenden Töne, der Reihe nach.",
            .helpPlayCents: "Jeden Ton um so viele Cent verstimmen (100 Cent = 1 Halbton), -1200 bis 1200; Bruchteile erlaubt (Standard: 0).",
            .helpPlayDuration: "Wie lange jeder Ton klingt, in Sekunden, 0,01 bis 60 (Standard: 1).",
            .helpProbeAbstract: "Beschreibt eine Plugin-Bibliothek als JSON (intern verwendet).",
            .helpProbePath: "Pfad der Plugin-Bibliothek (.so).",
            .helpBridgeAbstract: "Betreibt eine Klangquelle in einem eigenen Prozess für das Peach, das ihn gestartet hat (intern verwendet).",
            .helpBridgeSource: "Die Kennung der Quelle, die laufen soll.",
            .helpPluginIsolation: "Wo Plugins laufen: auto (Peachs eigene in Peachs Prozess, andere je in einem eigenen, damit ein Absturz oder Hänger nur diesen Klang kostet), in-process (alle in Peachs: am schnellsten) oder bridge (alle in eigenen).",
            .helpDataDir: "Der Datenordner (Standard: $XDG_DATA_HOME/peach oder ~/.local/share/peach).",
            .helpPluginPath: "Ein Ordner mit Klangquellen-Plugins, durchsucht vor PEACH_PLUGIN_PATH und den Standardordnern. Wiederholbar.",
            .helpRange: "Zu trainierende Tasten: TIEF-HOCH wie C2-C7 oder adaptive (beginnt um C4 und wächst, so weit der Klang spielt) (Standard: die Einstellung range, sonst adaptive).",
            .helpStyle: "Natürlich (0: in der Nähe, angenehm) bis mechanisch (1: übt Schwachstellen), in Schritten von 0,05 (Standard: die Einstellung style, sonst 0,5).",
            .helpDuration: "Länge jedes Tons in Sekunden, 0,3 bis 3 in Schritten von 0,1 (Standard: die Einstellung note-duration, sonst 1).",
            .helpPause: "Stille zwischen den beiden Tönen eines Paars, in Sekunden, 0 bis 2 in Schritten von 0,1 (Standard: die Einstellung pause, sonst keine).",
            .helpSeed: "Dieselbe Folge von Paaren für dieselben Antworten wiederholen.",
            .helpPlain: "Zeilenweiser Text für Screenreader: kein Neuzeichnen, keine Farbe; sagt „zweiter Ton“ und das Ergebnis in Worten.",
            .helpNoBell: "Keine Terminalglocke bei falscher Antwort (b schaltet sie beim Training um).",
            .helpReference: "Die Tonhöhe von A4 in Hz (400 bis 480; Standard: die Einstellung, sonst 440).",
            .helpReferenceOfTake: "Die Tonhöhe von A4 in Hz, bei der die Töne benannt werden (400 bis 480; Standard: 440, unabhängig von der Einstellung, damit eine Auswertung nur von ihren Optionen abhängt).",
            .helpSource: "Die Klangquelle: ihre Kennung oder ihr Name aus `peach sources` oder der Name eines Instruments (flute) (Standard: die Klang-Einstellung, sonst org.peach.sine; Bordun, Metronom und der Bordun des Stimmgeräts haben eigene Klänge, und das Tastenraster beginnt mit dem zuletzt gespielten Klang, sonst dem Klavier von FluidSynth).",
            .helpOption: "Eine Option der Klangquelle setzen, z. B. gain=0.3. Wiederholbar.",
            .helpDevice: "Das ALSA-Gerät für die Wiedergabe (Standard: die Einstellung, sonst default; `peach devices` listet sie).",
            .helpWav: "Den Ton in diese neue WAV-Datei schreiben (32-Bit-Float), statt ihn abzuspielen; ein Name auf .flac schreibt FLAC (24 Bit).",
            .valueNameFolder: "ordner",
            .valueNameFile: "datei",
            .valueNameSeconds: "sekunden",
            .valueNameNote: "ton",
            .valueNameCents: "cent",
            .valueNameRange: "bereich",
            .valueNamePeriod: "zeitraum",
            .valueNameKey: "schlüssel",
            .valueNameValue: "wert",
            .valueNamePath: "pfad",
            .valueNameAssignment: "schlüssel=wert",
        ])
}
