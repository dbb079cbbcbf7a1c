import Glibc

/// The weakest places on the keyboard, weakest first, as Peach names them to
/// the listener (the start page) and as the training benchmark judges them.
///
/// A weak spot is a place where you hear worse than at the keys around it. So
/// each key is judged by how far its threshold stands above your own smooth
/// curve (`Note.aboveCurve`), not by its threshold: every ear is worse in the
/// bass, and raw thresholds would name C2, C♯2 and D2 for nearly everybody.
/// A spot is a few keys wide and its shoulders stand out too, so only a key
/// that stands out more than every key within two semitones names a spot:
/// five names are five places.
extension ProfileReport {
    /// A key is a spot's centre when no key this close is weaker.
    public static let spotRadius = 2

    /// The centre of each weak spot, weakest first (`threshold` in cents).
    /// Keys are judged by `aboveCurve` when every key has it, else register for
    /// register against the usual curve (`registerLevel`): for curves that come
    /// without a fit, such as a snapshot older than `aboveCurve`.
    public static func weakestSpots(_ keys: [(note: Int, threshold: Double, aboveCurve: Double?)]) -> [Int] {
        let fitted = keys.allSatisfy { $0.aboveCurve != nil }
        return spotCentres(keys.map { key in
            (note: key.note, level: fitted ? log(key.aboveCurve!) : registerLevel(key.threshold, note: key.note))
        })
    }

    /// The keys, in order, that no key within `spotRadius` outranks by `level`,
    /// highest level first: one name per place, whatever the level measures.
    public static func spotCentres(_ levels: [(note: Int, level: Double)]) -> [Int] {
        let centres = levels.indices.filter { index in
            let window = max(0, index - spotRadius)...min(levels.count - 1, index + spotRadius)
            // The first of equal keys is the centre, so a flat stretch names one key.
            return window.allSatisfy { $0 == index || levels[$0].level < levels[index].level || ($0 > index && levels[$0].level == levels[index].level) }
        }
        return centres.sorted { levels[$0].level > levels[$1].level }.map { levels[$0].note }
    }

    /// The profile's weak spots, weakest first (every key in range, trained or inferred).
    public var weakestSpots: [Note] {
        Self.weakestSpots(notes.map { ($0.note, $0.threshold, $0.aboveCurve) }).compactMap(note)
    }
}
