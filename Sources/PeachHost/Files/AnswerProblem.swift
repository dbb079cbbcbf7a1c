/// Why an answer cannot be written as a history line that reads back, or is
/// not one Peach can have played: the field and its values. Beside
/// `HistoryError`, which carries it, so that this layer need not know answers.
public enum AnswerProblem: Error, Equatable, Sendable {
    /// A frequency or duration (`field`) that is not a positive number.
    case notPositive(field: String, value: Double)
    case centsNotFinite(Double)
    /// A time (seconds since 1970) outside the years 0000 to 9999.
    case timeOutside(Double)
    case responseTime(Double)
    case referenceOutside(Double, lowest: Double, highest: Double)
    /// Zero, or beyond the largest difference Peach plays.
    case centsOutside(Double, ceiling: Double)
    /// The first frequency is not the key's at the reference pitch.
    case firstHz(Double, note: String, reference: Double, expected: Double)
    /// The second frequency is not `cents` above the first.
    case secondHz(Double, cents: Double, firstHz: Double, expected: Double)
    /// `correct` disagrees with the answer and the direction of the difference.
    case correctMismatch(correct: Bool, answer: String, cents: Double)
    /// A time (seconds since 1970) before `earliest`, when no Peach trained anyone.
    case timeBeforePeach(Double, earliest: Double)
    /// A note length no training played.
    case noteSecondsOutside(Double, lowest: Double, highest: Double)
    /// No sound source named.
    case sourceEmpty
}
