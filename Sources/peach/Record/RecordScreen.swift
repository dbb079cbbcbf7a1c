import Glibc
import PeachHost
import PeachText

/// The recorder's live view: the take's name, the time, a level meter with
/// its held peak, and clipping said in words and shown by a mark (colour
/// only as a second signal). Plain mode says the start, each minute,
/// clipping once a burst, and the stop, a line each, for a screen reader.
/// Without a terminal it shows nothing and stops at the take's length, the
/// input's end or a signal.
final class RecordScreen {
    private let session: RecordingSession
    private let plain: Bool
    private let terminal: Bool
    private let screen = Screen()
    private let style = TerminalStyle.detect()
    private var minutesSaid = 0

    /// How often the take is written and the screen looked at: 20 times a second.
    private static let tick = 0.05
    /// The meter's width in cells, from -60 dB to 0.
    private static let meterCells = 30, meterFloor = -60.0

    init(session: RecordingSession, plain: Bool, terminal: Bool) {
        (self.session, self.plain, self.terminal) = (session, TerminalMode.drawsPlain(asked: plain), terminal)
    }

    /// The first signal that stopped the take (SIGTERM, SIGHUP), for Peach to end by once the take is kept, as every screen does.
    private(set) var endedBy: Int32?

    /// Records until stopped; the error that stopped it (a full disk) is thrown after the take is kept.
    func run() throws -> FinishedTake {
        let mode = terminal ? TerminalMode(fullScreen: !plain) : nil
        mode?.enter()
        defer { mode?.leave() }
        let input = terminal ? TerminalInput(terminal: mode) : nil
        session.engine.start()
        announce(localized(.recordPlainStarted, session.writer.name))
        var stopping = false
        var failure: Error?
        var shown: [String] = []
        while !stopping {
            do {
                if try session.pump() { announce(localized(.recordPlainClipping)) }
            } catch {
                failure = error
                break
            }
            session.poll()
            sayMinutes()
            if terminal && !plain {
                let lines = view()
                if lines != shown { screen.show(lines); shown = lines }
            }
            if let input {
                for event in input.next(timeout: Self.tick) {
                    switch event {
                    case .key(.character("q")), .key(.character("Q")), .key(.escape), .key(.space), .key(.enter), .key(.interrupt): stopping = true
                    case .key: break
                    case .signal(SIGWINCH): screen.refreshSize(); shown = []
                    case .signal(let number):
                        stopping = true
                        endedBy = endedBy ?? (ScreenExit.ending(number) ? number : nil)
                    case .inputClosed: stopping = true
                    }
                }
            } else {
                var pause = timespec(tv_sec: 0, tv_nsec: Int(Self.tick * 1e9))
                nanosleep(&pause, nil)
            }
            stopping = stopping || session.ended || StopRequest.isRaised
        }
        if terminal && !plain { screen.show(view() + ["", localized(.recordScreenSaving)]) }
        let finished = try session.finish(afterFailure: failure != nil)
        mode?.leave()
        if let failure { throw RecordingStopped(take: finished, reason: failure) }
        return finished
    }

    private func sayMinutes() {
        let minutes = Int(session.writer.seconds / 60)
        guard plain, minutes > minutesSaid else { return }
        minutesSaid = minutes
        announce(localized(.recordPlainMinute, minutes))
    }

    private func announce(_ line: String) {
        guard plain else { return }
        StandardOutput.write(line + "\n")
    }

    private func view() -> [String] {
        let meter = session.meter
        let level = LevelMeter.decibels(meter.level), held = LevelMeter.decibels(meter.held)
        let filled = cells(level), mark = cells(held)
        var bar = (0..<Self.meterCells).map { $0 < filled ? "█" : "·" }
        if mark > 0 { bar[mark - 1] = meter.clipping ? "▲" : "│" }
        let shownBar = bar.joined()
        let clip = meter.clipping ? style.bad(localized(.recordScreenClipping)) : style.dim(localized(.recordScreenNoClipping))
        // The level now, then the peak held (the meter's mark).
        let numbers = (level.map { decibelText($0) + " dB" } ?? localized(.recordScreenSilent)) + "  "
        return [
            style.strong(localized(.recordScreenTitle, session.writer.name)),
            "",
            localized(.recordScreenElapsed, TakeLength.text(session.writer.seconds)),
            "",
            localized(.recordScreenLevel) + "  [" + (meter.clipping ? style.bad(shownBar) : shownBar) + "]  "
                + numbers + (held.map { localized(.recordScreenPeak, decibelText($0)) } ?? ""),
            clip,
            "",
            style.dim(localized(.recordScreenKeys)),
        ]
    }

    /// Cells filled for a level in dB (nil: silence).
    private func cells(_ decibels: Double?) -> Int {
        guard let decibels else { return 0 }
        return min(Self.meterCells, max(0, Int((Double(Self.meterCells) * (1 - decibels / Self.meterFloor)).rounded())))
    }

    private func decibelText(_ decibels: Double) -> String {
        ((decibels * 10).rounded() / 10).compact
    }
}
