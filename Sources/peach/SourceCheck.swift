import ArgumentParser
import FoundationEssentials
import Glibc
import PeachAudio
import PeachHost
import PeachMusic
import PeachText

/// `peach sources --check ID`: plays A4 and C2...C7 through the source, each
/// of its timbres in turn, and prints how far from the asked pitch each note
/// sounds, measured in the rendered audio: the farthest any part of the note
/// strays. A row is printed as soon as it is measured: the first check of a
/// SoundFont also calibrates every program; meanwhile standard error says
/// which timbre is being measured.
///
/// A source that measures its training pairs (`peach.pair-interval/1`) also
/// gets a column of each timbre's worst pair-interval error, heard from the
/// notes' first frame; a timbre beyond 0.1 cent is marked as not offered for
/// training, and the largest error is named with its note and interval.
struct SourceCheck {
    let catalog: SourceCatalog
    let sourceID: String
    let assignments: [String]
    let json: Bool

    struct Row: Encodable {
        var value: String?
        var label: String
        /// Cents by note name, over the steady last second; a note with no tone at all is left out.
        var cents: [String: Double]
        /// The farthest any window of the note strayed, by note name; left out where a window held no clear tone.
        var worst: [String: Double]
        /// Notes whose pitch wandered by more than `TuningCheck.steadyCents` while measured.
        var unsteady: [String]
        /// What the source measured of its pairs' intervals, if it says.
        var pairs: Pairs?
        var error: String?
        /// The error itself, for the check to tell a source that cannot start from one timbre that fails.
        var failure: (any Error)?

        enum CodingKeys: String, CodingKey {
            case value, label, cents, worst, unsteady, pairs, error
        }
    }

    /// The worst pair-interval error, where it was, and whether training is offered.
    struct Pairs: Encodable {
        /// Cents; nil when some pair had no pitch to measure.
        var worstCents: Double?
        var note: String
        var askedCents: Double
        var offeredForTraining: Bool

        init(_ interval: PairInterval) {
            worstCents = interval.worstCents.isFinite ? interval.worstCents : nil
            let key = Int((69 + 12 * log2(interval.firstFrequency / 440)).rounded())
            note = MIDINote(number: key)?.name ?? interval.firstFrequency.hertz()
            askedCents = interval.askedCents
            offeredForTraining = interval.holds
        }
    }

    func run() throws {
        let entry = try catalog.entry(for: sourceID)
        // Every timbre, unless the user chose one (or the source has none).
        let timbre = entry.options.first(where: \.timbre)
        let chosenValue = timbre.flatMap { option in
            assignments.compactMap { try? SourceOption.split(assignment: $0) }.last { $0.key == option.key }?.value
        }
        let timbres: [SourceOption.Choice?] = if let timbre, chosenValue == nil { timbre.choices } else {
            [timbre?.choices.first { $0.value == chosenValue }]
        }
        // An option the source refuses is the command line's fault, the same for every timbre: said once, first.
        do {
            let probe = try catalog.makeInstance(of: sourceID)
            for assignment in assignments { try probe.set(assignment: assignment) }
        } catch {
            throw ValidationError(said(error))
        }
        if !json {
            print(localized(.checkHeading, sourceID, entry.descriptor.name, Pitch.standardReference.compact))
            print("".padding(32) + TuningCheck.notes.map { Self.rightAligned($0.name) }.joined() + Self.rightAligned(localized(.checkPairsColumn)))
        }
        var rows: [Row] = []
        let progress = CheckProgress()
        for (index, choice) in timbres.enumerated() {
            let label = choice?.label ?? entry.descriptor.name
            progress.show(localized(.checkProgress, index + 1, timbres.count, label))
            let row = measure(choice, label: label, timbreKey: timbre?.key)
            progress.clear()
            // A source that cannot start at all (a font that is not there) fails every timbre alike: said once.
            if index == 0, case .failed(_, "activate", _)? = row.failure as? SourceError { throw row.failure! }
            rows.append(row)
            if !json { print(Self.text(row)) }
        }
        if json {
            print(try CommandJSON.pretty(Report(source: sourceID, reference: Pitch.standardReference, timbres: rows)))
        } else {
            let failed = rows.filter { $0.error != nil }.count
            print(failed > 0 ? localized(.checkSummaryFailed, rows.count - failed, failed) : localized(.checkSummary, rows.count))
            let steady = rows.flatMap { row in row.worst.filter { !row.unsteady.contains($0.key) }.map { (row.label, $0.key, $0.value) } }
            if let largest = steady.max(by: { abs($0.2) < abs($1.2) }) {
                print(localized(.checkLargest, Self.cents(largest.2, signed: true), largest.0, largest.1))
            }
            let measuredPairs = rows.compactMap { row in row.pairs.map { (row.label, $0) } }
            if let largest = measuredPairs.max(by: { ($0.1.worstCents ?? .infinity) < ($1.1.worstCents ?? .infinity) }) {
                let offered = measuredPairs.filter { $0.1.offeredForTraining }.count
                print(offered == measuredPairs.count ? localized(.checkPairsSummaryAll, offered) : localized(.checkPairsSummary, offered, measuredPairs.count))
                print(localized(.checkPairsLargest, largest.1.worstCents.map { Self.cents($0, signed: false) } ?? "-", largest.0,
                                largest.1.note, Self.cents(largest.1.askedCents, signed: true)))
            }
            if rows.contains(where: { !$0.unsteady.isEmpty }) {
                print(localized(.checkUnsteady, TuningCheck.steadyCents.compact))
            }
        }
        if rows.allSatisfy({ $0.error != nil }) { throw ExitCode.failure }  // each row has said why
    }

    private func measure(_ choice: SourceOption.Choice?, label: String, timbreKey: String?) -> Row {
        var row = Row(value: choice?.value, label: label, cents: [:], worst: [:], unsteady: [])
        do {
            let instance = try catalog.makeInstance(of: sourceID)
            for assignment in assignments { try instance.set(assignment: assignment) }
            if let choice, let timbreKey { try instance.set(timbreKey, to: choice.value) }
            for reading in try TuningCheck.measure(instance, pluginLog: .command, faultWording: { said($0) }) {
                guard let cents = reading.cents else { continue }
                row.cents[reading.note.name] = cents
                row.worst[reading.note.name] = reading.worstCents
                if !reading.steady || reading.worstCents == nil { row.unsteady.append(reading.note.name) }
            }
            row.pairs = instance.pairInterval().map(Pairs.init)
        } catch {
            (row.error, row.failure) = (said(error), error)
        }
        return row
    }

    private static func text(_ row: Row) -> String {
        let name = ((row.value.map { String(repeating: " ", count: max(0, 3 - $0.count)) + $0 + "  " } ?? "") + row.label).padding(32)
        if let error = row.error { return name + localized(.checkCannotPlay, error) }
        return name + TuningCheck.notes.map { note in
            let shown = row.unsteady.contains(note.name) ? row.cents[note.name].map { "~" + cents($0, signed: true) }
                : row.worst[note.name].map { cents($0, signed: true) }
            return rightAligned(shown ?? "-")
        }.joined() + (row.pairs.map { pairs in
            rightAligned(pairs.worstCents.map { cents($0, signed: false) } ?? "-")
                + (pairs.offeredForTraining ? "" : "  " + localized(.checkPairsNotOffered, pairs.note, cents(pairs.askedCents, signed: true)))
        } ?? "")
    }

    /// Two decimals: the check is about hundredths of a cent.
    private static func cents(_ value: Double, signed: Bool) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let digits = "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
        return signed ? (value < 0 && hundredths > 0 ? "-" : "+") + digits : digits
    }

    /// In a column of eight characters, flush right.
    private static func rightAligned(_ text: String) -> String {
        String(repeating: " ", count: max(1, 8 - text.count)) + text
    }

    /// The `--json` shape.
    struct Report: Encodable {
        var source: String
        var reference: Double
        var timbres: [Row]
    }
}
