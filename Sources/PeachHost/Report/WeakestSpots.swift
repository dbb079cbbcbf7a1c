import Glibc

/// The weakest places on the keyboard, weakest first, as Peach names them to
/// the listener (the start page) and as the training benchmark judges them.
///
/// Two rules make the list worth reading. Keys are compared register for
/// register (`ProfileReport.registerLevel`): every ear is worse in the bass,
/// so raw thresholds would name C2, C♯2 and D2 for nearly everybody. And a
/// weak spot is a few keys wide and its shoulders are weak too, so only a key
/// weaker than every key within two semitones names a spot: five names are
/// five places.
extension ProfileReport {
    /// A key is a spot's centre when no key this close is weaker.
    public static let spotRadius = 2

    /// The centre of each weak spot, weakest first; `thresholds` are in cents, by key.
    public static func weakestSpots(_ thresholds: [(note: Int, threshold: Double)]) -> [Int] {
        let levels = thresholds.map { (note: $0.note, level: registerLevel($0.threshold, note: $0.note)) }
        let centres = levels.indices.filter { index in
            let window = max(0, index - spotRadius)...min(levels.count - 1, index + spotRadius)
            // The first of equal keys is the centre, so a flat stretch names one key.
            return window.allSatisfy { $0 == index || levels[$0].level < levels[index].level || ($0 > index && levels[$0].level == levels[index].level) }
        }
        return centres.sorted { levels[$0].level > levels[$1].level }.map { levels[$0].note }
    }

    /// The profile's weak spots, weakest first (every key in range, trained or inferred).
    public var weakestSpots: [Note] {
        Self.weakestSpots(notes.map { ($0.note, $0.threshold) }).compactMap(note)
    }
}
