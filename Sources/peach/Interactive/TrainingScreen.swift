import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachSupport
import PeachText
import PeachTraining

/// The training loop behind the screen: plays a pair, enables the answer
/// targets the moment the second note starts, takes the answer, shows the
/// feedback, saves it and starts the next pair at once. One thread; keys,
/// signals and the audio clock are all handled between steps.
///
/// A pair that cannot be heard whole and answered fairly (the output lost,
/// the screen suspended or resized mid-pair, its targets redrawn) is dropped without a record,
/// and training goes on with a new one.
final class TrainingScreen {
    private let training: PersistentTraining
    private let audio: TrainingAudio
    private let sources: TimbreSwitch
    private let display: TrainingDisplay
    private let input: TerminalInput
    private let terminal: TerminalMode
    private var state: TrainingScreenState
    private var pair: TrainingPair?
    /// When the pair in progress began to play.
    private var pairBegan: UInt64 = 0
    /// The time trained in this sitting, to suggest a break.
    private var sitting: Sitting
    private var secondNoteFrame: Int64 = 0
    private var answerableSince: UInt64 = 0
    private var pendingTimbre: Timbre?
    /// When to try the output again while paused; never, when only another timbre can help.
    private var retryAt: UInt64 = 0
    private var sourceFailedAt: UInt64?
    /// When the source last refused a note, to tell a hole in its range from a source that refuses everything.
    private var noteRefusedAt: UInt64?
    private var settingsWatch: SettingsWatch?
    /// Set once an answer could not be saved, or the next one could not be: no pair plays after that.
    private var savingFailed = false
    /// Settings a flag overrides for this run: changes to them are not applied.
    private let overridden: Set<String>
    /// Shows a list chooser in place of the training screen until it is left.
    private let choose: (ListChooser) -> ListChooser.Outcome

    /// How often a lost output is tried again.
    private static let retryNanoseconds: UInt64 = 1_000_000_000
    /// A source that fails again within this time is not restarted again.
    private static let failureMemoryNanoseconds: UInt64 = 10_000_000_000

    init(training: PersistentTraining, audio: TrainingAudio, sources: TimbreSwitch, display: TrainingDisplay,
         input: TerminalInput, terminal: TerminalMode, bell: Bool, notes: [String] = [],
         settings: SettingsStore? = nil, overridden: Set<String> = [], choose: @escaping (ListChooser) -> ListChooser.Outcome) {
        self.training = training
        self.audio = audio
        self.sources = sources
        self.display = display
        self.input = input
        self.terminal = terminal
        // Every note, each a sentence: a stand-in sound, a drone under the pairs and a history warning may all hold at once.
        state = TrainingScreenState(timbre: sources.current.name, bell: bell, message: notes.isEmpty ? nil : notes.joined(separator: " "))
        settingsWatch = settings.map(SettingsWatch.init)
        sitting = Sitting(breakAfterMinutes: settings?.number(.breakAfter) ?? 0)
        self.overridden = overridden
        self.choose = choose
    }

    /// Whether the wrong-answer bell is on; the listener can switch it while training.
    var bell: Bool { state.bell }

    func run() -> ScreenExit {
        display.show(state, because: .opened)
        beginPair()
        while true {
            for event in input.next(timeout: pollSeconds) {
                if let outcome = handle(event) {
                    dropPair()
                    return outcome
                }
            }
            followAudio()
        }
    }

    /// Short while the second note's start is awaited, so the targets light up on time.
    private var pollSeconds: Double {
        switch state.phase {
        case .firstNote: 0.002
        case .paused: 0.25
        default: 0.05
        }
    }

    private func handle(_ event: TerminalEvent) -> ScreenExit? {
        switch event {
        case .key(let key): return handle(key)
        case .inputClosed: return .ended(signal: nil)
        case .signal(let number):
            switch number {
            case SIGINT: return .back
            case _ where ScreenExit.ending(number): return .ended(signal: number)
            case SIGWINCH: resize()
            default: break
            }
            return nil
        }
    }

    private func handle(_ key: Key) -> ScreenExit? {
        if AnswerKeys.stops(key) { return .back }
        if let direction = AnswerKeys.direction(of: key) {
            answer(direction)
            return nil
        }
        switch key {
        case .click(let column, let row): if let direction = display.direction(atColumn: column, row: row) { answer(direction) }
        case .character("r"), .character("R"): hearAgain()
        case .character("t"): chooseTimbre(step: 1)
        case .character("T"): chooseTimbre(step: -1)
        case .character("i"), .character("I"): return chooseTimbreByName()
        case .character("b"), .character("B"):
            state.bell.toggle()
            display.show(state, because: .bell)
        default: break
        }
        return nil
    }

    // MARK: The pair

    /// Plays the next pair, or `given` (a pair heard again).
    private func beginPair(_ given: TrainingPair? = nil) {
        applyChangedSettings()
        guard audio.isPlaying, !savingFailed else { return }
        do { try training.checkRoom() } catch {
            stopTraining(localized(.trainingNextNotSavable, said(error)))
            return
        }
        applyPendingTimbre()
        // Asked before every pair: the sound, its options, A4 or the range may have changed since the last.
        do { try training.session.fit(to: audio.source.noteRange(), of: audio.source.descriptor.id) } catch {
            pause(said(error), retrying: false)
            return
        }
        let next = given ?? training.session.nextPair()
        do {
            secondNoteFrame = try audio.play(next, reference: training.session.reference)
            pair = next
            pairBegan = Monotonic.nanoseconds()
            state.phase = .firstNote
            display.show(state, because: .firstNote)
        } catch {
            pause(localized(.trainingCouldNotPlay, said(error)))
        }
    }

    /// `r`: the pair in progress is dropped unanswered (nothing of it is
    /// recorded) and one at the same key and size plays at once, its
    /// direction drawn anew, so the new answer counts like any other.
    private func hearAgain() {
        guard let pair else { return }
        let again = training.session.again(pair)
        dropPair()
        state.message = localized(.trainingAgain)
        display.show(state, because: .message)
        beginPair(again)
    }

    /// Answers while the targets are disabled are ignored, and so is an
    /// answer to a pair whose sound failed (the engine's news is read first).
    /// The answer is saved before its feedback shows: nothing looks trained that was not.
    private func answer(_ direction: PitchDirection) {
        guard state.answerable, pair != nil else { return }
        followAudio()
        guard state.answerable, let pair else { return }
        let seconds = Double(Monotonic.nanoseconds() - answerableSince) / 1e9
        self.pair = nil
        let correct: Bool
        do {
            correct = try training.record(pair, heard: direction, responseSeconds: seconds, sourceID: audio.source.descriptor.id,
                                          timbre: audio.source.timbreValues, noteSeconds: audio.noteSeconds).correct
        } catch {
            audio.cut()
            stopTraining(localized(.trainingCouldNotSave, said(error)))
            return
        }
        state.lastAnswerCorrect = correct
        if state.message == localized(.trainingAgain) { state.message = nil }
        if sitting.answered(after: Double(Monotonic.nanoseconds() - pairBegan) / 1e9) {
            state.message = localized(.trainingBreak, Int((sitting.trained / 60).rounded()))
            display.show(state, because: .message)
        }
        state.phase = .waiting
        display.show(state, because: .answered(correct: correct))
        if !correct && state.bell { display.alert() }
        audio.cut()
        beginPair()
    }

    /// An answer could not be saved, or the next could not be: training stops
    /// for good, saying why in full (wrapped to the window), with no feedback
    /// left standing that could pass for an unsaved answer's.
    private func stopTraining(_ reason: String) {
        savingFailed = true
        state.lastAnswerCorrect = nil
        state.message = nil
        pause(reason, retrying: false)
    }

    /// Drops the pair in progress: it is not recorded.
    private func dropPair() {
        pair = nil
        audio.cut()
        state.phase = .waiting
    }

    /// Follows the audio clock: enables the targets when the second note
    /// starts, and notices a lost output or a failed source.
    private func followAudio() {
        if let failure = audio.keepBackdropAhead() {
            state.message = localized(.backdropStopped, said(failure))
            display.show(state, because: .message)
        }
        for notice in audio.notices() {
            if notice.endsRendering {
                pause(localized(.trainingSoundStopped, said(notice)))
                return
            }
            if notice.silencedSource {
                recoverSource(notice)
                return
            }
            if case .noteRefused(let id, _, let frequency) = notice {
                skipRefusedPair(words: audio.refusal(of: id) ?? "", frequency: frequency)
                return
            }
        }
        if case .paused = state.phase, Monotonic.nanoseconds() >= retryAt {
            reopenAudio()
            return
        }
        if state.phase == .firstNote, let rendered = audio.renderedFrames, rendered >= secondNoteFrame {
            state.phase = .secondNote
            answerableSince = Monotonic.nanoseconds()
            display.show(state, because: .secondNote)
        }
    }

    /// Stops playing pairs; with `retrying`, the output is opened again every second.
    private func pause(_ reason: String, retrying: Bool = true) {
        pair = nil
        audio.close()
        state.phase = .paused(reason)
        retryAt = retrying ? Monotonic.nanoseconds() + Self.retryNanoseconds : .max
        display.show(state, because: .paused)
    }

    private func reopenAudio(beginning: Bool = true) {
        do {
            try audio.reopen()
            if beginning {
                state.message = nil
                beginPair()
            }
        } catch {
            pause(localized(.trainingSoundStopped, OutputFailureText.onScreen(error, deviceFromFlag: overridden.contains(Setting.device.key))))
        }
    }

    /// The source would not play a note of the pair (ABI 1.1's NOTE_REFUSED):
    /// the pair is dropped, never recorded, and another follows; a source that
    /// keeps refusing pauses training with its words.
    private func skipRefusedPair(words: String, frequency: Double) {
        dropPair()
        let now = Monotonic.nanoseconds()
        defer { noteRefusedAt = now }
        let reason = words.isEmpty ? "\(frequency.hertz()) Hz" : words
        if let last = noteRefusedAt, now - last < Self.failureMemoryNanoseconds {
            pause(localized(.trainingSourceKeepsFailing, state.timbre, reason), retrying: false)
            return
        }
        state.message = localized(.trainingNoteRefused, reason)
        display.show(state, because: .message)
        beginPair()
    }

    /// The source failed mid-pair: drop the pair and carry on with a fresh
    /// instance of it; if that fails soon too, wait for another timbre.
    private func recoverSource(_ notice: EngineNotice) {
        let reason = SourceFailure(notice, of: audio.source)?.reason.map { said($0) } ?? said(notice)
        dropPair()
        let now = Monotonic.nanoseconds()
        defer { sourceFailedAt = now }
        if let last = sourceFailedAt, now - last < Self.failureMemoryNanoseconds {
            pause(localized(.trainingSourceKeepsFailing, state.timbre, reason), retrying: false)
            return
        }
        do {
            try audio.swap(to: try sources.makeInstance(sources.current))
            state.message = localized(.trainingSourceRestarted, reason)
        } catch {
            state.message = localized(.trainingSourceNotRestarted, reason, said(error))
        }
        display.show(state, because: .message)
        beginPair()
    }

    // MARK: Settings changed while training

    /// Applies what changed in the settings file, between two pairs, never during one.
    private func applyChangedSettings() {
        guard var watch = settingsWatch else { return }
        defer { settingsWatch = watch }
        let changed: [Setting]
        do { changed = try watch.changes().filter { !overridden.contains($0.key) } } catch {
            state.message = localized(.trainingSettingsNotApplied, said(error))
            return
        }
        guard !changed.isEmpty else { return }
        let store = watch.store
        for setting in changed {
            switch setting.key {
            case Setting.noteDuration.key, Setting.pause.key:
                let note = overridden.contains(Setting.noteDuration.key) ? audio.noteSeconds : store.number(.noteDuration)
                let pause = overridden.contains(Setting.pause.key) ? audio.pauseSeconds : store.number(.pause)
                audio.retime(noteSeconds: note, pauseSeconds: pause)
            case Setting.reference.key: training.session.reference = store.number(.reference)
            case Setting.style.key: training.session.change(style: TrainingStyle(store.number(.style)))
            case Setting.range.key: if let range = try? TrainingRange(parsing: store.text(.range)) { training.session.change(range: range) }
            case Setting.bell.key: state.bell = store.flag(.bell)
            case Setting.breakAfter.key: sitting.breakAfter = Sitting.seconds(store.number(.breakAfter))
            case Setting.source.key: pendingTimbre = sources.timbre(ofSource: store.text(.source), options: store.sourceOptions(for: store.text(.source)))
            case Setting.device.key: if audio.isPlaying { audio.close(); reopenAudio(beginning: false) }
            default: break
            }
        }
        state.message = localized(.trainingSettingsApplied, changed.map(\.label).joined(separator: ", "))
        display.show(state, because: .message)
    }

    // MARK: Interruptions

    /// A new window size: redraw; a pair in progress is dropped, since its
    /// targets moved under the listener's hand (not in lines, which have none).
    private func resize() {
        let interrupted = pair != nil && display.drawsTargets
        if interrupted { dropPair() }
        display.resized()
        display.show(state, because: .resized)
        if interrupted { beginPair() }
    }

    // MARK: Timbre

    /// Picks the next timbre; it sounds from the next pair on, since both notes of a pair share one.
    private func chooseTimbre(step: Int) {
        let next = sources.neighbour(of: pendingTimbre ?? sources.current, step: step)
        pendingTimbre = next == sources.current ? nil : next
        state.nextTimbre = pendingTimbre?.name
        display.show(state, because: .timbre)
        if retryAt == .max, !savingFailed, case .paused = state.phase {
            applyPendingTimbre()
            reopenAudio()
        }
    }

    /// `i`: the sounds as a list to pick from by name. The pair in progress is
    /// dropped (the list covers its targets); the chosen sound plays from the
    /// next pair, which starts at once.
    private func chooseTimbreByName() -> ScreenExit? {
        let paused = if case .paused = state.phase { true } else { false }
        if !paused { dropPair() }
        // A program found unable to keep a pair's interval is not offered again (it was, and refused again).
        let timbres = sources.offered
        let shown = pendingTimbre ?? sources.current
        let outcome = choose(ListChooser(title: localized(.chooserSoundTitle), entries: timbres.map(\.name),
                                         current: timbres.firstIndex(of: shown), names: timbres.map(\.ownName)))
        if case .ended(let exit) = outcome { return exit }
        if case .chosen(let index) = outcome {
            pendingTimbre = timbres[index] == sources.current ? nil : timbres[index]
            state.nextTimbre = pendingTimbre?.name
        }
        display.resized()
        display.show(state, because: .timbre)
        if paused {
            if retryAt == .max, !savingFailed, pendingTimbre != nil {
                applyPendingTimbre()
                reopenAudio()
            }
        } else {
            beginPair()
        }
        return nil
    }

    private func applyPendingTimbre() {
        guard let timbre = pendingTimbre else { return }
        pendingTimbre = nil
        state.nextTimbre = nil
        do {
            try sources.switchTo(timbre, audio: audio)
            state.timbre = timbre.name
            state.message = nil
        } catch {
            state.message = localized(.trainingKeptTimbre, state.timbre, timbre.name, said(error))
        }
        display.show(state, because: .message)
    }
}
