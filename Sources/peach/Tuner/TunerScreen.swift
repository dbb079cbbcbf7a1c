import Glibc
import PeachHost

/// The tuner live: the note heard, cents off to a tenth, the frequency, and a
/// needle that glides to the pitch; flat, in tune or sharp in words and
/// shapes, colour only repeating them. With a drone sounding it shows the
/// interval above the drone and how far from pure. In plain mode it says a
/// line when a note starts and when it moves into or out of tune, for a
/// screen reader.
final class TunerScreen {
    private let listener: TunerListener
    private var setup: TunerSetup
    private let plain: Bool
    /// The signal that ended the screen (SIGTERM, SIGHUP, SIGQUIT), for the
    /// command to end with once it has saved what the session leaves
    /// (`ScreenExit.endProcess`): scripts read 143 after SIGTERM, as from the trainer, not 0.
    private(set) var endedBy: Int32?
    private let inputName: String
    private let screen = Screen()
    private let style = TerminalStyle.detect()
    /// The latest reading with a pitch, and the pitched readings of the note it belongs to.
    private var current: TunedReading?
    private var run: [Double] = []
    /// Where the needle is drawn: it glides toward the reading rather than jumping.
    private var needle: Double?
    private var level = -Double.infinity
    /// Whether "no signal" was said (plain mode): said again only after sound came back.
    private var saidNoSignal = false
    private var heardUntil = 0.0
    /// Listening starts at 0, so silence counts from there: before the first
    /// reading arrives nothing has been missed yet.
    private var lastPitchAt = 0.0
    private var announced: (note: MIDINote, verdict: TunedReading.Verdict, at: Double)?

    /// How long a note stays on screen after the sound stops, and after how much silence the screen says nothing is heard.
    private static let hold = 1.5
    private static let silenceWarning = 3.0
    /// Below this level the input counts as silent.
    private static let silentLevel = -70.0
    /// Redraws per second while the needle moves.
    private static let frameSeconds = 1.0 / 30

    init(listener: TunerListener, setup: TunerSetup, plain: Bool, inputName: String) {
        self.listener = listener
        self.setup = setup
        self.plain = TerminalMode.drawsPlain(asked: plain)
        self.inputName = inputName
    }

    /// Runs until a quit key, Ctrl-C, the input's end, or `seconds` of listening.
    func run(seconds: Double?) throws -> TunerSetup {
        let mode = TerminalMode(fullScreen: !plain)
        mode.enter()
        defer { mode.leave() }
        let input = TerminalInput(terminal: mode)
        listener.engine.start()
        announce(localized(.tunerPlainStart, inputName, setup.reference.compact, setup.namingLabel))
        var running = true
        while running {
            if try listener.inputEnded() { running = false }
            for reading in listener.readings() { take(reading) }
            glide()
            if plain {
                // Said once when the signal goes (a cable out, a muted input), as the full screen shows it.
                if noSignal && !saidNoSignal { announce(localized(.tunerNoSignal, inputName)) }
                saidNoSignal = noSignal
            }
            if !plain { draw() }
            for event in input.next(timeout: Self.frameSeconds) {
                switch event {
                case .key(let key): running = try handle(key) && running
                case .signal(SIGWINCH): screen.refreshSize()
                case .signal(let number):
                    endedBy = ScreenExit.ending(number) ? number : nil
                    running = false
                case .inputClosed: running = false
                }
            }
            if StopRequest.isRaised || seconds.map({ heardUntil >= $0 }) == true { running = false }
        }
        try listener.drone?.stop(at: listener.engine.earliestOnTimeFrame)
        try listener.engine.stop()
        return setup
    }

    private func take(_ reading: PitchReading) {
        heardUntil = reading.time
        level = reading.level
        guard reading.frequency != nil else { return }
        let tuned = setup.tuned(reading)
        guard let nearest = tuned.nearest else { return }
        if current?.nearest?.note != nearest.note || reading.time - lastPitchAt > 0.1 { run = [] }
        run = Array((run + [nearest.cents]).suffix(5))
        current = tuned
        lastPitchAt = reading.time
        say(nearest.note, cents: shownCents ?? nearest.cents, at: reading.time)
    }

    /// The cents shown: the median of the note's last few readings, steady to a tenth.
    private var shownCents: Double? {
        guard !run.isEmpty else { return nil }
        return run.sorted()[run.count / 2]
    }

    private var holding: Bool { heardUntil - lastPitchAt <= Self.hold }

    /// No pitch for `silenceWarning` seconds and the level below `silentLevel`: a cable out, a muted input.
    private var noSignal: Bool { heardUntil - lastPitchAt > Self.silenceWarning && level < Self.silentLevel }

    private func glide() {
        guard holding, let target = shownCents else {
            needle = nil
            return
        }
        // A 60 ms time constant: smooth to the eye, yet at the pitch within a tenth of a second.
        needle = needle.map { $0 + (target - $0) * (1 - exp(-Self.frameSeconds / 0.06)) } ?? target
    }

    private func handle(_ key: Key) throws -> Bool {
        switch key {
        case .character("q"), .character("Q"), .escape, .interrupt: return false
        case .character("+"), .up: setup.reference = min(setup.reference + 1, Pitch.referenceRange.upperBound)
        case .character("-"), .down: setup.reference = max(setup.reference - 1, Pitch.referenceRange.lowerBound)
        case .character("t"): setup.transposition = setup.nextTransposition
        default: return true
        }
        run = []
        announce(localized(.tunerPlainSetup, setup.reference.compact, setup.namingLabel))
        return true
    }

    /// Plain mode: a line when a note starts, and when it moves into or out of tune (at most one a second).
    private func say(_ note: MIDINote, cents: Double, at time: Double) {
        let verdict = TunedReading.verdict(cents: cents, tolerance: setup.tolerance)
        if let announced, announced.note == note, announced.verdict == verdict || time - announced.at < 1 { return }
        guard run.count >= 3 else { return }
        announced = (note, verdict, time)
        var line = setup.spoken(note: current?.written ?? note, cents: cents, verdict: verdict)
        // With a drone, the interval above it, as the screen shows it (plain mode left it out).
        if let drone = current?.drone, let droneSetup = listener.drone?.setup {
            line += " " + localized(.tunerAgainstDrone, droneSetup.rootName, TunerSetup.intervalName(drone.semitones), TunerSetup.signed(drone.cents)) + "."
        }
        announce(line)
    }

    private func announce(_ line: String) {
        guard plain else { return }
        StandardOutput.write(line + "\n")
    }

    private func draw() {
        let gauge = TunerNeedle(columns: screen.size.columns, tolerance: setup.tolerance, unicode: style.unicode)
        var lines = [style.strong(localized(.tunerTitle)) + "  " + localized(.tunerHeader, setup.reference.compact, setup.namingLabel, inputName), ""]
        if holding, let current, let nearest = current.nearest, let cents = shownCents {
            let verdict = TunedReading.verdict(cents: cents, tolerance: setup.tolerance)
            let name = (current.written ?? nearest.note).name
            let note = verdict == .inTune ? style.good(name) : style.strong(name)
            let concert = setup.transposition == .concert ? "" : "   " + localized(.tunerConcert, nearest.note.name)
            lines.append("   " + note + concert)
            lines.append("   " + localized(.tunerCentsAndHz, TunerSetup.signed(cents), (current.reading.frequency ?? 0).decimals(2)))
            lines.append("")
            let row = gauge.row(cents: needle)
            lines.append("  " + (verdict == .inTune ? style.good(row) : row))
            lines.append(" " + gauge.labels())
            lines.append("   " + verdictLine(verdict))
            if let drone = current.drone, let droneSetup = listener.drone?.setup {
                lines.append("")
                lines.append("   " + localized(.tunerAgainstDrone, droneSetup.rootName, TunerSetup.intervalName(drone.semitones),
                                                  TunerSetup.signed(drone.cents)))
            }
        } else {
            lines.append("   " + localized(noSignal ? .tunerNoSignal : .tunerListening, inputName))
            lines.append("")
            lines.append("  " + gauge.row(cents: nil))
            lines.append(" " + gauge.labels())
        }
        lines.append("")
        lines.append("   " + localized(.tunerLevel, level.isFinite ? level.decimals(0) : "-∞"))
        lines.append("")
        lines += KeyHint.lines(localized(.tunerKeys), width: screen.size.columns).map(style.dim)
        screen.show(lines)
    }

    private func verdictLine(_ verdict: TunedReading.Verdict) -> String {
        let words = [(TunedReading.Verdict.flat, localized(.tunerFlat)), (.inTune, localized(.tunerInTune)), (.sharp, localized(.tunerSharp))]
        return words.map { candidate, word in
            guard candidate == verdict else { return style.dim(word) }
            let marked = "[" + word.uppercased() + "]"
            return verdict == .inTune ? style.good(marked) : style.bad(marked)
        }.joined(separator: "   ")
    }
}
