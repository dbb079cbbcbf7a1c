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

extension UnplayableRange: Worded {
    public func text(in language: Language) -> String {
        func hertz(_ value: Double) -> String { ((value * 10).rounded() / 10).compact(in: language) }
        let (lowest, highest, reference) = (hertz(playable.frequencies.lowerBound), hertz(playable.frequencies.upperBound), hertz(playable.reference))
        guard let playableKeys = playable.keys else { return language.text(.rangeNoKeyPlayable, source, lowest, highest, reference) }
        func name(_ key: Int) -> String { MIDINote(number: key)!.name }
        return language.text(.rangeBeyondSource, source, lowest, highest, name(playableKeys.lowerBound), name(playableKeys.upperBound), reference,
                             name(keys.lowerBound), name(keys.upperBound))
    }
}

extension ProfileReport.NotFinite: Worded {
    public func text(in language: Language) -> String { language.text(.profileNotFinite) }
}
