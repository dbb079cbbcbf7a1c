import Glibc
import PeachAudio
import PeachHost
import PeachMetronome
import PeachText

/// The live grid: squares to click, drag across or type, a menu, and the
/// phrase recorder. Keys sound on the first frame the engine can play them
/// exactly; the loop wakes for keys, for the ends of typed notes, for the
/// metronome's next clicks and for the recording's limit, never on a timer
/// of its own. In plain mode nothing is drawn: each note played, each menu
/// change and the phrase are said in a line, for a screen reader.
final class GridScreen {
    private let engine: AudioEngine
    private let player: GridPlayer
    private let sounds: TimbreSwitch
    private let userScales: UserScales
    private let phrases: PhraseStore
    private let plain: Bool
    /// The signal that ended the screen (SIGTERM, SIGHUP, SIGQUIT), for the
    /// command to end with once it has saved what the session leaves
    /// (`ScreenExit.endProcess`): scripts read 143 after SIGTERM, as from the trainer, not 0.
    private(set) var endedBy: Int32?
    private let makeClickSource: () throws -> SourceInstance
    private let screen = Screen()
    private let style = TerminalStyle.detect()
    private let writer = PlainWriter()

    private var root: PitchClass
    private var scale: Scale
    private var scales: [Scale]
    private var timbre: Timbre
    private var names: Bool
    private var keySize: KeySize
    private var tempo: Double
    private let fixedOctaves: Int?
    private var order: [Int]?
    private var layout: GridLayout
    private var keyboard: GridKeyboard
    private var heldByMouse: GridKey?

    private var menu: GridMenu?
    private var editor: ScaleEditor?
    private var notice: String?
    private var lastPlayed: GridKey?

    private var phrase: Phrase?
    /// The kept phrase's file held something else; it is moved aside before a new phrase is saved.
    private var damagedPhrase = false
    private enum Recording { case idle, confirming, recording }
    private var recording = Recording.idle
    private var playback: PhrasePlayer?
    private var playbackSound: PhraseSound?

    private var metronome: MetronomePlayer?
    private var clickTrack: TrackID?

    init(engine: AudioEngine, player: GridPlayer, sounds: TimbreSwitch, timbre: Timbre, saved: SavedGrid, root: PitchClass, scale: Scale,
         scales: [Scale], octaves: Int?, keyboard: GridKeyboard.Layout, userScales: UserScales, phrases: PhraseStore, plain: Bool,
         makeClickSource: @escaping () throws -> SourceInstance) {
        self.engine = engine
        self.player = player
        self.sounds = sounds
        self.timbre = timbre
        self.userScales = userScales
        self.phrases = phrases
        self.plain = TerminalMode.drawsPlain(asked: plain)
        self.makeClickSource = makeClickSource
        self.root = root
        self.scale = scale
        self.scales = scales
        names = saved.names
        keySize = saved.keySize
        tempo = saved.tempo
        fixedOctaves = octaves
        self.keyboard = GridKeyboard(layout: keyboard)
        player.sustain = saved.sustain
        metronomeWanted = saved.metronome
        layout = GridLayout(root: root, scale: scale, octaves: 3, columns: 1)
        relayout()
    }

    /// Whether the last session ended with the metronome on: it starts with the grid.
    private let metronomeWanted: Bool

    private var view: GridView { GridView(keySize: keySize, window: screen.size) }

    /// Lays the grid out again for the window, the scale and the order.
    private func relayout() {
        let view = self.view
        let octaves = fixedOctaves ?? view.octaves(for: scale)
        if let order, order.count != GridLayout.keyCount(of: scale, octaves: octaves) { self.order = nil }
        // Plain mode has no window to fill: one octave of the scale a row, as --print lays it out.
        let columns = plain ? scale.steps.count : view.columns
        layout = GridLayout(root: root, scale: scale, octaves: octaves, columns: columns, order: order)
        keyboard.move(rows: 0, columns: 0, gridRows: layout.rows, gridColumns: layout.columns)
    }

    func run() throws -> SavedGrid {
        let mode = TerminalMode(fullScreen: !plain)
        mode.enter()
        defer { mode.leave() }
        let input = TerminalInput(terminal: mode)
        loadPhrase()
        if !plain { draw() }
        // A short sound at once says the sound works: the root in the middle of the range.
        let roots = layout.keys.filter(\.isRoot)
        if let start = roots.dropFirst(roots.count / 2).first ?? layout.keys.first { _ = try? player.press(start, at: 0, held: false) }
        engine.start()
        if metronomeWanted { try startMetronome() }
        announce(localized(.gridPlainStart, scaleTitle, layout.keys.count, layout.keys.first?.name ?? "", layout.keys.last?.name ?? "", timbre.ownName))
        announce(localized(.gridPlainKeys))
        var running = true
        while running {
            try tick()
            if !plain { draw() }
            for event in input.next(timeout: waitSeconds()) {
                switch event {
                case .key(let key): running = try handle(key, input: input)
                case .signal(SIGWINCH):
                    screen.refreshSize()
                    relayout()
                case .signal(let number):
                    endedBy = ScreenExit.ending(number) ? number : nil
                    running = false
                case .inputClosed: running = false
                }
                if !running { break }
            }
            if StopRequest.isRaised { running = false }
        }
        // Quitting while recording keeps what was played, as Space would.
        if recording == .recording { stopRecording() }
        let end = engine.earliestOnTimeFrame
        try player.stopAll(at: end)
        playback?.stop()
        _ = engine.wait(untilRendered: end + Int64(engine.format.sampleRate * 0.3))
        try engine.stop()
        return SavedGrid(root: root.description, scale: scale.name, sound: currentSound, sustain: player.sustain, names: names, keySize: keySize, metronome: metronome != nil, tempo: tempo)
    }

    /// What is due now: the ends of notes, the metronome's next clicks, the recording's limit, the engine's notices.
    private func tick() throws {
        try player.scheduleEnds(through: engine.earliestOnTimeFrame)
        if let metronome { _ = try metronome.schedule(before: engine.renderedFrames + horizon) }
        if recording == .recording, player.recorder?.isFull(at: engine.earliestOnTimeFrame) == true { stopRecording() }
        for notice in engine.pollNotices() {
            if notice.endsRendering { throw Failure(said(notice)) }
            // A source may refuse a key it cannot play (a MIDI instrument's range): said, and the grid plays on.
            if case .noteRefused(let id, _, let frequency) = notice {
                let name = NearestNote(frequency: frequency, reference: player.reference)?.note.name ?? frequency.hertz()
                say(localized(.gridNoteRefused, name, engine.refusals[id] ?? ""))
            }
        }
    }

    /// The metronome's clicks are scheduled this far ahead of the render thread.
    private var horizon: Int64 { Int64(engine.format.blockFrames * 2) + Int64(engine.format.sampleRate / 20) }

    /// Until the next thing due: a note's end, the metronome's scheduling, the recording's limit; at most a quarter second.
    private func waitSeconds() -> Double {
        let rate = engine.format.sampleRate
        var frames = [Int64(rate / 4)]
        if let end = player.nextEnd { frames.append(end - engine.earliestOnTimeFrame) }
        if metronome != nil { frames.append(horizon / 3) }
        if recording == .recording, let recorder = player.recorder { frames.append(recorder.endFrame - engine.earliestOnTimeFrame) }
        if let next = playback?.nextChange(after: engine.renderedFrames) { frames.append(next - engine.renderedFrames) }
        return max(0.001, Double(frames.min()!) / rate)
    }

    // MARK: Keys

    /// What a key or mouse report does; false to quit.
    private func handle(_ key: Key, input: TerminalInput) throws -> Bool {
        if key == .interrupt { return false }
        if editor != nil { try handleEditor(key); return true }
        if menu != nil { return try handleMenu(key, input: input) }
        if recording == .confirming {
            recording = .idle
            notice = nil
            if key == .space { startRecording() } else { say(localized(.gridPhraseKept)) }
            return true
        }
        let at = engine.earliestOnTimeFrame
        switch key {
        case .escape: return false
        case .click(let column, let row):
            if let key = view.key(column: column, row: row, in: layout, topRow: topRow) {
                try play(key, at: at, held: true)
                heldByMouse = key
            }
        case .drag(let column, let row):
            // A finger sliding across the grid plays each square it enters.
            guard let key = view.key(column: column, row: row, in: layout, topRow: topRow), key != heldByMouse else { break }
            if let held = heldByMouse { try player.release(held, at: at) }
            try play(key, at: at, held: true)
            heldByMouse = key
        case .release:
            if let held = heldByMouse { try player.release(held, at: at) }
            heldByMouse = nil
        case .character(let character):
            guard let square = keyboard.square(for: character) else { break }
            if let key = layout.key(row: square.row, column: square.column) { try play(key, at: at, held: false) }
        case .tab:
            menu = GridMenu()
            announce(localized(.gridPlainMenuOpen) + " " + menu!.selected.label + ": " + value(of: menu!.selected))
        case .space:
            switch recording {
            case .recording: stopRecording()
            default:
                if let phrase {
                    recording = .confirming
                    say(localized(.gridPhraseReplaceAsk, phrase.notes.count, phrase.seconds.decimals(1)))
                } else {
                    startRecording()
                }
            }
        case .enter:
            // A phrase the sound cannot play (another source's range) is said; the grid goes on.
            do { try togglePlayback() } catch { say(said(error)) }
        case .up: moveKeyboard(rows: -1, columns: 0)
        case .down: moveKeyboard(rows: 1, columns: 0)
        case .left: moveKeyboard(rows: 0, columns: -1)
        case .right: moveKeyboard(rows: 0, columns: 1)
        case .pageUp: moveKeyboard(rows: -GridKeyboard.rowCount, columns: 0)
        case .pageDown: moveKeyboard(rows: GridKeyboard.rowCount, columns: 0)
        default: break
        }
        return true
    }

    private var topRow: Int { view.topRow(of: layout, keyboard: keyboard) }

    private func moveKeyboard(rows: Int, columns: Int) {
        keyboard.move(rows: rows, columns: columns, gridRows: layout.rows, gridColumns: layout.columns)
        announceKeyboard()
    }

    /// In lines, which keys the letter keys now play (the screen shows them under the block).
    private func announceKeyboard() {
        let played = (0..<GridKeyboard.rowCount).flatMap { row in
            (0..<GridKeyboard.columnCount).compactMap { layout.key(row: keyboard.firstRow + row, column: keyboard.firstColumn + $0) }
        }
        guard let low = played.min(by: { $0.note.number < $1.note.number }), let high = played.max(by: { $0.note.number < $1.note.number }) else { return }
        announce(localized(.gridPlainKeysPlay, low.name, high.name))
    }

    private func play(_ key: GridKey, at frame: Int64, held: Bool) throws {
        do {
            try player.press(key, at: frame, held: held)
            lastPlayed = key
            notice = nil
            announce(key.name)
        } catch let error as EngineError {
            // An instrument's range may leave a square out: say so, keep playing.
            say(said(error))
        }
    }

    // MARK: Phrase

    private func loadPhrase() {
        do {
            phrase = try phrases.load()
        } catch {
            if case .damaged = error { damagedPhrase = true }
            say(said(error))
        }
    }

    private func startRecording() {
        playback?.stop()
        player.recorder = PhraseRecorder(startFrame: engine.earliestOnTimeFrame, sampleRate: engine.format.sampleRate)
        recording = .recording
        say(localized(.gridRecording, Int(Phrase.longestSeconds)))
    }

    private func stopRecording() {
        guard let recorder = player.recorder else { return }
        player.recorder = nil
        recording = .idle
        guard let recorded = recorder.phrase(endingAt: engine.earliestOnTimeFrame, sound: currentSound) else {
            say(localized(phrase == nil ? .gridPhraseNothing : .gridPhraseNothingKept))
            return
        }
        do {
            if damagedPhrase { say(localized(.gridPhraseDamagedKept, try phrases.keepAside())) }
            damagedPhrase = false
            try phrases.save(recorded)
            phrase = recorded
            say(localized(.gridPhraseSaved, recorded.notes.count, recorded.seconds.decimals(1)) + " " + PhraseText.names(recorded))
        } catch {
            // The phrase stays in memory to play back, though it could not be kept; the file is as it was.
            phrase = recorded
            say(localized(.gridPhraseNotKept, said(error)))
        }
    }

    private var currentSound: PhraseSound {
        PhraseSound(source: timbre.sourceID, option: timbre.choice?.key, value: timbre.choice?.value)
    }

    private func togglePlayback() throws {
        if let playback, playback.isPlaying(at: engine.renderedFrames) {
            playback.stop()
            return
        }
        guard let phrase else { return say(localized(.gridPhraseNone)) }
        if recording == .recording { stopRecording() }
        let player = try playback ?? PhrasePlayer(engine: engine, track: engine.addTrack(source: try instance(playing: phrase.sound)))
        if playbackSound != nil, playbackSound != phrase.sound {
            try engine.swapSource(to: try instance(playing: phrase.sound), on: player.track)
        }
        playback = player
        playbackSound = phrase.sound
        try player.play(phrase, at: engine.earliestOnTimeFrame)
        say(localized(.gridPhrasePlaying, PhraseText.names(phrase)))
    }

    /// A source playing what the phrase was played with: the timbre it names, else its source as it is.
    private func instance(playing sound: PhraseSound) throws -> SourceInstance {
        let options = sound.option.flatMap { key in sound.value.map { [(key: key, value: $0)] } } ?? []
        let timbre = sounds.timbre(ofSource: sound.source, options: options)
            ?? Timbre(sourceID: sound.source, sourceName: sound.source)
        return try sounds.makeInstance(timbre)
    }

    // MARK: Menu

    private func handleMenu(_ key: Key, input: TerminalInput) throws -> Bool {
        guard var menu else { return true }
        switch key {
        case .escape, .tab:
            self.menu = nil
            announce(localized(.gridPlainMenuClosed))
            return true
        case .up: menu.move(by: -1)
        case .down: menu.move(by: 1)
        case .left: try change(menu.selected, by: -1)
        case .right: try change(menu.selected, by: 1)
        case .pageUp where menu.selected == .tempo: try change(.tempo, by: -10)
        case .pageDown where menu.selected == .tempo: try change(.tempo, by: 10)
        case .enter, .space:
            switch menu.selected {
            case .editor:
                editor = ScaleEditor(root: root, from: scale)
                self.menu = nil
                announce(editor!.lines(style: TerminalStyle(colour: false, unicode: false)).joined(separator: " "))
                return true
            case .instrument: try chooseInstrument(input: input)
            default: try change(menu.selected, by: 1)
            }
        default: break
        }
        self.menu = menu
        announce(menu.selected.label + ": " + value(of: menu.selected))
        return true
    }

    private func change(_ item: GridMenu.Item, by step: Int) throws {
        let at = engine.earliestOnTimeFrame
        switch item {
        case .root:
            let index = PitchClass.roots.firstIndex { $0.semitone == root.semitone } ?? 0
            root = PitchClass.roots.element(step, from: index)
            try player.stopAll(at: at)
            relayout()
        case .scale:
            let all = Scale.builtIn + scales
            let index = all.firstIndex(of: scale) ?? 0
            scale = all.element(step, from: index)
            try player.stopAll(at: at)
            relayout()
        case .editor: break
        case .instrument: try switchTimbre(to: sounds.neighbour(of: timbre, step: step))
        case .sustain: player.sustain.toggle()
        case .names: names.toggle()
        case .keySize:
            let all = KeySize.allCases
            keySize = all[min(max(0, all.firstIndex(of: keySize)! + step), all.count - 1)]
            relayout()
        case .random:
            // Again restores the scale's order.
            order = order == nil ? Array(layout.keys.indices).shuffled() : nil
            try player.stopAll(at: at)
            relayout()
        case .metronome:
            if metronome == nil { try startMetronome() } else { stopMetronome() }
        case .tempo:
            tempo = min(max(tempo + Double(step), MetronomeSetup.tempoRange.lowerBound), MetronomeSetup.tempoRange.upperBound)
            if let metronome { try metronome.changeTempo(to: tempo) }
        }
    }

    private func value(of item: GridMenu.Item) -> String {
        switch item {
        case .root: root.description
        case .scale: ScaleLabel.text(scale)
        case .editor: localized(.gridMenuEditorValue)
        case .instrument: timbre.name
        case .sustain: localized(player.sustain ? .gridOn : .gridOff)
        case .names: localized(names ? .gridOn : .gridOff)
        case .keySize: keySize.label
        case .random: localized(order != nil ? .gridOn : .gridOff)
        case .metronome: localized(metronome != nil ? .gridOn : .gridOff)
        case .tempo: localized(.metronomeTempo, tempo.compact)
        }
    }

    private func chooseInstrument(input: TerminalInput) throws {
        try player.stopAll(at: engine.earliestOnTimeFrame)
        let timbres = sounds.timbres
        let outcome = ListChooser(title: localized(.chooserSoundTitle), entries: timbres.map(\.name),
                                  current: timbres.firstIndex(of: timbre), names: timbres.map(\.ownName))
            .run(input: input, screen: plain ? nil : screen, style: style)
        screen.refreshSize()
        if case .chosen(let index) = outcome { try switchTimbre(to: timbres[index]) }
    }

    private func switchTimbre(to chosen: Timbre) throws {
        guard chosen != timbre else { return }
        do {
            try engine.swapSource(to: try sounds.makeInstance(chosen), on: player.track)
            player.forgetSounding(at: engine.earliestOnTimeFrame)
            timbre = chosen
        } catch {
            say(said(error))
        }
    }

    private func startMetronome() throws {
        if clickTrack == nil { clickTrack = try engine.addTrack(source: try makeClickSource(), gain: 0.7) }
        guard let clickTrack else { return }
        var setup = SavedMetronome.standard.setup
        setup.bpm = tempo
        metronome = try MetronomePlayer(setup: setup, sound: SavedMetronome.standard.clickSound, engine: engine, track: clickTrack,
                                        startFrame: engine.earliestOnTimeFrame)
    }

    private func stopMetronome() {
        if let clickTrack { engine.cancelScheduled(on: clickTrack) }
        metronome = nil
    }

    // MARK: Scale editor

    private func handleEditor(_ key: Key) throws {
        guard var editor else { return }
        var problem: String?
        switch editor.handle(key, problem: &problem) {
        case .editing:
            self.editor = editor
            if let problem { say(problem) } else { notice = nil }
            announce(editor.lines(style: TerminalStyle(colour: false, unicode: false)).joined(separator: " "))
        case .cancelled:
            self.editor = nil
        case .save(let made):
            do {
                try userScales.save(made, replacing: editor.replacing)
                scales = try userScales.all()
                scale = made
                self.editor = nil
                try player.stopAll(at: engine.earliestOnTimeFrame)
                relayout()
                say(localized(.gridScaleSaved, made.name))
            } catch {
                self.editor = editor
                say(said(error))
            }
        }
    }

    // MARK: Drawing

    /// The keys sounding: those played now, and those of the phrase playing back (where the grid has their notes).
    private var litKeys: Set<Int> {
        let replayed = playback?.notesSounding(at: engine.renderedFrames) ?? []
        return player.soundingKeys.union(layout.keys.filter { replayed.contains($0.note.number) }.map(\.index))
    }

    private var scaleTitle: String { root.description + " " + ScaleLabel.text(scale) }

    /// A line for the screen, or said in plain mode.
    private func say(_ text: String) {
        notice = text
        announce(text)
    }

    private func announce(_ line: String) {
        guard plain else { return }
        writer.say(line)
    }

    private func draw() {
        let size = screen.size
        var lines: [String] = []
        let switches = [timbre.ownName, localized(player.sustain ? .gridSustainOn : .gridSustainOff)]
            + (metronome != nil ? [localized(.metronomeTempo, tempo.compact)] : []) + (order != nil ? [localized(.gridShuffled)] : [])
        lines.append(style.strong(localized(.gridTitle)) + "  " + scaleTitle + "  " + switches.joined(separator: " · "))
        var status = notice ?? lastPlayed.map { localized(.gridLastPlayed, $0.name) } ?? ""
        if recording == .recording, let recorder = player.recorder {
            let seconds = Double(engine.renderedFrames - recorder.startFrame) / engine.format.sampleRate
            status = style.bad((style.unicode ? "● " : "* ") + localized(.gridRecordingStatus, max(0, seconds).decimals(1), Int(Phrase.longestSeconds)))
                + "  " + status
        }
        // A notice wider than the window (a path that cannot be written) goes on over the lines under the grid, never cut.
        let wrapped = [status].wrapped(to: size.columns)
        lines.append(wrapped.first ?? "")
        var body: [String]
        if let editor {
            body = [""] + editor.lines(style: style)
        } else if let menu {
            body = [""] + menu.lines(value: value(of:), style: style)
        } else {
            body = view.lines(layout, topRow: topRow, lit: litKeys, names: names, keyboard: keyboard, style: style)
        }
        let area = max(0, size.rows - GridView.linesAbove - GridView.linesBelow)
        body = Array(body.prefix(area))
        lines += body + Array(repeating: "", count: area - body.count)
        let below = [phrase.map { localized(.gridPhraseLine, $0.seconds.decimals(1), PhraseText.names($0)) } ?? style.dim(localized(.gridPhraseEmpty)),
                     // The grid's keys only on the grid: over the menu or the editor they said Esc quits, where it goes back.
                     menu == nil && editor == nil ? style.dim(localized(.gridKeys)) : ""]
        let overflow = wrapped.dropFirst().prefix(GridView.linesBelow)
        lines += overflow + below.dropFirst(overflow.count)
        screen.show(lines)
    }
}
