import FoundationEssentials
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachSupport
import PeachText
import PeachTraining

/// The JSON Lines conversation of `peach train --headless`.
struct HeadlessSession {
    let training: PersistentTraining
    let player: PairPlayer?
    let sourceID: String
    let noteSeconds: Double

    private struct PairLine: Encodable {
        let type = "pair"
        var id: Int, note: Int, name: String, firstHz: Double, secondHz: Double, cents: Double
    }
    private struct FeedbackLine: Encodable {
        let type = "feedback"
        var id: Int, correct: Bool
    }
    private struct ErrorLine: Encodable {
        let type = "error"
        var message: String
    }

    func run() throws {
        if let player {
            do { try training.session.fit(to: player.engine.source.noteRange(), of: sourceID) } catch {
                try end(said(error))
            }
        }
        var id = 0
        var again: TrainingPair?
        while true {
            id += 1
            // No pair is played whose answer could not be saved: the client hears why, and Peach exits non-zero.
            do { try training.checkRoom() } catch {
                try end(said(error))
            }
            let pair = again ?? training.session.nextPair()
            again = nil
            let (first, second) = pair.frequencies(reference: training.session.reference)
            let line = PairLine(id: id, note: pair.note.number, name: pair.note.name, firstHz: first, secondHz: second, cents: pair.cents)
            var answerable = Monotonic.nanoseconds()
            if let player {
                let secondStart = try player.play(pair, reference: training.session.reference)
                try emit(line)
                try check(player.engine.wait(untilRendered: secondStart), of: player)
                answerable = Monotonic.nanoseconds()
            } else {
                try emit(line)
            }
            guard let reply = try readReply(repeating: line) else { return }
            guard case .answer(let heard) = reply else {
                // Not answered, so nothing of it is recorded; the pair in its place has a new id.
                player?.cut()
                again = training.session.again(pair)
                continue
            }
            // A pair whose sound failed before the answer was not heard: it is never recorded.
            if let player { try check(player.engine.pollNotices(), of: player) }
            let seconds = Double(Monotonic.nanoseconds() - answerable) / 1e9
            let answer: TrainingAnswer
            do {
                answer = try training.record(pair, heard: heard, responseSeconds: seconds, sourceID: sourceID,
                                             timbre: player?.engine.source.timbreValues ?? [:], noteSeconds: noteSeconds)
            } catch {
                try end(said(error))
            }
            try emit(FeedbackLine(id: id, correct: answer.correct))
        }
    }

    /// Warns of what the engine noticed. A lost output, or a source that was
    /// silenced (so the pair was not heard whole), ends the session: the client
    /// gets an error line saying why, and nothing of the pair is recorded.
    private func check(_ notices: [EngineNotice], of player: PairPlayer) throws {
        for notice in notices {
            if let failure = SourceFailure(notice, of: player.engine.source) {
                try end(said(failure))
            }
            if notice.endsRendering {
                try end(said(notice))
            }
            if case .noteRefused(let id, _, let frequency) = notice {
                let message = localized(.trainingNoteRefused, player.engine.refusals[id] ?? "\(frequency.hertz()) Hz")
                try end(message)
            }
            StandardError.warning(said(notice))
        }
    }

    private enum Reply {
        case answer(PitchDirection)
        /// Play the pair again: the same key and size, its direction drawn anew (`TrainingSession.again`).
        case again
    }

    /// The next valid reply; nil at end of input or on `quit`.
    private func readReply(repeating pair: PairLine) throws -> Reply? {
        while let text = readLine() {
            let word = text.trimmingWhitespace().lowercased()
            if word == "quit" { return nil }
            if word == "again" { return .again }
            if let direction = PitchDirection(rawValue: word) { return .answer(direction) }
            // A runaway line (a program writing binary) is quoted by its start, not echoed whole.
            let shown = text.count > 60 ? text.prefix(60) + "…" : text
            try emit(ErrorLine(message: localized(.headlessExpected, shown)))
            try emit(pair)
        }
        return nil
    }

    /// Ends the session: the client gets an error line saying why, and Peach exits non-zero with the same words.
    private func end(_ message: String) throws -> Never {
        try emit(ErrorLine(message: message))
        throw Failure(message)
    }

    private func emit<Line: Encodable>(_ line: Line) throws {
        // Unbuffered, so every line reaches the other program at once.
        guard StandardOutput.write(try CommandJSON.line(line) + "\n") else { throw Failure(localized(.headlessOutputClosed)) }
    }
}
