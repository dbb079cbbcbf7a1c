import PeachAudio
import PeachHost
import PeachText

extension SourceCatalog {
    /// The source with id `typed`, else the one its name, its id's last word
    /// (`fluid-drums`) or a beginning only it has names (`sine`, `fluidsynth`), in any case, as `settings set
    /// source` takes one. Nothing near by name either: the ids there are.
    func entry(named typed: String) throws -> Entry {
        let found = Result { () throws(SourceLookupError) in try entry(for: typed) }
        guard case .failure(.unknown) = found else { return try found.get() }
        let named = Result { () throws(NameLookupError) in
            try NameLookup.find(typed, what: localized(.nameWhatSource), among: sources.map { source in
                // The id's last word too (`fluid-drums`), as the id is written in examples.
                (source.descriptor.id, [source.descriptor.name, String(source.descriptor.id.split(separator: ".").last ?? "")], [source.descriptor.id])
            })
        }
        if case .failure(.unknown(_, _, let close)) = named, close.isEmpty { return try found.get() }
        return sources[try named.get()]
    }
}
