import PeachHost

/// Makes source instances for timbres and puts them in play: the sources
/// found at start, the user's `--option` settings for the source they chose,
/// and the cycle the timbre key walks through. [main-thread]
final class TimbreSwitch {
    private let catalog: SourceCatalog
    private let startSourceID: String
    private let startOptions: [(key: String, value: String)]
    private var cycle: TimbreCycle

    init(catalog: SourceCatalog, start: SourceInstance, options: [(key: String, value: String)]) {
        self.catalog = catalog
        startSourceID = start.descriptor.id
        startOptions = options
        let timbreOption = start.options.first(where: \.timbre)
        let choice = timbreOption.flatMap { option -> (String, String, String)? in
            guard let value = try? start.value(of: option.key) else { return nil }
            return (option.key, value, option.choices.first { $0.value == value }?.label ?? value)
        }
        cycle = TimbreCycle(catalog: catalog, current: Timbre(sourceID: start.descriptor.id, sourceName: start.descriptor.name, choice: choice))
    }

    var current: Timbre { cycle.current }

    func neighbour(of timbre: Timbre, step: Int) -> Timbre {
        var walker = cycle
        walker.select(timbre)
        return walker.neighbour(step)
    }

    /// A new, inactive instance that plays `timbre`.
    func makeInstance(_ timbre: Timbre) throws -> SourceInstance {
        let instance = try catalog.makeInstance(of: timbre.sourceID)
        if timbre.sourceID == startSourceID {
            for option in startOptions where option.key != timbre.choice?.key { try instance.set(option.key, to: option.value) }
        }
        if let choice = timbre.choice { try instance.set(choice.key, to: choice.value) }
        return instance
    }

    /// Plays the next pairs with `timbre`: by setting the option live when the
    /// source allows it, else with a new instance swapped in. On failure the
    /// current timbre stays.
    func switchTo(_ timbre: Timbre, audio: TrainingAudio) throws {
        let playing = audio.source
        if let choice = timbre.choice, playing.descriptor.id == timbre.sourceID, (try? playing.option(choice.key))?.live == true {
            try playing.set(choice.key, to: choice.value)
        } else {
            try audio.swap(to: try makeInstance(timbre))
        }
        cycle.select(timbre)
    }
}
