import Glibc

/// The chunk structure of a SoundFont (RIFF `sfbk`) file, read with pread:
/// what FluidSynth's reader needs before it reads any sample.
struct RiffChunks {
    let descriptor: Int32

    /// The nine preset-data chunks, each a whole number of records of this size.
    private static let presetChunks: [(id: String, recordSize: Int)] = [
        ("phdr", 38), ("pbag", 4), ("pmod", 10), ("pgen", 4), ("inst", 22), ("ibag", 4), ("imod", 10), ("igen", 4), ("shdr", 46),
    ]

    /// Why the file (whose RIFF chunk ends at `length`) cannot be a whole SoundFont, or nil.
    func damage(inFontOfLength length: Int) -> String? {
        guard let bodies = lists(inFontOfLength: length) else { return "a LIST chunk runs past the end of the file" }
        for (list, meaning) in [("INFO", "information"), ("sdta", "sample data"), ("pdta", "preset data")] where bodies[list] == nil {
            return "it has no \(list) (\(meaning)) list"
        }
        let presetData = chunks(from: bodies["pdta"]!.start, to: bodies["pdta"]!.end)
        for (id, recordSize) in Self.presetChunks {
            guard let chunk = presetData.first(where: { $0.id == id }) else { return "its preset data has no \(id) chunk" }
            let size = chunk.end - chunk.start
            guard chunk.end <= bodies["pdta"]!.end, size > 0, size % recordSize == 0 else {
                return "its \(id) chunk is \(size) bytes, not a whole number of \(recordSize)-byte records"
            }
        }
        return nil
    }

    /// The presets of a font that `damage` found whole: bank, program and
    /// name of each preset header (phdr), the terminal one left out.
    func presetHeaders(inFontOfLength length: Int) -> [(bank: Int, program: Int, name: String)] {
        guard let presetData = lists(inFontOfLength: length)?["pdta"],
              let headers = chunks(from: presetData.start, to: presetData.end).first(where: { $0.id == "phdr" }),
              let bytes = bytes(headers.end - headers.start, at: headers.start) else { return [] }
        let recordSize = 38
        return (0..<max(0, bytes.count / recordSize - 1)).map { index in
            let record = bytes[(index * recordSize)..<((index + 1) * recordSize)]
            let name = String(decoding: record.prefix(20).prefix { $0 != 0 }, as: UTF8.self)
            let program = Int(record[record.startIndex + 20]) | Int(record[record.startIndex + 21]) << 8
            let bank = Int(record[record.startIndex + 22]) | Int(record[record.startIndex + 23]) << 8
            return (bank, program, name)
        }
    }

    /// The bodies of the LIST chunks by type (INFO, sdta, pdta), or nil if one runs past `length`.
    private func lists(inFontOfLength length: Int) -> [String: (start: Int, end: Int)]? {
        var bodies: [String: (start: Int, end: Int)] = [:]
        for chunk in chunks(from: 12, to: length) where chunk.id == "LIST" {
            guard chunk.end <= length, let type = fourCC(at: chunk.start) else { return nil }
            bodies[type] = (chunk.start + 4, chunk.end)
        }
        return bodies
    }

    /// The chunks (id, body start, body end) laid one after another from `start` up to `end`.
    /// RIFF pads a chunk of odd size to an even one, but some SoundFont writers
    /// (MuseScore's SF3) do not, and FluidSynth reads on without padding: so
    /// the next chunk is wherever a plausible id stands.
    private func chunks(from start: Int, to end: Int) -> [(id: String, start: Int, end: Int)] {
        var found: [(id: String, start: Int, end: Int)] = []
        var offset = start
        while offset + 8 <= end, let id = fourCC(at: offset), let size = uint32(at: offset + 4) {
            found.append((id, offset + 8, offset + 8 + size))
            offset += 8 + size
            if size & 1 == 1, !(fourCC(at: offset).map(Self.isChunkID) ?? false) { offset += 1 }
        }
        return found
    }

    /// Four printable ASCII characters, as every chunk id is.
    private static func isChunkID(_ text: String) -> Bool {
        text.utf8.count == 4 && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    func fourCC(at offset: Int) -> String? {
        bytes(4, at: offset).map { String(decoding: $0, as: UTF8.self) }
    }

    func uint32(at offset: Int) -> Int? {
        bytes(4, at: offset).map { Int($0[0]) | Int($0[1]) << 8 | Int($0[2]) << 16 | Int($0[3]) << 24 }
    }

    private func bytes(_ count: Int, at offset: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return read == count ? buffer : nil
    }
}
