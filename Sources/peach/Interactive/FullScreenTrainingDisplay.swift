import PeachAudio
import PeachHost
import PeachReports
import PeachText
import PeachTraining

/// The training screen drawn on the whole terminal: two answer targets side
/// by side in a wide window (Lower left, Higher right, as on a piano), one
/// above the other in a narrow one (Higher on top), feedback and the state
/// in words beneath, the keys at the bottom.
final class FullScreenTrainingDisplay: TrainingDisplay {
    var drawsTargets: Bool { true }

    private let screen: Screen
    private let style: TerminalStyle
    /// Where each target was last drawn: rows and columns, 1-based, for mouse clicks.
    private var targetAreas: [(direction: PitchDirection, rows: ClosedRange<Int>, columns: ClosedRange<Int>)] = []

    /// The smallest window the screen is drawn in.
    static let minimumSize = TerminalSize(columns: 40, rows: 12)
    /// From this width on, the targets stand side by side.
    static let landscapeColumns = 64

    init(screen: Screen, style: TerminalStyle) {
        self.screen = screen
        self.style = style
    }

    func resized() { screen.refreshSize() }

    func alert() { screen.bell() }

    func direction(atColumn column: Int, row: Int) -> PitchDirection? {
        targetAreas.first { $0.rows.contains(row) && $0.columns.contains(column) }?.direction
    }

    func show(_ state: TrainingScreenState, because change: TrainingChange) {
        screen.show(lines(for: state, size: screen.size))
    }

    func lines(for state: TrainingScreenState, size: TerminalSize) -> [String] {
        let width = size.columns
        guard width >= Self.minimumSize.columns, size.rows >= Self.minimumSize.rows else {
            targetAreas = []
            let tooSmall = localized(.trainingTooSmall, width, size.rows, Self.minimumSize.columns, Self.minimumSize.rows)
            return ["Peach", ""] + TextWrap.lines(tooSmall, width: width) + [""] + TextWrap.lines(localized(.trainingTooSmallKeys), width: width)
        }
        // Header, targets, feedback, status, message and the keys always show;
        // blank rows go between them only as the window has room.
        let targetRows = targetHeight(size) * (width >= Self.landscapeColumns ? 1 : 2) + (width >= Self.landscapeColumns ? 0 : 1)
        let fixed = 1 + targetRows + 1 + 1
        let (statusText, paint) = status(state)
        let statusLines = Array([statusText].wrapped(to: width - 2).prefix(max(1, size.rows - fixed - 1)))
        let message = state.message.map { [$0].wrapped(to: width - 2) } ?? []
        let messageLines = Array(message.prefix(max(0, size.rows - fixed - statusLines.count)))
        var spare = size.rows - fixed - statusLines.count - messageLines.count
        func blank() -> [String] {
            guard spare > 0 else { return [] }
            spare -= 1
            return [""]
        }
        var lines = [header(state, width: width)]
        let gapBelowHeader = blank(), gapAboveFeedback = blank(), gapAboveStatus = blank()
        lines += gapBelowHeader
        lines += targets(state, size: size, firstRow: lines.count + 1)
        lines += gapAboveFeedback
        lines.append(feedback(state).centred(in: width))
        lines += gapAboveStatus
        lines += statusLines.map { paint($0).centred(in: width) }
        lines += messageLines.map { style.dim($0).centred(in: width) }
        while lines.count < size.rows - 1 { lines.append("") }
        lines.append(footer(state, width: width))
        return lines
    }

    /// Rows of one answer target: taller as the window allows.
    private func targetHeight(_ size: TerminalSize) -> Int {
        if size.columns >= Self.landscapeColumns { return size.rows >= 20 ? 7 : size.rows >= 15 ? 5 : 3 }
        return size.rows >= 22 ? 5 : 3
    }

    /// The title on the left and the sound on the right; when both do not fit,
    /// the sound alone, its names cut with "…": which sound plays always shows.
    private func header(_ state: TrainingScreenState, width: Int) -> String {
        let left = " " + style.strong("Peach") + " · " + localized(.trainingTitle)
        let room = width - 2
        let sound = localized(.trainingSound, "")
        let arrow = state.nextTimbre == nil ? "" : " → "
        // The next sound gets what the current one leaves, but never less than a few letters.
        var current = state.timbre, next = state.nextTimbre ?? ""
        let names = room - sound.cellWidth - arrow.cellWidth
        if current.cellWidth + next.cellWidth > names {
            let nextRoom = next.isEmpty ? 0 : max(min(next.cellWidth, 8), names - current.cellWidth)
            next = next.ellipsized(to: nextRoom)
            current = current.ellipsized(to: max(1, names - next.cellWidth))
        }
        let right = sound + current + arrow + next + " "
        let gap = width - left.cellWidth - right.cellWidth
        return gap >= 1 ? left + String(repeating: " ", count: gap) + right : " " + right
    }

    private func targets(_ state: TrainingScreenState, size: TerminalSize, firstRow: Int) -> [String] {
        let enabled = state.answerable
        if size.columns >= Self.landscapeColumns {
            let boxWidth = min(32, (size.columns - 6) / 2)
            let height = targetHeight(size)
            let left = AnswerTarget(direction: .lower, enabled: enabled, width: boxWidth, height: height).lines(style: style)
            let right = AnswerTarget(direction: .higher, enabled: enabled, width: boxWidth, height: height).lines(style: style)
            let margin = (size.columns - 2 * boxWidth - 4) / 2
            let gutter = String(repeating: " ", count: margin)
            targetAreas = [
                (.lower, firstRow...(firstRow + height - 1), (margin + 1)...(margin + boxWidth)),
                (.higher, firstRow...(firstRow + height - 1), (margin + boxWidth + 5)...(margin + 2 * boxWidth + 4)),
            ]
            return zip(left, right).map { gutter + $0 + "    " + $1 }
        }
        let boxWidth = min(size.columns - 4, 34)
        let height = targetHeight(size)
        let margin = String(repeating: " ", count: (size.columns - boxWidth) / 2)
        let top = AnswerTarget(direction: .higher, enabled: enabled, width: boxWidth, height: height).lines(style: style)
        let bottom = AnswerTarget(direction: .lower, enabled: enabled, width: boxWidth, height: height).lines(style: style)
        let columns = (margin.count + 1)...(margin.count + boxWidth)
        targetAreas = [(.higher, firstRow...(firstRow + height - 1), columns),
                       (.lower, (firstRow + height + 1)...(firstRow + 2 * height), columns)]
        return top.map { margin + $0 } + [""] + bottom.map { margin + $0 }
    }

    private func feedback(_ state: TrainingScreenState) -> String {
        guard let correct = state.lastAnswerCorrect else { return "" }
        if correct { return style.good(style.unicode ? "👍  " + localized(.trainingRight) : localized(.trainingRightASCII)) }
        return style.bad(style.unicode ? "👎  " + localized(.trainingWrong) : localized(.trainingWrongASCII))
    }

    /// The state in words, and how to paint it.
    private func status(_ state: TrainingScreenState) -> (String, (String) -> String) {
        switch state.phase {
        case .waiting: ("", { $0 })
        case .firstNote: ((style.unicode ? "♪ " : "") + localized(.trainingFirstNote), style.dim)
        case .secondNote: (localized(.trainingSecondNote), style.strong)
        case .paused(let reason): (reason, style.bad)
        }
    }

    private func footer(_ state: TrainingScreenState, width: Int) -> String {
        let full = " " + localized(.trainingFooter, localized(state.bell ? .trainingBellOn : .trainingBellOff))
        return style.dim(full.cellWidth <= width ? full : " " + localized(.trainingFooterShort))
    }
}
