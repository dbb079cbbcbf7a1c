import Glibc
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachText

/// The live screen of the drone and the metronome, together: big beat
/// numbers and the bar, the tempo, the drone; keys change them while they
/// sound. Clicks are scheduled a short horizon ahead of the render thread, on
/// their exact frames; the screen shows each beat when its click reaches the
/// speaker (the output's latency later). In plain mode it says what changes,
/// one line each, for a screen reader.
final class PracticeScreen {
    private let rig: PracticeRig
    private let output: AudioOutput
    private let plain: Bool
    /// The signal that ended the screen (SIGTERM, SIGHUP, SIGQUIT), for the
    /// command to end with once it has saved what the session leaves
    /// (`ScreenExit.endProcess`): scripts read 143 after SIGTERM, as from the trainer, not 0.
    private(set) var endedBy: Int32?
    private let makeDroneSource: (DroneTimbre) throws -> SourceInstance
    private let makeClickSource: () throws -> SourceInstance
    private var droneSetup: DroneSetup
    private var droneTimbre: DroneTimbre
    private var metronomeSetup: MetronomeSetup
    /// The metronome as the session began: what keys do not change (its click, sample files) comes from here.
    private let startedMetronome: SavedMetronome
    private var paused = false
    private var shownClick: Click?
    private var upcoming: [Click] = []
    private var tapped: Double?
    private var taps = 0
    private let screen = Screen()
    private let style = TerminalStyle.detect()

    /// Scheduled ahead of the render thread: two blocks and 50 ms, so a late wake-up never misses a click.
    private var horizon: Int64 { Int64(rig.engine.format.blockFrames * 2) + Int64(rig.engine.format.sampleRate / 20) }

    /// `drone` and `metronome` are what the keys start and change, sounding or not yet.
    init(rig: PracticeRig, output: AudioOutput, plain: Bool, drone: SavedDrone, metronome: SavedMetronome,
         makeDroneSource: @escaping (DroneTimbre) throws -> SourceInstance, makeClickSource: @escaping () throws -> SourceInstance) {
        self.rig = rig
        self.output = output
        self.plain = TerminalMode.drawsPlain(asked: plain)
        droneSetup = drone.setup
        droneTimbre = drone.timbre
        metronomeSetup = metronome.setup
        startedMetronome = metronome
        self.makeDroneSource = makeDroneSource
        self.makeClickSource = makeClickSource
    }

    /// What the session ended with, for the next one to start from: each tool
    /// that was used, and which other one sounded with it at the end.
    struct Ending {
        var drone: SavedDrone?
        var metronome: SavedMetronome?

        enum Tool { case drone, metronome }
    }

    func run() throws -> Ending {
        let mode = TerminalMode(fullScreen: !plain)
        mode.enter()
        defer { mode.leave() }
        let input = TerminalInput(terminal: mode)
        // The first clicks are queued before the render thread starts, so the first one is not late.
        if let metronome = rig.metronome { upcoming += try metronome.schedule(before: horizon) }
        rig.engine.start()
        if rig.metronome != nil { announce(localized(.plainMetronomeStarted, metronomeSetup.bpm.compact, metronomeSetup.beatsPerBar)) }
        if rig.drone?.setup != nil { announce(localized(.plainDrone, droneText)) }
        // What each key does, once, as the full screen's key line shows it (a screen reader has only these lines).
        announce(localized(rig.metronome != nil ? .plainMetronomeKeys : .plainDroneKeys))
        var running = true, needsDraw = true
        while running {
            let now = rig.engine.renderedFrames
            if !paused, let metronome = rig.metronome {
                upcoming += try metronome.schedule(before: now + horizon)
            }
            let heard = now - Int64(output.latencyFrames)
            while let next = upcoming.first, next.frame <= heard {
                upcoming.removeFirst()
                if next.part == 0 { (shownClick, needsDraw) = (next, true) }
            }
            let notices = rig.engine.pollNotices()
            if let refused = rig.refusedNote(in: notices) { throw refused }
            for notice in notices where notice.endsRendering { throw Failure(said(notice)) }
            if needsDraw && !plain { draw() }
            needsDraw = false
            for event in input.next(timeout: wait(untilShowing: upcoming.first { $0.part == 0 }, heard: heard)) {
                needsDraw = true
                switch event {
                case .key(let key): running = try handle(key)
                case .signal(SIGWINCH): screen.refreshSize()
                case .signal(let number):
                    endedBy = ScreenExit.ending(number) ? number : nil
                    running = false
                case .inputClosed: running = false
                }
                if !running { break }
            }
            if StopRequest.isRaised { running = false }
        }
        let droneOn = rig.drone?.setup != nil
        // Where keys put their changes, so the fade-out comes after the last of them.
        try rig.drone?.stop(at: rig.engine.earliestOnTimeFrame)
        _ = rig.engine.wait(untilRendered: rig.engine.renderedFrames + Int64(rig.engine.format.sampleRate * 0.35))
        try rig.engine.stop()
        // What it started from (click, sample files), with what keys changed.
        var metronome = startedMetronome
        metronome.setup = metronomeSetup
        metronome.drone = droneOn ? droneSetup.rootName : nil
        return Ending(drone: rig.drone == nil ? nil : SavedDrone(setup: droneSetup, timbre: droneTimbre, metronome: showsMetronome ? metronomeSetup.bpm : nil),
                      metronome: rig.hasClickTrack ? metronome : nil)
    }

    /// How long to wait for a key: until the next beat is heard (to show it
    /// then), never so long that the clicks run short of the horizon. Waking
    /// only then, not every few milliseconds, keeps the screen's share of a
    /// core small.
    private func wait(untilShowing beat: Click?, heard: Int64) -> Double {
        let rate = rig.engine.format.sampleRate
        let scheduling = rig.metronome == nil || paused ? 0.25 : Double(horizon) / rate / 3
        guard let beat else { return scheduling }
        return min(scheduling, max(0.001, Double(beat.frame - heard) / rate))
    }

    /// What a key does; false to quit.
    private func handle(_ key: Key) throws -> Bool {
        // What a key starts or changes sounds on the first frame it can be exact on, a block or two from now.
        let at = rig.engine.earliestOnTimeFrame
        switch key {
        case .character("q"), .character("Q"), .escape, .interrupt: return false
        case .up where showsMetronome: try setTempo(metronomeSetup.bpm + 1)
        case .down where showsMetronome: try setTempo(metronomeSetup.bpm - 1)
        case .pageUp: try setTempo(metronomeSetup.bpm + 10)
        case .pageDown: try setTempo(metronomeSetup.bpm - 10)
        case .up: try moveDrone(by: 12, at: at)
        case .down: try moveDrone(by: -12, at: at)
        case .left: try moveDrone(by: -1, at: at)
        case .right: try moveDrone(by: 1, at: at)
        case .character("t"):
            taps += 1
            if let bpm = try rig.metronome?.tap(atFrame: at) {
                metronomeSetup.bpm = bpm
                upcoming.removeAll { $0.frame >= at }
                tapped = bpm
                announce(localized(.plainTempo, bpm.compact))
            }
        case .space: try togglePause(at: at)
        case .character("d"): try toggleDrone(at: at)
        case .character("m"): try toggleMetronome(at: at)
        case .character("f"): try changeDrone(at: at) { $0.fifth.toggle() }
        case .character("o"): try changeDrone(at: at) { $0.octave.toggle() }
        case .character("p"): try switchTimbre(at: at)
        default: break
        }
        return true
    }

    private func setTempo(_ bpm: Double) throws {
        let clamped = min(max(bpm, MetronomeSetup.tempoRange.lowerBound), MetronomeSetup.tempoRange.upperBound)
        guard showsMetronome, clamped != metronomeSetup.bpm else { return }
        // Paused, the tempo is the one the clicks resume at.
        try rig.metronome?.changeTempo(to: clamped)
        metronomeSetup.bpm = clamped
        metronomeSetup.trainer = nil
        tapped = nil
        announce(localized(.plainTempo, clamped.compact))
    }

    private func moveDrone(by semitones: Int, at frame: Int64) throws {
        try changeDrone(at: frame) { $0 = $0.moved(by: semitones) }
    }

    private func changeDrone(at frame: Int64, _ change: (inout DroneSetup) -> Void) throws {
        change(&droneSetup)
        guard let drone = rig.drone, drone.setup != nil else { return }
        try drone.play(droneSetup, at: frame)
        announce(localized(.plainDrone, droneText))
    }

    private func toggleDrone(at frame: Int64) throws {
        if rig.drone == nil { try rig.addDrone(source: try makeDroneSource(droneTimbre)) }
        guard let drone = rig.drone else { return }
        if drone.setup == nil {
            try drone.play(droneSetup, at: frame)
            announce(localized(.plainDrone, droneText))
        } else {
            try drone.stop(at: frame)
            announce(localized(.plainDroneOff))
        }
    }

    private func switchTimbre(at frame: Int64) throws {
        guard let drone = rig.drone, drone.setup != nil else { return }
        droneTimbre = droneTimbre == .pure ? .organ : .pure
        try rig.replaceDroneSource(with: try makeDroneSource(droneTimbre), at: frame)
        try drone.play(droneSetup, at: frame)
        announce(localized(.plainDrone, droneText))
    }

    private func toggleMetronome(at frame: Int64) throws {
        if rig.metronome == nil || paused {
            if !rig.hasClickTrack { try rig.addClickTrack(source: try makeClickSource()) }
            try startClicks(at: frame)
            paused = false
            announce(localized(.plainResumed))
        } else {
            try togglePause(at: frame)
        }
    }

    private func togglePause(at frame: Int64) throws {
        guard showsMetronome else { return }
        paused.toggle()
        if paused {
            rig.pauseMetronome()
            upcoming.removeAll()
            announce(localized(.plainPaused))
        } else {
            try startClicks(at: frame)
            announce(localized(.plainResumed))
        }
    }

    /// Clicking or paused: a paused metronome stays on the screen, and Space or m resumes it.
    private var showsMetronome: Bool { rig.metronome != nil || paused }

    /// Beat one on `frame`, its clicks scheduled at once: the loop looks again only after drawing and reading keys.
    private func startClicks(at frame: Int64) throws {
        try rig.startMetronome(metronomeSetup, sound: startedMetronome.clickSound, at: frame)
        if let metronome = rig.metronome { upcoming += try metronome.schedule(before: frame + horizon) }
    }

    private var droneText: String {
        let fifth = droneSetup.fifth ? localized(droneSetup.tuning == .just ? .droneFifthJust : .droneFifthEqual) : ""
        let octave = droneSetup.octave ? localized(.droneOctave) : ""
        let cents = droneSetup.cents == 0 ? "" : " \(droneSetup.cents > 0 ? "+" : "")\(droneSetup.cents.compact) c"
        return localized(.droneLine, droneSetup.rootName + cents, fifth, octave, droneTimbre.label)
    }

    private func announce(_ line: String) {
        guard plain else { return }
        StandardOutput.write(line + "\n")
    }

    /// The screen; in a window too short for it all (40×12), without blank
    /// lines and with the beat as a number in the bar line instead of big
    /// digits, so the keys (the way out) always show at the foot.
    private func draw() {
        let keys = KeyHint.lines(localized(showsMetronome ? .metronomeKeys : .droneKeys), width: screen.size.columns).map(style.dim)
        var lines = body(compact: false)
        if lines.count + keys.count > screen.size.rows { lines = body(compact: true) }
        screen.show(Array(lines.prefix(max(0, screen.size.rows - keys.count))) + keys)
    }

    private func body(compact: Bool) -> [String] {
        var lines: [String] = []
        func gap() { if !compact { lines.append("") } }
        if showsMetronome {
            let click = shownClick
            lines.append(style.strong(localized(.metronomeTitle)) + "  " + localized(.metronomeTempo, (tapped ?? metronomeSetup.bpm).compact)
                         + (tapped != nil ? "  " + localized(.metronomeTapped, tapped!.compact) : ""))
            gap()
            if paused {
                lines.append(localized(.metronomePaused))
            } else if let click {
                let big = compact ? [] : BigDigits.rows(click.beat)
                lines += click.level == .strong && click.sounds ? big.map { style.strong($0) } : big
                let state = click.countIn ? localized(.metronomeCountIn) : click.silencedBy == .mutedBar ? localized(.metronomeMuted) : ""
                gap()
                let beat = compact ? "  \(click.beat)" : ""
                lines.append(localized(.metronomeBar, click.bar) + "  " + String(repeating: "·", count: click.beat - 1) + "●"
                             + String(repeating: "·", count: metronomeSetup.beatsPerBar - click.beat) + beat + "  " + state)
            }
            gap()
        }
        lines.append(style.strong(localized(.droneTitle)) + "  " + (rig.drone?.setup != nil ? droneText : localized(.droneOff)))
        gap()
        return lines
    }
}

extension PracticeScreen.Ending {
    /// Keeps each tool's last setup in its section of the settings file. The
    /// tool that ran keeps the other with it, so its next session starts with
    /// both; the other keeps the companion it had (a metronome used under
    /// `peach drone` does not start the drone with the next `peach metronome`).
    func remember(in store: SettingsStore, running: Tool) throws {
        if var drone {
            let memory = SavedDrone.memory(store)
            if running != .drone { drone.metronome = (try? memory.last())?.flatMap(\.metronome) }
            try memory.remember(drone)
        }
        if var metronome {
            let memory = SavedMetronome.memory(store)
            if running != .metronome { metronome.drone = (try? memory.last())?.flatMap(\.drone) }
            try memory.remember(metronome)
        }
    }
}
