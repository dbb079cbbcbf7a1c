import PeachAudio
import PeachHost

/// Makes source instances for timbres and puts them in play: the sources
/// found at start, the options to set on each (saved ones, and `--option`
/// for the source chosen on the command line), and the cycle the timbre key
/// walks through. [main-thread]
final class TimbreSwitch {
    typealias OptionsForSource = (_ sourceID: String) -> [(key: String, value: String)]

    private let catalog: SourceCatalog
    private let options: OptionsForSource
    private var cycle: TimbreCycle
    /// Timbres found unable to keep a pair's interval: the timbre key steps over them.
    private var notOffered: [Timbre] = []

    init(catalog: SourceCatalog, start: SourceInstance, options: @escaping OptionsForSource) {
        self.catalog = catalog
        self.options = options
        let timbreOption = start.options.first(where: \.timbre)
        let choice = timbreOption.flatMap { option -> (String, String, String)? in
            guard let value = try? start.value(of: option.key) else { return nil }
            return (option.key, value, option.choices.first { $0.value == value }?.label ?? value)
        }
        cycle = TimbreCycle(catalog: catalog, current: Timbre(sourceID: start.descriptor.id, sourceName: start.descriptor.name, choice: choice))
    }

    var current: Timbre { cycle.current }

    /// Every timbre on offer, in catalog order.
    var timbres: [Timbre] { cycle.timbres }

    /// The timbres not yet found unable to keep a pair's interval: what the list to choose from offers.
    var offered: [Timbre] { cycle.timbres.filter { !notOffered.contains($0) } }

    /// The timbre `step` places from `timbre`, past those not offered for training.
    func neighbour(of timbre: Timbre, step: Int) -> Timbre {
        var walker = cycle
        walker.select(timbre)
        for distance in 1...max(1, cycle.timbres.count) {
            let next = walker.neighbour(step * distance)
            if !notOffered.contains(next) { return next }
        }
        return timbre
    }

    /// A new, inactive instance that plays `timbre`.
    func makeInstance(_ timbre: Timbre) throws -> SourceInstance {
        let instance = try catalog.makeInstance(of: timbre.sourceID)
        for option in options(timbre.sourceID) where option.key != timbre.choice?.key { try instance.set(option.key, to: option.value) }
        if let choice = timbre.choice { try instance.set(choice.key, to: choice.value) }
        return instance
    }

    /// The timbre a source plays with these options: its timbre option's choice if they set it, else its first.
    func timbre(ofSource sourceID: String, options: [(key: String, value: String)]) -> Timbre? {
        let matching = cycle.timbres.filter { $0.sourceID == sourceID }
        return matching.first { timbre in options.contains { $0.key == timbre.choice?.key && $0.value == timbre.choice?.value } } ?? matching.first
    }

    /// Plays the next pairs with `timbre`: by setting the option live when the
    /// source allows it, else with a new instance swapped in. On failure the
    /// current timbre stays; a timbre that cannot keep a pair's interval
    /// (`checkPairInterval`) is one, so it is never put in play.
    func switchTo(_ timbre: Timbre, audio: TrainingAudio) throws {
        let candidate = try makeInstance(timbre)
        do {
            try candidate.checkPairInterval()
        } catch {
            if !notOffered.contains(timbre) { notOffered.append(timbre) }
            throw error
        }
        let playing = audio.source
        if let choice = timbre.choice, playing.descriptor.id == timbre.sourceID, (try? playing.option(choice.key))?.live == true {
            try playing.set(choice.key, to: choice.value)
        } else {
            try audio.swap(to: candidate)
        }
        cycle.select(timbre)
    }
}
