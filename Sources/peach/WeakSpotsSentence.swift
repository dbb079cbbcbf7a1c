import PeachAudio
import PeachHost
import PeachReports
import PeachText
import PeachTraining

extension ProfileReport {
    /// The weak spots (`weakSpots`) in one sentence that says what they are:
    /// the start page and `peach profile` both say it, so they never disagree.
    /// Names the first `limit` and counts the rest. A key and its threshold
    /// are joined by a no-break space, so wrapping (`TextWrap`) never parts them.
    func weakSpotsSentence(listing limit: Int) -> String {
        let spots = weakSpots
        guard !spots.isEmpty else { return localized(.weakSpotsNone) }
        let listed = spots.prefix(limit).map { "\($0.name)\u{A0}\(CentsText.text($0.threshold))" }.joined(separator: ", ")
        return spots.count > limit ? localized(.weakSpotsListMore, listed, spots.count - limit) : localized(.weakSpotsList, listed)
    }
}
