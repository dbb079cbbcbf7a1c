import Glibc

/// The pitch of a monophonic stream, read step by step as samples arrive.
/// Feed it any number of samples at a time; each call returns the readings
/// of the steps those samples completed. [main-thread] or any one thread.
///
/// Each step:
/// 1. Attacks (a jump in energy) and pitch changes start a new note: the
///    window never reaches back past the note's start, so two notes are never
///    read as one.
/// 2. A candidate period from the NSDF's key maxima (MPM) over the note so
///    far, at most `detectionFrames`; below `clarityGate` there is no pitch.
/// 3. The fundamental fitted to the whole note so far (up to `longestFit`),
///    by least squares on its first harmonics (`HarmonicFit`), its attack
///    (`settling`) left out.
/// 4. The octave checked by the odd harmonics of the octave below: whether
///    they sound and explain what the candidate's harmonics leave. A held
///    note keeps its octave unless the short window confirms a leap, so a
///    strong second harmonic does not flip it up, and a real leap still
///    breaks through (the odd harmonics vanish, or appear).
public final class PitchTracker {
    public let settings: TrackerSettings

    /// Below this clarity a window holds no pitch (noise, a note's attack, two
    /// notes at once): the NSDF peak's height for the candidate, the share of
    /// the window the harmonics explain for the reading.
    public static let clarityGate = 0.8
    /// A held note's fit may explain less (a vibrato, a swell) before the note is taken to have changed.
    static let heldGate = 0.5
    /// Quieter than this (dBFS) is silence.
    public static let silence = -70.0
    /// A pitch further than this from the held one (octaves aside) starts a new note.
    static let changeCents = 50.0
    /// The fit's window: up to 10 periods, within 80...150 ms. Longer would be
    /// steadier and slower to follow a player's adjustment, and cost more.
    static let longestFit = (periods: 10.0, shortest: 0.08, longest: 0.15)
    /// The fit leaves out a note's first 10 ms: the attack's swell, fitted as a
    /// steady tone, pulls a short window's pitch by many cents.
    static let settling = 0.01
    /// The shortest stretch of a note read: 2.5 periods.
    static let fewestPeriods = 2.5
    /// Shares of the sound in odd harmonics: under `absent` they are not there; a held
    /// note leaps up when its own fall under `stay` (explaining little), down when the
    /// octave below's pass `leave` (short window): more to leave an octave than to stay.
    static let oddShare = (absent: 0.005, stay: 0.02, leave: 0.15)
    /// A new note is read an octave below its candidate when that octave's odd harmonics hold
    /// more than `oddShare.absent` of the sound and explain this share of what the candidate's
    /// harmonics leave: the sound repeats there. An attack's smear and noise spread over all
    /// frequencies, so the odd harmonics take only a part of them (a plucked bass's first
    /// 150 ms: up to 17 % of the sound, but under 40 % of the remainder); a weak fundamental
    /// under a strong second harmonic is nearly all of it (TimGM6mb's oboe: 1.5 %, 99 %).
    static let oddCapture = 0.6
    /// A held note moves to the octave below once that octave passes a new note's test
    /// `times` in a row, tested every `every` hops (each test costs about a fit): an
    /// organ's 16-foot rank that the attack's window missed.
    static let lowerChecks = (every: 4, times: 3)

    /// Enough of the note for two and a half periods of the lowest pitch: the candidate's window.
    private let detectionFrames: Int
    private let longestFitFrames: Int
    private let autocorrelation: NormalisedAutocorrelation
    private var attacks: AttackDetector
    private var pendingAttacks: [(start: Int, known: Int)] = []

    private var buffer: [Float] = []
    private var bufferStart = 0  // stream frame of buffer[0]
    private var nextEnd: Int
    /// Stream frame from which the current note (or silence) is fitted.
    private var anchor = 0
    /// Stream frame where the current note is said to begin: its attack, or
    /// the earliest frame of the window where its pitch set in.
    private var onset = 0
    /// What set `onset` since the last reading: an attack, a change of pitch
    /// (a guess, dropped when no pitch follows), or nothing (stale).
    private var onsetSource = OnsetSource.stale
    private enum OnsetSource { case stale, attack, change }
    /// The end of the last step that read a pitch.
    private var lastReadEnd = 0
    /// The pitch read at the last step, while the note lasts.
    private var held: Double? { didSet { if held == nil { (lastHeard, heldSteps, lowerEvidence) = (nil, 0, 0) } } }
    /// Steps the note has been held, and tests in a row its octave below passed.
    private var heldSteps = 0, lowerEvidence = 0
    /// The last step's candidate over the short window, while a note is held.
    private var lastHeard: Double?

    public init(settings: TrackerSettings) {
        self.settings = settings
        detectionFrames = Int((Self.fewestPeriods * settings.sampleRate / settings.lowest).rounded(.up))
        longestFitFrames = Int(Self.longestFit.longest * settings.sampleRate)
        autocorrelation = NormalisedAutocorrelation(capacity: detectionFrames)
        attacks = AttackDetector(sampleRate: settings.sampleRate)
        nextEnd = settings.hopFrames
    }

    /// Forgets the stream: the next sample is frame 0 again.
    public func reset() {
        buffer.removeAll(keepingCapacity: true)
        (bufferStart, nextEnd, anchor, onset, held, onsetSource, lastReadEnd) = (0, settings.hopFrames, 0, 0, nil, .stale, 0)
        attacks = AttackDetector(sampleRate: settings.sampleRate)
        pendingAttacks.removeAll()
    }

    public func push(_ samples: some Collection<Float>) -> [PitchReading] {
        let before = bufferStart + buffer.count
        // A damaged float file's NaN or infinity would poison every window it falls in: it is silence here.
        buffer.append(contentsOf: samples.lazy.map { $0.isFinite ? $0 : 0 })
        let found = buffer.withUnsafeBufferPointer { attacks.feed(UnsafeBufferPointer(rebasing: $0[(before - bufferStart)...])) }
        pendingAttacks += found.map { ($0, $0 + AttackDetector.recentBlocks * attacks.blockFrames) }
        var readings: [PitchReading] = []
        while bufferStart + buffer.count >= nextEnd {
            readings.append(step(end: nextEnd))
            nextEnd += settings.hopFrames
        }
        let keep = max(detectionFrames, longestFitFrames) + settings.hopFrames
        let drop = min(buffer.count, nextEnd - keep - bufferStart)
        if drop > 0 && drop >= buffer.count / 2 {  // in batches: removing from the front moves what stays
            buffer.removeFirst(drop)
            bufferStart += drop
        }
        return readings
    }

    private func step(end: Int) -> PitchReading {
        while let attack = pendingAttacks.first, attack.known <= end {
            pendingAttacks.removeFirst()
            anchor = max(anchor, attack.start)
            (onset, onsetSource) = (anchor, .attack)
            held = nil
        }
        let time = Double(end) / settings.sampleRate
        let level = self.level(end: end)
        func none(_ clarity: Double) -> PitchReading {
            held = nil
            if onsetSource == .change { onsetSource = .stale }
            return PitchReading(time: time, frequency: nil, clarity: clarity, level: level)
        }
        guard level > Self.silence else { return none(0) }

        if let previous = held {
            // The note goes on while a short window still hears it.
            let short = min(end - anchor, detectionFrames, max(Int(0.015 * settings.sampleRate), Int(3 * settings.sampleRate / previous)))
            let heard = candidate(end: end, frames: short)
            // Against the last step's short window, which follows a vibrato as the fit's longer one does not.
            let reference = lastHeard ?? previous
            lastHeard = heard.map(\.frequency)
            if let heard, heard.clarity >= Self.clarityGate, abs(Self.foldedCents(heard.frequency, reference)) <= Self.changeCents,
               !leapt(from: previous, to: heard.frequency, end: end, frames: short) {
                // Same note, in its octave: refined from the last reading.
                let near = abs(Self.foldedCents(heard.frequency, previous)) < 20 ? previous : heard.frequency / Self.octaveRatio(heard.frequency, previous)
                if let reading = read(end: end, near: near, close: near == previous, checkOctave: false, time: time, level: level),
                   reading.clarity >= Self.heldGate {
                    return reading
                }
                // The fit no longer explains the window: the next note has begun in it.
            }
            // Changed within the short window: the new note starts in it. The fit begins
            // late in that window, to leave the old note out; the note is said to start early in it.
            anchor = max(anchor, end - min(short / 2, settings.hopFrames))
            (onset, onsetSource) = (max(onset, end - short), .change)
            held = nil
        }
        guard let heard = candidate(end: end, frames: min(end - anchor, detectionFrames)), heard.clarity >= Self.clarityGate else {
            return none(0)
        }
        // A note that rose out of a quiet stretch starts where the sound rose, not where it
        // grew loud enough for an attack (a reed's or a bow's swell) or was first heard.
        if let start = attacks.soundStart(before: end), start > lastReadEnd, onsetSource != .attack || start < onset { (onset, onsetSource) = (start, .attack) }
        let reading = read(end: end, near: heard.frequency, close: false, checkOctave: true, time: time, level: level)
        guard let reading, reading.clarity >= Self.clarityGate else { return none(reading?.clarity ?? heard.clarity) }
        return reading
    }

    /// Whether a candidate an octave (or more) from the held note is a real
    /// leap: judged on the short window alone, by the odd harmonics of the
    /// lower of the two, which a real leap up leaves empty and a real leap
    /// down fills.
    private func leapt(from held: Double, to heard: Double, end: Int, frames: Int) -> Bool {
        let ratio = Self.octaveRatio(heard, held)
        guard ratio != 1 else { return false }
        let start = end - frames - bufferStart
        return buffer.withUnsafeBufferPointer { all in
            let window = UnsafeBufferPointer(rebasing: all[start..<(start + frames)])
            guard ratio > 1 else { return oddHarmonics(window, of: held * ratio).share > Self.oddShare.leave }
            let odd = oddHarmonics(window, of: held)
            return odd.share < Self.oddShare.stay && odd.captured < Self.oddCapture
        }
    }

    /// The fundamental near `near`, fitted over the note so far; nil while
    /// the note is too short to read. Its clarity is the share of the window
    /// the fitted harmonics explain.
    /// `close`: `near` is within a fraction of a cent (the last reading of the note).
    private func read(end: Int, near: Double, close: Bool, checkOctave: Bool, time: Double, level: Double) -> PitchReading? {
        let period = settings.sampleRate / near
        let longest = min(longestFitFrames, max(Int(Self.longestFit.shortest * settings.sampleRate), Int(Self.longestFit.periods * period)))
        let frames = min(end - anchor - Int(Self.settling * settings.sampleRate), longest)
        guard Double(frames) >= Self.fewestPeriods * period else { return nil }
        let start = end - frames - bufferStart
        let found = buffer.withUnsafeBufferPointer { all -> (frequency: Double, explained: Double)? in
            let window = UnsafeBufferPointer(rebasing: all[start..<(start + frames)])
            let fit = HarmonicFit.refine(window, sampleRate: settings.sampleRate, near: near, close: close)
            guard let octave = checkOctave ? octaveChecked(window, fit.frequency) : heldOctave(window, fit.frequency) else { return nil }
            return octave == fit.frequency ? fit : HarmonicFit.refine(window, sampleRate: settings.sampleRate, near: octave)
        }
        guard let fit = found, fit.frequency >= settings.lowest * 0.97, fit.frequency <= settings.highest * 1.03 else { return nil }
        (held, onsetSource, lastReadEnd) = (fit.frequency, .stale, end)
        return PitchReading(time: time, frequency: fit.frequency, clarity: fit.explained, level: level,
                            noteStart: Double(onset) / settings.sampleRate)
    }

    /// A new note's octave: `frequency`, or the octave below when that octave's
    /// odd harmonics sound and explain most of what `frequency`'s leave, or the
    /// octave above when `frequency`'s own odd harmonics hold next to nothing.
    /// Nil when that octave above is beyond the range: the note is, and a
    /// reading an octave low would be a wrong note said with confidence.
    private func octaveChecked(_ window: UnsafeBufferPointer<Float>, _ frequency: Double) -> Double? {
        let below = frequency / 2
        if below >= settings.lowest * 0.97 {
            let odd = oddHarmonics(window, of: below)
            if odd.share > Self.oddShare.absent, odd.captured > Self.oddCapture { return below }
        }
        // Up only when the odd harmonics are all but absent: MPM seldom picks a period too long,
        // and a reed's weak fundamental and third must not lift it.
        if 2 * frequency < 0.45 * settings.sampleRate, oddHarmonics(window, of: frequency).share < Self.oddShare.absent {
            return 2 * frequency <= settings.highest * 1.03 ? 2 * frequency : nil
        }
        return frequency
    }

    /// A held note's octave: `frequency`, or the octave below once it has
    /// passed a new note's test `lowerChecks.times` in a row.
    private func heldOctave(_ window: UnsafeBufferPointer<Float>, _ frequency: Double) -> Double {
        let below = frequency / 2
        heldSteps += 1
        guard heldSteps % Self.lowerChecks.every == 0, below >= settings.lowest * 0.97 else { return frequency }
        let odd = oddHarmonics(window, of: below)
        lowerEvidence = odd.share > Self.oddShare.absent && odd.captured > Self.oddCapture ? lowerEvidence + 1 : 0
        guard lowerEvidence >= Self.lowerChecks.times else { return frequency }
        lowerEvidence = 0
        return below
    }

    /// The odd harmonics of `fundamental`: their share of its harmonic sound,
    /// and the share they explain of what its even harmonics (the harmonics
    /// of the octave above) leave unexplained.
    private func oddHarmonics(_ window: UnsafeBufferPointer<Float>, of fundamental: Double) -> (share: Double, captured: Double) {
        let theta = 2 * Double.pi * fundamental / settings.sampleRate
        let all = max(2, min(2 * HarmonicFit.harmonics, Int(0.45 * settings.sampleRate / fundamental)))
        var scratch = HarmonicFit.Scratch(harmonics: all)
        let whole = HarmonicFit.explained(window, theta: theta, harmonics: all, scratch: &scratch)
        let even = HarmonicFit.explained(window, theta: 2 * theta, harmonics: all / 2, scratch: &scratch)
        var total = 0.0
        for sample in window { total += Double(sample) * Double(sample) }
        let odd = max(0, whole - even), left = total - even
        return (whole > 0 ? odd / whole : 0, left > 0 ? min(1, odd / left) : 0)
    }

    /// The NSDF candidate over the `frames` before `end`, as a frequency.
    private func candidate(end: Int, frames: Int) -> (frequency: Double, clarity: Double)? {
        guard frames > 0 else { return nil }
        let start = end - frames - bufferStart
        let shortest = max(2, Int(settings.sampleRate / settings.highest))
        let longest = Int((settings.sampleRate / settings.lowest).rounded(.up)) + 1
        let found = buffer.withUnsafeBufferPointer {
            autocorrelation.candidate(UnsafeBufferPointer(rebasing: $0[start..<(start + frames)]), shortest: shortest, longest: longest)
        }
        return found.map { (settings.sampleRate / $0.period, $0.clarity) }
    }

    /// RMS of the last two steps in dBFS (a full-scale square is 0 dB).
    private func level(end: Int) -> Double {
        let frames = min(2 * settings.hopFrames, end - bufferStart)
        var sum = 0.0
        for index in (end - frames - bufferStart)..<(end - bufferStart) { sum += Double(buffer[index]) * Double(buffer[index]) }
        return 10 * log10(max(sum / Double(max(frames, 1)), 1e-20))
    }

    static func cents(_ from: Double, _ to: Double) -> Double { 1200 * log2(to / from) }

    /// Cents from `reference` to `frequency` with whole octaves taken out (−600...600).
    static func foldedCents(_ frequency: Double, _ reference: Double) -> Double {
        let cents = cents(reference, frequency)
        return cents - 1200 * (cents / 1200).rounded()
    }

    /// The power of two that brings `reference` nearest to `frequency`.
    static func octaveRatio(_ frequency: Double, _ reference: Double) -> Double {
        pow(2, (cents(reference, frequency) / 1200).rounded())
    }
}
