import PeachMetronome
import PeachText

extension MetronomeSetupError: Worded {
    public func text(in language: Language) -> String {
        func range<T: Comparable & CustomStringConvertible>(_ key: TextKey, _ value: T, _ allowed: ClosedRange<T>) -> String {
            language.text(key, value, allowed.lowerBound, allowed.upperBound)
        }
        func range(_ key: TextKey, _ value: Double, _ allowed: ClosedRange<Double>) -> String {
            language.text(key, value.compact(in: language), allowed.lowerBound.compact(in: language), allowed.upperBound.compact(in: language))
        }
        return switch self {
        case .tempoOutside(let bpm, let allowed): range(.metronomeTempoOutside, bpm, allowed)
        case .beatsOutside(let beats, let allowed): range(.metronomeBeatsOutside, beats, allowed)
        case .subdivisionOutside(let parts, let allowed): range(.metronomeSubdivisionOutside, parts, allowed)
        case .countInOutside(let bars, let allowed): range(.metronomeCountInOutside, bars, allowed)
        case .badGrouping(let text): language.text(.metronomeBadGrouping, text)
        case .groupingSum(let grouping, let beats):
            language.text(.metronomeGroupingSum, grouping.map(String.init).joined(separator: "+"), grouping.reduce(0, +), beats)
        case .badAccentCharacter(let pattern, let character): language.text(.metronomeBadAccent, pattern, character)
        case .accentCount(let pattern, let beats): language.text(.metronomeAccentCount, pattern, pattern.count, beats)
        case .badTrainer(let text): language.text(.metronomeBadTrainer, text)
        case .trainerStepOutside(let step, let allowed): range(.metronomeTrainerStep, step, allowed)
        case .trainerEveryOutside(let bars, let allowed): range(.metronomeTrainerEvery, bars, allowed)
        case .badMutedBars(let text): language.text(.metronomeBadMute, text)
        case .silentChanceOutside(let chance, let allowed):
            range(.metronomeDropOutside, chance * 100, (allowed.lowerBound * 100)...(allowed.upperBound * 100))
        }
    }
}
