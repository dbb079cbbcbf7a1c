import Foundation
import Glibc
import PeachHost
import PeachTestSupport
import Testing

/// The journal's calendar on a pseudo-terminal: a month with its marks, the
/// chosen day's notes beneath, keys that move the day and the month, and a
/// note added through the editor (a real script run through $EDITOR).
@Suite(.serialized) struct JournalCalendarScreenTests {
    static let right = "\u{1B}[C", down = "\u{1B}[B", pageDown = "\u{1B}[6~"

    @Test func arrowsMoveTheDayAndAddsANoteInTheEditor() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        try home.train(at: [JournalHome.utc(2021, 11, 2, 23.5), JournalHome.utc(2021, 11, 3, 8)])
        #expect(try home.peach(["add", "--date", "2021-11-03", "--time", "19:00", "Long", "tones"]).status == 0)
        let writes = try home.editor("writes.sh", "printf 'Scales in December\\n' > \"$1\"")
        let terminal = try PseudoTerminal([BuildProducts.peach, "journal", "calendar", "2021-11"],
                                          environment: home.environment.merging(["EDITOR": writes]) { $1 })
        try terminal.waitFor(text: "November 2021")
        #expect(terminal.screen.text.contains("Mo      Tu      We      Th      Fr      Sa      Su"))
        // A month far from today, so the first is chosen (brackets, not only colour); the 3rd has a note and training.
        try terminal.waitFor(text: "[ 1    ]")
        #expect(terminal.screen.text.contains("  3 NT "), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("Monday 2021-11-01"))
        #expect(terminal.screen.text.contains("Nothing on this day."))
        terminal.send(Self.right + Self.right)
        try terminal.waitFor(text: "Wednesday 2021-11-03 · 1 note · 2 training answers")
        #expect(terminal.screen.text.contains("[ 3 NT ]"))
        #expect(terminal.screen.text.contains("19:00  Long tones"))
        terminal.send(Self.down)
        try terminal.waitFor(text: "Wednesday 2021-11-10")
        terminal.send(">")
        try terminal.waitFor(text: "December 2021")
        try terminal.waitFor(text: "Friday 2021-12-10")
        terminal.send("a")
        try terminal.waitFor(text: "Added to 2021-12-10 at")
        try terminal.waitFor(text: "Scales in December")
        #expect(terminal.screen.text.contains("[10 N  ]"))
        // e gives the day's file to the same editor, which writes a line before any heading: named, and the day left alone.
        let day = home.text(home.day("2021-12-10"))
        terminal.send("e")
        try terminal.waitFor(text: "line 1: text before the first entry's heading")
        #expect(home.text(home.day("2021-12-10")) == day)
        #expect(terminal.screen.text.contains("Scales in December"))
        terminal.send(Self.pageDown)
        try terminal.waitFor(text: "January 2022")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
        #expect(home.text(home.day("2021-12-10"))?.contains("\nScales in December\n") == true)
        #expect(terminal.modesNow.c_lflag == terminal.modesBefore.c_lflag)
    }

    /// In a narrow window every weekday shows, a day with one mark for any
    /// activity (at 40 columns Saturday and Sunday were cut off), and the keys
    /// show whole.
    @Test func aNarrowWindowShowsTheWholeWeek() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        #expect(try home.peach(["add", "--date", "2021-11-06", "--time", "19:00", "Saturday", "scales"]).status == 0)
        let terminal = try PseudoTerminal([BuildProducts.peach, "journal", "calendar", "2021-11"], environment: home.environment, columns: 40, rows: 24)
        try terminal.waitFor(text: "November 2021")
        #expect(terminal.screen.text.contains("Mo   Tu   We   Th   Fr   Sa   Su"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("  6* "), "the Saturday's note, marked\n\(terminal.screen.text)")
        #expect(terminal.screen.lines.allSatisfy { $0.count <= 40 })
        #expect(terminal.screen.text.contains("q quit"))
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// SIGTERM or SIGHUP ends the calendar as it ends every screen: the
    /// terminal restored, then by the signal (status 143 or 129; it exited 0).
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalEndsTheCalendarByTheSignal(signal: Int32) throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let terminal = try PseudoTerminal([BuildProducts.peach, "journal", "calendar", "2021-11"], environment: home.environment)
        try terminal.waitFor(text: "q quit")
        terminal.signal(signal)
        let status = terminal.waitForExit(timeout: 10)
        #expect(status.map { $0 & 0x7F } == signal, "ended by the signal: \(String(describing: status))")
        #expect(!terminal.screen.privateModes.contains(1049), "the terminal is restored")
    }

    /// Into a pipe or a file the calendar is written as lines, as with
    /// --plain; on a terminal with no keyboard to read, it says what to use.
    @Test func withoutATerminalTheCalendarIsLinesOrPointsToPlainAndJSON() throws {
        let home = JournalHome()
        defer { home.folder.remove() }
        let piped = try home.peach([])
        #expect(piped.status == 0 && piped.standardOutput.contains("no notes, training or recordings.") && !piped.standardOutput.contains("\u{1B}["),
                "\(piped)")
        let noKeys = try PseudoTerminal(["/bin/sh", "-c", "exec \"$0\" journal < /dev/null", BuildProducts.peach], environment: home.environment)
        #expect(noKeys.waitForExit() == 256, "exit status 1")
        #expect(String(decoding: noKeys.transcript, as: UTF8.self).contains("the calendar needs a terminal; use --plain or --json"))
    }
}
