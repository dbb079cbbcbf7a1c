import PeachMusic
import PeachText
import PeachTraining

extension TrainingRangeError: Worded {
    public func text(in language: Language) -> String {
        let piano = (MIDINote(number: MIDINote.pianoRange.lowerBound)!.name, MIDINote(number: MIDINote.pianoRange.upperBound)!.name)
        return switch self {
        case .malformed(let text): language.text(.rangeMalformed, text)
        case .note(let text, let error): "'\(text)': \(error.text(in: language))"
        case .offThePiano(let text, let note): language.text(.rangeOffThePiano, text, note.name, piano.0, piano.1)
        case .reversed(let text, let from, let to): language.text(.rangeReversed, text, to.name, from.name)
        }
    }
}

extension ProfileReport.NotFinite: Worded {
    public func text(in language: Language) -> String { language.text(.profileNotFinite) }
}
