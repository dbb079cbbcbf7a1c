import Glibc
import PeachHost

/// The interactive program: the start page, the training screen and the
/// pages behind the start page, in one terminal session. Everything that can
/// fail for a bad option (the source, its options) fails before the terminal
/// is touched.
final class InteractiveApp {
    private let training: TrainingOptions
    private let sound: SoundOptions
    private let dataDirectory: String
    private let plain: Bool
    private var bell: Bool
    private let timbres: TimbreSwitch
    /// The source the next training session starts with (the last one used).
    private var source: SourceInstance
    private let terminal: TerminalMode
    private let input = TerminalInput()
    private let style: TerminalStyle
    private let screen: Screen?

    init(training: TrainingOptions, screen options: ScreenOptions, sound: SoundOptions, dataDirectory: String) throws {
        self.training = training
        self.sound = sound
        self.dataDirectory = dataDirectory
        bell = !options.noBell
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        source = try sound.makeSource(from: catalog)
        timbres = TimbreSwitch(catalog: catalog, start: source, options: try sound.optionAssignments())
        // Full screen needs a terminal on both sides; otherwise the plain text is the honest choice.
        let terminalBothWays = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        plain = options.plain || !terminalBothWays
        style = plain ? TerminalStyle(colour: false, unicode: false) : TerminalStyle.detect()
        terminal = TerminalMode(fullScreen: !plain)
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
            message = nil
            switch choice {
            case .train:
                switch train() {
                case .success(.back): break
                case .success(let exit): return exit
                case .failure(let failure): message = failure.description
                }
            case .profile:
                if case .ended(let signal) = profilePage().show(input: input, screen: screen, style: style) { return .ended(signal: signal) }
            case .settings:
                if case .ended(let signal) = settingsPage().show(input: input, screen: screen, style: style) { return .ended(signal: signal) }
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
        do { session = try training.openTraining(dataDirectory: dataDirectory, reference: sound.reference) } catch {
            return .failure(Failure("Cannot start training: \(error)"))
        }
        let audio: TrainingAudio
        do {
            audio = try TrainingAudio(source: source, noteSeconds: training.duration) { [sound] in try sound.openOutput(pacedFile: true) }
        } catch {
            return .failure(Failure("Cannot play sound: \(error)"))
        }
        let display: TrainingDisplay = screen.map { FullScreenTrainingDisplay(screen: $0, style: style) } ?? PlainTrainingDisplay()
        let trainingScreen = TrainingScreen(training: session, audio: audio, sources: timbres, display: display,
                                            input: input, terminal: terminal, bell: bell, notes: session.warnings)
        let exit = trainingScreen.run()
        bell = trainingScreen.bell
        audio.close()
        source = audio.source
        do { try session.close() } catch {
            return .failure(Failure("Your answers are saved, but the profile snapshot could not be written: \(error)"))
        }
        return .success(exit)
    }

    private func currentReport(_ message: inout String?) -> ProfileReport? {
        do {
            let (report, warnings) = try PersistentTraining.currentReport(dataDirectory: dataDirectory, reference: sound.reference)
            if message == nil, let first = warnings.first { message = first }
            return report
        } catch {
            message = message ?? "Cannot read the profile: \(error)"
            return nil
        }
    }

    private func profilePage() -> TextPage {
        var message: String?
        guard let report = currentReport(&message) else { return TextPage(title: "Profile", lines: [message ?? ""]) }
        return TextPage(title: "Profile", lines: ProfileCommand.lines(for: report))
    }

    private func settingsPage() -> TextPage {
        let range = (try? training.parsedRange()).map { $0.isAdaptive ? "adaptive (starts around C4, grows)" : training.range } ?? training.range
        let rows: [(String, String, String)] = [
            ("Sound", timbres.current.name, "--source, --option; t while training"),
            ("A4", "\(sound.reference.compact) Hz", "--reference 400…480"),
            ("Note length", "\(training.duration.compact) s", "--duration"),
            ("Keys", range, "--range C2-C7 or adaptive"),
            ("Style", "\(training.style.compact) (0 natural … 1 mechanical)", "--style"),
            ("Wrong-answer bell", bell ? "on" : "off", "--no-bell; b while training"),
            ("Output", sound.wav.map { "WAV file \($0)" } ?? "ALSA device \(sound.device ?? "default")", "--device, --wav"),
            ("Data folder", dataDirectory, "--data-dir"),
        ]
        let lines = rows.flatMap { label, value, how in ["\(label.padding(19))\(value)", "\("".padding(19))\(style.dim(how))"] }
        return TextPage(title: "Settings", lines: lines + ["", "Set them with these options to `peach` or `peach train`."])
    }
}

extension ScreenExit {
    /// Ends the process the way the signal that ended the screens would have,
    /// now that the terminal is restored and the data saved.
    func endProcess() {
        guard case .ended(let number?) = self else { return }
        signal(number, SIG_DFL)
        raise(number)
    }
}
