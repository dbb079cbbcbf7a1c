/// What a profile says about the keys that have answers, as opposed to keys
/// whose values the model only infers from their neighbours.
extension ProfileReport {
    public var trainedNotes: [Note] { notes.filter { $0.answers > 0 } }

    /// The median threshold of the trained keys; nil before the first answer.
    public var medianThreshold: Double? { trainedNotes.map(\.threshold).median }

    /// Trained keys whose whole 80% band lies above the median threshold: the
    /// profile is at least 90% sure they are harder than the typical key.
    public var weakKeys: Set<Int> {
        guard let median = medianThreshold else { return [] }
        return Set(trainedNotes.filter { $0.band80[0] > median }.map(\.note))
    }

    public func note(_ number: Int) -> Note? { notes.first { $0.note == number } }
}
