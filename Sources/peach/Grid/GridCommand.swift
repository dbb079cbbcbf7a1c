import ArgumentParser
import FoundationEssentials
import Glibc
import PeachAudio
import PeachHost
import PeachText

/// `peach grid [ROOT] [SCALE]`: a scale laid out as square keys that snake
/// along the rows, played with the mouse or the computer keyboard, with a
/// phrase recorder that names its notes; or the layout as text or JSON for
/// scripts.
struct GridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: localized(.helpGridAbstract),
        discussion: localized(.helpGridDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach grid E natural-minor --instrument flute
              peach grid D blues --key-size large --sustain
              peach grid E minor --print --columns 7
              peach grid C major-pentatonic --json
              peach grid C --save-scale "my hirajoshi" --notes "C D Eb G Ab"
              peach grid --phrase
            """)

    @Argument(help: ArgumentHelp(localized(.helpGridRoot), valueName: localized(.valueNameNote)))
    var root: String?

    @Argument(help: ArgumentHelp(localized(.helpGridScale), valueName: localized(.valueNameScale)))
    var scale: String?

    @Flag(help: ArgumentHelp(localized(.helpGridPrint)))
    var print = false

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpGridColumns), valueName: "n"))
    var columns: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpGridOctaves), valueName: "3|4"))
    var octaves: Int?

    @Flag(help: ArgumentHelp(localized(.helpGridJSON)))
    var json = false

    @Flag(help: ArgumentHelp(localized(.helpGridPlain)))
    var plain = false

    @Option(help: ArgumentHelp(localized(.helpGridInstrument), valueName: "name"))
    var instrument: String?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(localized(.helpGridSustain)))
    var sustain: Bool?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(localized(.helpGridNames)))
    var names: Bool?

    @Option(name: .customLong("key-size"), help: ArgumentHelp(localized(.helpGridKeySize), valueName: "small|medium|large"), completion: .list(KeySize.allCases.map(\.rawValue)))
    var keySize: String?

    @Option(help: ArgumentHelp(localized(.helpGridKeyboard), valueName: "qwerty|qwertz"), completion: .list(GridKeyboard.Layout.allCases.map(\.rawValue)))
    var keyboard: String?

    @Flag(help: ArgumentHelp(localized(.helpGridPhrase)))
    var phrase = false

    @Option(name: .customLong("save-scale"), help: ArgumentHelp(localized(.helpGridSaveScale), valueName: "name"))
    var saveScale: String?

    @Option(help: ArgumentHelp(localized(.helpGridNotes), valueName: "\"C D Eb G Ab\""))
    var notes: String?

    @Option(name: .customLong("forget-scale"), help: ArgumentHelp(localized(.helpGridForgetScale), valueName: "name"))
    var forgetScale: String?

    @Flag(help: ArgumentHelp(localized(.helpGridScales)))
    var scales = false

    @Flag(help: ArgumentHelp(localized(.helpGridFresh)))
    var fresh = false

    @OptionGroup var data: DataOptions
    @OptionGroup var sound: SoundOptions

    /// Wide enough for any scale's octave twice over, narrow enough to print.
    static let columnRange = 1...48

    func validate() throws {
        if let root { _ = try checked { try PitchClass(parsing: root) } }
        if let keySize { _ = try KeySize.parse(keySize) }
        _ = try keyboardLayout()
        if let columns, !Self.columnRange.contains(columns) {
            throw ValidationError(localized(.gridColumnsOutside, columns, Self.columnRange.lowerBound, Self.columnRange.upperBound))
        }
        if let octaves, !GridLayout.octaveRange.contains(octaves) {
            throw ValidationError(localized(.gridOctavesOutside, octaves, GridLayout.octaveRange.lowerBound, GridLayout.octaveRange.upperBound))
        }
        if columns != nil && !(print || json) { throw ValidationError(localized(.gridColumnsNeedPrint)) }
        if (saveScale == nil) != (notes == nil) { throw ValidationError(localized(.gridSaveScaleNeedsNotes)) }
        if plain && (print || json) { throw ValidationError(localized(.gridPlainOrPrint)) }
        // What only the live grid uses would be dropped without a word where the grid prints and plays nothing.
        if print || json || phrase || scales {
            let live: [(String, Bool)] = [("--wav", sound.output.wav != nil), ("--device", sound.output.device != nil), ("--source", sound.source != nil),
                                          ("--option", !sound.options.isEmpty), ("--instrument", instrument != nil), ("--sustain", sustain != nil),
                                          ("--key-size", keySize != nil), ("--keyboard", keyboard != nil), ("--names", names != nil)]
            if let given = live.first(where: \.1) { throw ValidationError(localized(.gridPrintPlaysNothing, given.0)) }
        }
        if let saveScale { try checked { try UserScales.check(name: saveScale) } }
        try sound.output.checkStandardOutput(isUsedBy: print || json ? nil : localized(.theScreen))
    }

    /// `--keyboard`, else the layout of the language's keyboards (German: QWERTZ).
    func keyboardLayout() throws -> GridKeyboard.Layout {
        guard let keyboard else { return Language.current == .german ? .qwertz : .qwerty }
        guard let layout = GridKeyboard.Layout(rawValue: keyboard.lowercased()) else {
            throw ValidationError(localized(.gridUnknownKeyboard, keyboard))
        }
        return layout
    }

    /// The user's scales, read only when the scale named is not a built-in one (a script's layout reads nothing of the user's otherwise).
    private func userScales(_ store: SettingsStore?) throws -> [Scale] {
        try store.map { try UserScales(store: $0).all() } ?? []
    }

    private func chosenScale(_ name: String?, among userScales: [Scale]) throws -> Scale? {
        try name.map { name in try checked { try Scale.named(name, userScales: userScales) } }
    }

    func run() throws {
        if phrase { return try printPhrase() }
        let needsSettings = !(print || json) || saveScale != nil || forgetScale != nil || scales
            || (scale.map { (try? Scale.named($0)) == nil } ?? false)
        let store = needsSettings ? try SettingsFileOptions.openStandard() : nil
        if let store, try manageScales(UserScales(store: store)) { return }
        let memory = store.map(SavedGrid.memory)
        var saved = try (print || json || fresh ? nil : memory?.last()) ?? .standard
        let known = try userScales(store)
        let root = try root.map { text in try checked { try PitchClass(parsing: text) } } ?? PitchClass(parsing: saved.root)
        // A saved scale that has since been forgotten falls back to the chromatic one.
        let scale = try chosenScale(scale, among: known) ?? (try? Scale.named(saved.scale, userScales: known)) ?? .chromatic
        if print || json { return try printLayout(root: root, scale: scale, settings: store) }

        if let sustain { saved.sustain = sustain }
        if let names { saved.names = names }
        if let keySize { saved.keySize = try KeySize.parse(keySize) }
        // Before any sound is made or file opened: the grid's keys come from a terminal.
        guard isatty(STDIN_FILENO) == 1 else { throw Failure(localized(.gridNeedsTerminal)) }
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        let start = try startingSound(catalog: catalog, saved: saved, store: store)
        StopRequest.install()
        let output = try sound.output.openOutput(pacedFile: true, for: start, settings: store)
        let engine = try AudioEngine(output: output, source: start, pluginLog: .command, interrupt: StopRequest.interrupt, faultWording: { said($0) })
        // Live, the settings are always read (`needsSettings`).
        let sounds = TimbreSwitch(catalog: catalog, start: start) { id in (try? sound.optionAssignments(id == sound.source ? store : nil)) ?? [] }
        let player = GridPlayer(engine: engine, reference: sound.reference(store))
        let screen = GridScreen(engine: engine, player: player, sounds: sounds, timbre: sounds.current, saved: saved, root: root, scale: scale,
                                scales: known, octaves: octaves, keyboard: try keyboardLayout(), userScales: UserScales(store: store!), phrases: PhraseStore(dataDirectory: try data.resolve()),
                                plain: plain, makeClickSource: { try MetronomeCommand.makeClickSource(from: catalog) })
        let ending = try screen.run()
        try memory?.remember(ending)
        ScreenExit.ended(signal: screen.endedBy).endProcess()
    }

    /// The sound to start with: `--instrument`, else `--source` with its
    /// options, else the last one played, else FluidSynth's piano, else the
    /// `source` setting.
    private func startingSound(catalog: SourceCatalog, saved: SavedGrid, store: SettingsStore?) throws -> SourceInstance {
        let timbres = Timbre.all(in: catalog)
        func instance(_ timbre: Timbre) throws -> SourceInstance {
            let made = try catalog.makeInstance(of: timbre.sourceID)
            if let choice = timbre.choice { try made.set(choice.key, to: choice.value) }
            return made
        }
        if let instrument { return try instance(try Timbre.named(instrument, among: timbres)) }
        if sound.source != nil { return try sound.makeSource(from: catalog, settings: store) }
        if let last = saved.sound,
           let timbre = timbres.first(where: { $0.sourceID == last.source && $0.choice?.key == last.option && $0.choice?.value == last.value }) {
            return try instance(timbre)
        }
        if let piano = timbres.first(where: { $0.sourceID == Self.pianoSourceID && $0.choice?.value == "0" }) { return try instance(piano) }
        return try sound.makeSource(from: catalog, settings: store)
    }

    /// FluidSynth's instruments: program 0 of its General MIDI font is the piano.
    static let pianoSourceID = "org.peach.fluid"

    /// `--save-scale`, `--forget-scale`, `--scales`: true when that was the whole run.
    private func manageScales(_ userScales: UserScales) throws -> Bool {
        if let saveScale, let notes {
            let words = notes.split { $0 == " " || $0 == "," }.map(String.init)
            let made = try checked {
                guard let first = words.first else { throw ScaleError.empty(name: saveScale) }
                // Counted from the root given, else from the first note: "D E F G A B C" is D's scale (a bad first note is a note, not a root).
                let root = try self.root.map { try PitchClass(parsing: $0) } ?? UserScales.note(first)
                return try Scale(name: saveScale, steps: UserScales.steps(of: words, root: root))
            }
            try userScales.save(made, replacing: false)
            peach.print(localized(.gridScaleSaved, made.name))
            return true
        }
        if let forgetScale {
            peach.print(localized(.gridScaleForgotten, try userScales.forget(forgetScale)))
            return true
        }
        if scales {
            let own = try userScales.all()
            func fromC(_ scale: Scale) -> [String] { ScaleSpelling.names(of: scale, from: PitchClass(letter: 0, accidental: 0)).map(\.description) }
            if json {
                let listed = Scale.builtIn.map { ListedScale(name: $0.name, own: false, steps: $0.steps, fromC: fromC($0)) }
                    + own.map { ListedScale(name: $0.name, own: true, steps: $0.steps, fromC: fromC($0)) }
                peach.print(try CommandJSON.pretty(listed))
                return true
            }
            for scale in Scale.builtIn { peach.print(scale.name.padding(20, left: false) + ScaleLabel.text(scale)) }
            for scale in own { peach.print(scale.name.padding(20, left: false) + localized(.gridUserScaleFromC, fromC(scale).joined(separator: " "))) }
            return true
        }
        return false
    }

    /// `settings`: the file if this run read it. Only the JSON has frequencies, at A4 the flag's, else the setting's.
    private func printLayout(root: PitchClass, scale: Scale, settings: SettingsStore?) throws {
        let octaves = self.octaves ?? GridLayout.octaveRange.lowerBound
        // One octave of the scale a row by default, so the roots line up at the edges.
        let layout = GridLayout(root: root, scale: scale, octaves: octaves, columns: columns ?? scale.steps.count)
        if json {
            let reference = sound.reference(try settings ?? SettingsFileOptions.openStandard())
            return peach.print(try CommandJSON.pretty(GridJSON(layout, reference: reference)))
        }
        let width = (layout.keys.map(\.name.count).max() ?? 1) + 1
        for row in 0..<layout.rows {
            let cells = (0..<layout.columns).map { column in layout.key(row: row, column: column)?.name ?? "" }
            var line = cells.map { $0.padding(width, left: false) }.joined()
            while line.last == " " { line.removeLast() }
            peach.print(line)
        }
    }

    private func printPhrase() throws {
        guard let kept = try PhraseStore(dataDirectory: try data.resolve()).load() else {
            // For a script, valid JSON: no phrase is null.
            return peach.print(json ? "null" : localized(.gridPhraseNone))
        }
        if json {
            return peach.print(try CommandJSON.pretty(kept))
        }
        peach.print(localized(.gridPhraseSummary, kept.notes.count, kept.seconds.decimals(1)))
        for note in kept.notes {
            let start = Double(note.startFrame) / kept.sampleRate, length = Double(note.lengthFrames) / kept.sampleRate
            peach.print(start.decimals(2).padding(7, left: true) + " s  " + note.name.padding(5, left: false) + localized(.gridPhraseNoteLength, length.decimals(2)))
        }
    }
}

/// `--scales --json`: one scale, its steps in semitones above the root and its notes from C.
private struct ListedScale: Encodable {
    var name: String
    var own: Bool
    var steps: [Int]
    var fromC: [String]
}

/// `--json`: the layout's every key, where it is and what it plays.
struct GridJSON: Encodable {
    struct Key: Encodable {
        var row: Int
        var column: Int
        var index: Int
        var note: String
        var midi: Int
        var frequency: Double
        var root: Bool
    }

    var root: String
    var scale: String
    var octaves: Int
    var columns: Int
    var rows: Int
    var reference: Double
    var keys: [Key]

    init(_ layout: GridLayout, reference: Double) {
        root = layout.root.description
        scale = layout.scale.name
        octaves = layout.octaves
        columns = layout.columns
        rows = layout.rows
        self.reference = reference
        keys = layout.keys.map { key in
            Key(row: key.row, column: key.column, index: key.index, note: key.name, midi: key.note.number,
                frequency: JSONNumber.rounded(Pitch.frequency(of: key.note, reference: reference), 1000), root: key.isRoot)
        }
    }
}
