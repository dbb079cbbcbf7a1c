import Glibc
import PeachAudio
import PeachDrone
import PeachHistory
import PeachHost
import PeachReports
import PeachText
import PeachTraining

/// The interactive program: the start page, the training screen and the
/// pages behind the start page, in one terminal session. Everything that can
/// fail for a bad option (the source, its options) fails before the terminal
/// is touched.
final class InteractiveApp {
    private let training: TrainingOptions
    private let sound: SoundOptions
    private let dataDirectory: String
    private let plain: Bool
    private let noBellFlag: Bool
    private var bell: Bool
    /// Something to say on the start page the next time it shows.
    private var pendingMessage: String?
    private let settings: SettingsStore
    private let catalog: SourceCatalog
    /// What sounds under the pairs, if the listener asked for it.
    private let backdrop: TrainingBackdrop?
    private var timbres: TimbreSwitch
    /// The source the next training session starts with (the last one used).
    private var source: SourceInstance
    /// Whether this run opened its output once: a `--wav` file is then its own to replace.
    private var outputOpened = false
    /// Why the sine stands in for the saved sound, which could not play (a plugin gone, an instrument unplugged).
    /// The saved sound is kept until the user picks another; the reason shows on the training screen too.
    private var standIn: String?
    private let terminal: TerminalMode
    private let input: TerminalInput
    private let style: TerminalStyle
    private let screen: Screen?

    /// `under`: a drone note and a metronome tempo to sound under the pairs (`peach train --drone --metronome`).
    init(training: TrainingOptions, screen options: ScreenOptions, sound: SoundOptions, dataDirectory: String,
         under: (drone: String?, bpm: Double?) = (nil, nil)) throws {
        self.training = training
        self.sound = sound
        self.dataDirectory = dataDirectory
        // Each answer is on disk before its feedback: a plugin that crashes Peach loses none.
        EmergencyStop.setClosingWords(localized(.pluginFaultAnswersSaved))
        settings = try SettingsFileOptions.openStandard()
        noBellFlag = options.noBell
        bell = !options.noBell && settings.flag(.bell)
        let everySource = sound.plugins.discoverSourcesWarningOfDuplicates()
        catalog = everySource.pitchedOnly  // pairs need pitch; clicks under them do not
        let reference = sound.reference(settings)
        let drone = try under.drone.map { note in try DroneSetup(note: note, reference: reference) }
        backdrop = drone == nil && under.bpm == nil ? nil : TrainingBackdrop(drone: drone, bpm: under.bpm, catalog: everySource)
        // The saved sound went away (a plugin removed, a font moved): say so and play the sine.
        (source, standIn) = try sound.makeSourceOrSine(from: catalog, settings: settings)
        pendingMessage = standIn
        timbres = TimbreSwitch(catalog: catalog, start: source, options: try Self.options(sound: sound, settings: settings))
        // Full screen needs a terminal on both sides (drawsPlain asks the output's); otherwise the plain text is the honest choice.
        plain = TerminalMode.drawsPlain(asked: options.plain) || isatty(STDIN_FILENO) != 1
        style = plain ? TerminalStyle(colour: false, unicode: false) : TerminalStyle.detect()
        terminal = TerminalMode(fullScreen: !plain)
        input = TerminalInput(terminal: terminal)
        screen = plain ? nil : Screen()
    }

    /// Runs until the user quits or a signal ends it; the terminal is restored on the way out.
    func run(beginWithTraining: Bool) -> ScreenExit {
        terminal.enter()
        defer { terminal.leave() }
        screen?.refreshSize()
        let startPage = StartPage(input: input, terminal: terminal, screen: screen, style: style)
        var message: String?
        var choice = beginWithTraining ? StartPage.Choice.train : startPage.run(report: currentReport(&message), message: message)
        while true {
            message = pendingMessage
            pendingMessage = nil
            switch choice {
            case .train:
                switch train() {
                case .success(.back): break
                case .success(let exit): return exit
                case .failure(let failure): message = said(failure)
                }
            case .profile:
                if case .ended(let signal) = showProfile() { return .ended(signal: signal) }
            case .settings:
                if case .ended(let signal) = editSettings() { return .ended(signal: signal) }
            case .quit:
                return .back
            case .ended(let signal):
                return .ended(signal: signal)
            }
            screen?.refreshSize()
            choice = startPage.run(report: currentReport(&message), message: message)
        }
    }

    /// One stretch of training, from Start to stop.
    private func train() -> Result<ScreenExit, Failure> {
        let session: PersistentTraining
        do { session = try training.openTraining(dataDirectory: dataDirectory, reference: sound.reference(settings), settings: settings) } catch {
            return .failure(Failure(localized(.appCannotStart, said(error))))
        }
        let audio: TrainingAudio
        do {
            audio = try TrainingAudio(source: source, noteSeconds: training.noteSeconds(settings), pauseSeconds: training.pauseSeconds(settings),
                                      backdrop: backdrop) {
                [sound, settings] source in
                // A file output is opened again after a loss and for each stretch: the file is then this run's own.
                let output = try sound.output.openOutput(pacedFile: true, for: source, settings: settings, replacing: self.outputOpened)
                self.outputOpened = true
                return output
            }
        } catch {
            return .failure(Failure(localized(.appCannotPlay, OutputFailureText.onScreen(error, deviceFromFlag: sound.output.device != nil || sound.output.wav != nil))))
        }
        let display: TrainingDisplay = screen.map { FullScreenTrainingDisplay(screen: $0, style: style) } ?? PlainTrainingDisplay()
        let trainingScreen = TrainingScreen(training: session, audio: audio, sources: timbres, display: display,
                                            input: input, terminal: terminal, bell: bell,
                                            notes: [standIn].compactMap { $0 } + (backdrop.map { [$0.notice] } ?? []) + session.warnings.map { said($0) },
                                            settings: settings, overridden: Set(overriddenSettings.keys)) {
            [input, screen, style] chooser in chooser.run(input: input, screen: screen, style: style)
        }
        let startedWith = timbres.current
        let exit = trainingScreen.run()
        bell = trainingScreen.bell
        audio.close()
        source = audio.source
        // A stand-in is not saved over the sound it stands in for, unless the user chose another meanwhile.
        if standIn == nil || timbres.current != startedWith {
            standIn = nil
            rememberTimbre()
        }
        do { try session.close() } catch {
            return .failure(Failure(localized(.appSnapshotNotWritten, said(error))))
        }
        return .success(exit)
    }

    private func currentReport(_ message: inout String?) -> ProfileReport? {
        do {
            let (report, warnings) = try PersistentTraining.currentReport(dataDirectory: dataDirectory, reference: sound.reference(settings))
            if message == nil, let first = warnings.first { message = said(first) }
            return report
        } catch {
            message = message ?? localized(.appCannotReadProfile, said(error))
            return nil
        }
    }

    private func showProfile() -> ScreenExit {
        do {
            let (overview, _) = try ProfileOverview.load(dataDirectory: dataDirectory, trends: true)
            return ProfilePage(overview: overview, input: input, screen: screen, style: style).run()
        } catch {
            return TextPage(title: localized(.profileTitle), lines: [localized(.appCannotReadProfile, said(error))]).show(input: input, screen: screen, style: style)
        }
    }

    /// The settings screen; a new sound chosen there is used from the next Start.
    private func editSettings() -> ScreenExit {
        func sound(of store: SettingsStore) -> String {
            let id = store.text(.source)
            return ([id] + store.sourceOptions(for: id).map { "\($0.key)=\($0.value)" }).joined(separator: " ")
        }
        let before = sound(of: settings)
        let editor = SettingsScreen(store: settings, catalog: catalog, overridden: overriddenSettings, input: input, screen: screen, style: style)
        let exit = editor.run()
        if self.sound.source == nil, sound(of: settings) != before {
            do {
                source = try self.sound.makeSource(from: catalog, settings: settings)
                timbres = TimbreSwitch(catalog: catalog, start: source, options: try Self.options(sound: self.sound, settings: settings))
            } catch {
                pendingMessage = localized(.appSettingsSoundGone, said(error), source.descriptor.name)
            }
        }
        bell = settings.flag(.bell) && !noBellFlag
        return exit
    }

    /// The sound last trained with becomes the saved one (unless --source chose it for this run only).
    private func rememberTimbre() {
        guard sound.source == nil else { return }
        let timbre = timbres.current
        do {
            if settings.text(.source) != timbre.sourceID { try settings.set(.source, to: .string(timbre.sourceID)) }
            let saved = settings.sourceOptions(for: timbre.sourceID)
            if let choice = timbre.choice, !saved.contains(where: { $0.key == choice.key && $0.value == choice.value }) {
                try settings.setSourceOption(source: timbre.sourceID, key: choice.key, value: choice.value)
            }
        } catch {
            pendingMessage = localized(.appCannotSaveSound, said(error))
        }
    }

    /// The options each source is made with: saved ones, plus `--option` for the source the command line chose.
    private static func options(sound: SoundOptions, settings: SettingsStore) throws -> TimbreSwitch.OptionsForSource {
        let chosen = sound.sourceID(settings), assignments = try sound.optionAssignments(settings)
        return { id in id == chosen ? assignments : settings.sourceOptions(for: id) }
    }

    /// The settings that a flag given to this run overrides, with the flag.
    private var overriddenSettings: [String: String] {
        var flags: [String: String] = [:]
        if training.duration != nil { flags[Setting.noteDuration.key] = "--duration" }
        if training.pause != nil { flags[Setting.pause.key] = "--pause" }
        if training.range != nil { flags[Setting.range.key] = "--range" }
        if training.style != nil { flags[Setting.style.key] = "--style" }
        if sound.reference != nil { flags[Setting.reference.key] = "--reference" }
        if sound.source != nil { flags[Setting.source.key] = "--source" }
        if sound.output.device != nil || sound.output.wav != nil { flags[Setting.device.key] = sound.output.wav != nil ? "--wav" : "--device" }
        if noBellFlag { flags[Setting.bell.key] = "--no-bell" }
        return flags
    }
}

extension ScreenExit {
    /// Ends the process the way the signal that ended the screens would have,
    /// now that the terminal is restored and the data saved.
    func endProcess() {
        guard case .ended(let number?) = self else { return }
        if number == SIGQUIT {
            // Its default would dump core, which a program that stopped cleanly has no use for.
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        }
        signal(number, SIG_DFL)
        raise(number)
    }
}
