import Glibc
import PeachTraining

/// The weakest places on the keyboard, weakest first, as Peach names them to
/// the listener (the start page, `peach profile`) and as the training
/// benchmark judges them.
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
        spotCentres(spotLevels(keys))
    }

    /// How far each key stands out, the measure both `weakestSpots` and `weakSpots` rank by.
    package static func spotLevels(_ keys: [(note: Int, threshold: Double, aboveCurve: Double?)]) -> [(note: Int, level: Double)] {
        let fitted = keys.allSatisfy { $0.aboveCurve != nil }
        return keys.map { key in
            (note: key.note, level: fitted ? log(key.aboveCurve!) : registerLevel(key.threshold, note: key.note))
        }
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

    /// The profile's weakest places, weakest first (every key in range, trained
    /// or inferred): a ranking that always names some, however even the profile.
    public var weakestSpots: [Note] {
        Self.weakestSpots(notes.map { ($0.note, $0.threshold, $0.aboveCurve) }).compactMap(note)
    }

    /// The weak spots Peach names to the listener, on the start page and in
    /// `peach profile` alike: only keys the profile is sure are harder for
    /// this listener (`weakKeys`, the chart's ▲), weakest first as
    /// `weakestSpots` ranks them, one name per place (a weak key within
    /// `spotRadius` of one already named belongs to its spot). Empty when no
    /// key clearly stands out, which an even profile or a short history means.
    public var weakSpots: [Note] {
        let weak = weakKeys
        let ranked = Self.spotLevels(notes.map { ($0.note, $0.threshold, $0.aboveCurve) })
            .filter { weak.contains($0.note) }
            .sorted { $0.level > $1.level }
        var named: [Int] = []
        for key in ranked where !named.contains(where: { abs($0 - key.note) <= Self.spotRadius }) { named.append(key.note) }
        return named.compactMap(note)
    }
}
