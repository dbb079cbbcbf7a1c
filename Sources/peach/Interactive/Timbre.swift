import PeachAudio
import PeachHost
import PeachText

/// One sound the training screen can switch to: a source, or one choice of a
/// source's timbre option (a SoundFont instrument, say).
struct Timbre: Equatable {
    var sourceID: String
    var sourceName: String
    /// The timbre option's key and the chosen value; nil for a source without one.
    var choice: (key: String, value: String, label: String)?

    var name: String { choice.map { "\(sourceName): \($0.label)" } ?? sourceName }
    /// The name without its source: the instrument's ("Flute"), or the source's if it has none.
    var ownName: String { choice?.label ?? sourceName }

    static func == (a: Timbre, b: Timbre) -> Bool {
        a.sourceID == b.sourceID && a.choice?.key == b.choice?.key && a.choice?.value == b.choice?.value
    }

    /// Every timbre the catalog offers, in its order: each source, or each
    /// choice of its timbre option (`PEACH_OPTION_FLAG_TIMBRE`).
    static func all(in catalog: SourceCatalog) -> [Timbre] {
        catalog.sources.flatMap { entry -> [Timbre] in
            let source = entry.descriptor
            guard let option = entry.options.first(where: \.timbre), !option.choices.isEmpty else {
                return [Timbre(sourceID: source.id, sourceName: source.name)]
            }
            return option.choices.map { Timbre(sourceID: source.id, sourceName: source.name, choice: (option.key, $0.value, $0.label)) }
        }
    }

    /// The timbre a person names: the instrument's label ("Flute"), the
    /// source's name or id, or both ("FluidSynth: Flute"); exact, else a
    /// unique beginning, case-insensitive (`NameLookup`).
    static func named(_ text: String, among timbres: [Timbre]) throws(NameLookupError) -> Timbre {
        let index = try NameLookup.find(text, what: localized(.nameWhatSound), among: timbres.map { timbre in
            (shown: timbre.name, short: [timbre.ownName], long: [timbre.name, timbre.sourceID])
        })
        return timbres[index]
    }
}

/// Every timbre on offer, in catalog order, and which one is current: what
/// the timbre key cycles through.
struct TimbreCycle {
    private(set) var timbres: [Timbre]
    private(set) var index: Int

    /// Starts at `current`: the source in use, with its timbre option's value if it has one.
    init(catalog: SourceCatalog, current: Timbre) {
        timbres = Timbre.all(in: catalog)
        if let found = timbres.firstIndex(of: current) {
            index = found
        } else {
            timbres.insert(current, at: 0)
            index = 0
        }
    }

    var current: Timbre { timbres[index] }

    /// The timbre `step` places on (negative: back), wrapping around.
    func neighbour(_ step: Int) -> Timbre {
        timbres.element(step, from: index)
    }

    mutating func select(_ timbre: Timbre) {
        if let found = timbres.firstIndex(of: timbre) { index = found }
    }
}
