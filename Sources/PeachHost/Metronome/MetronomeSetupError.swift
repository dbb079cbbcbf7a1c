/// What is wrong with a metronome setup, as data: PeachMessages words it.
public enum MetronomeSetupError: Error, Equatable, Sendable {
    case tempoOutside(Double, allowed: ClosedRange<Double>)
    case beatsOutside(Int, allowed: ClosedRange<Int>)
    case subdivisionOutside(Int, allowed: ClosedRange<Int>)
    case countInOutside(Int, allowed: ClosedRange<Int>)
    case badGrouping(String)
    case groupingSum(grouping: [Int], beats: Int)
    case badAccentCharacter(pattern: String, character: String)
    case accentCount(pattern: String, beats: Int)
    case badTrainer(String)
    case trainerStepOutside(Double, allowed: ClosedRange<Double>)
    case trainerEveryOutside(Int, allowed: ClosedRange<Int>)
    case badMutedBars(String)
    case silentChanceOutside(Double, allowed: ClosedRange<Double>)
}
